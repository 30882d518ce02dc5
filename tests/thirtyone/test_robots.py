"""Search engines kept off the pages about people (thirtyone.robots,
docs/privacy.md#search-engines): robots.txt disallows their paths, and a profile, a
table, a game's page, its replay and transcript answer with `X-Robots-Tag: noindex` and
a `<meta name="robots" content="noindex">`; the home page, an event's page and the rules
do not."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.models import Game, Table
from tests.games.playing import play_out
from tests.tournaments.conftest import (  # noqa: F401  (shared fixtures)
    ann,
    bob,
    club,
    make_event,
    presets,
    scat,
)
from thirtyone import robots

pytestmark = pytest.mark.django_db

META = b'<meta name="robots" content="noindex">'


def test_robots_txt_disallows_the_pages_about_people() -> None:
    response = Client().get("/robots.txt")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode().splitlines() == [
        "User-agent: *",
        "Disallow: /accounts/profile/",
        "Disallow: /tables/",
        "Disallow: /games/",
        "Disallow: /replays/",
        "Disallow: /join/",
        "Disallow: /turns/",
        "Disallow: /?",
    ]


# One address of each URL name marked noindex, as its URL conf makes it.
EXAMPLES = {
    "profile": ["ann"],
    "my_profile": [],
    "table": [1],
    "game_page": [1],
    "replay": [1],
    "transcript": [1],
    "shuffles": [1],
    "imported_replay": ["abc"],
    "join_by_link": ["secret"],
    "turn_games": [],
}


def test_every_page_marked_noindex_is_also_disallowed() -> None:
    assert set(EXAMPLES) == robots.NOINDEX
    paths = {name: reverse(name, args=args) for name, args in EXAMPLES.items()}

    not_covered = {
        name: path
        for name, path in paths.items()
        if not any(path.startswith(prefix) for prefix in robots.DISALLOWED)
    }
    assert not_covered == {}


def test_nothing_public_is_disallowed() -> None:
    public = ["/", "/privacy/", "/rules/", "/tournaments/", "/clubs/", "/ratings/"]

    assert [p for p in public if any(p.startswith(d) for d in robots.DISALLOWED)] == []


@pytest.fixture
def table(ann: Any, bob: Any, scat: Any) -> Table:  # noqa: F811
    table = services.create_table(owner=ann, name="Kitchen", rule_set=scat, seat_count=2)
    services.join_table(table=table, user=bob)
    return table


@pytest.fixture
def finished(table: Table) -> Game:
    return play_out(services.start_game(table=table, by=table.owner))


def _marked(response: Any) -> tuple[str | None, bool]:
    """The response's X-Robots-Tag, and whether its page says noindex in its head."""
    assert response.status_code == 200, response.status_code
    head = response.content.split(b"</head>", 1)[0]
    return response.get("X-Robots-Tag"), META in head


def test_a_profile_is_marked_noindex(ann: Any) -> None:  # noqa: F811
    anonymous = Client().get(reverse("profile", args=[ann.username]))
    own = Client()
    own.force_login(ann)

    assert _marked(anonymous) == ("noindex", True)
    assert _marked(own.get(reverse("my_profile"))) == ("noindex", True)


def test_a_table_page_is_marked_noindex(table: Table) -> None:
    assert _marked(Client().get(reverse("table", args=[table.pk]))) == ("noindex", True)


def test_a_games_page_and_its_replay_are_marked_noindex(finished: Game) -> None:
    client = Client()

    assert _marked(client.get(reverse("game_page", args=[finished.pk]))) == ("noindex", True)
    assert _marked(client.get(reverse("replay", args=[finished.pk]))) == ("noindex", True)


def test_a_transcript_carries_the_header_as_it_has_no_head(finished: Game) -> None:
    response = Client().get(reverse("transcript", args=[finished.pk]))

    assert response.status_code == 200
    assert response["X-Robots-Tag"] == "noindex"


def test_the_home_page_is_not_marked_but_the_lobbys_other_pages_are(table: Table) -> None:
    client = Client()

    assert _marked(client.get("/")) == (None, False)
    assert _marked(client.get("/?page=2")) == ("noindex", True)


def test_an_event_page_and_the_rules_are_not_marked(make_event: Any) -> None:  # noqa: F811
    event = make_event()
    client = Client()

    assert _marked(client.get(reverse("tournaments:detail", args=[event.pk]))) == (None, False)
    assert _marked(client.get(reverse("rules_index"))) == (None, False)
    assert _marked(client.get(reverse("tournaments:list"))) == (None, False)
