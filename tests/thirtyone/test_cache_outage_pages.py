"""The pages that answered 500 while Redis was down (docs/profiles.md#when-redis-goes-away):
the event page, its printed standings, the verify page and the log-in POST. With the
cache at a port nothing listens on they render uncached, and a log-in goes through,
not throttled."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from games import services as games
from tests.games.conftest import ann, bob, presets, scat, table  # noqa: F401  (shared fixtures)
from tests.games.test_cache_outage import redis_down  # noqa: F401  (the fixture)
from tests.tournaments.conftest import club, make_event, members  # noqa: F401
from tests.tournaments.test_event_page_cache import running
from tournaments.models import Event

pytestmark = pytest.mark.django_db

PASSWORD = "felt-table-31-blitz"


def _get(client: Client, url: str) -> Any:
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response


@pytest.mark.usefixtures("redis_down")
def test_an_event_its_standings_and_its_verify_page_render_uncached(
    make_event: Any,  # noqa: F811
    ann: Any,  # noqa: F811
    members: list[Any],  # noqa: F811
) -> None:
    event = running(make_event, ann, members[:6], advance=Event.AUTO)
    player = Client()
    player.force_login(members[0])
    for client in (Client(), player):
        page = _get(client, event.get_absolute_url()).content.decode()
        assert "Round 1 of 3 is being played." in page
        _get(client, reverse("tournaments:print_standings", args=[event.pk]))
        _get(client, reverse("tournaments:verify", args=[event.pk]))


@pytest.mark.usefixtures("redis_down")
def test_a_table_page_renders_without_presence(
    table: Any,  # noqa: F811
    bob: Any,  # noqa: F811
) -> None:
    games.join_table(table=table, user=bob)
    game = games.start_game(table=table, by=table.owner)
    client = Client()
    client.force_login(bob)
    _get(client, reverse("table", args=[table.pk]))
    _get(client, reverse("game_view", args=[game.pk]))


@pytest.mark.usefixtures("redis_down")
def test_a_log_in_goes_through_and_is_not_throttled() -> None:
    alice = User.objects.create_user("alice", password=PASSWORD)
    guesser = Client()
    for _ in range(8):  # past the 5 wrong passwords that lock an address out
        refused = guesser.post(reverse("account_login"), {"login": "alice", "password": "no"})
        assert refused.status_code == 200
        assert "Too many failed log-in attempts" not in refused.content.decode()
    member = Client()
    response = member.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert member.session.get("_auth_user_id") == str(alice.pk)
