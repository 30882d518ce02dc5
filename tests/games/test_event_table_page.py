"""A table the system starts (an event's: no host, `games.access.seats_itself` false)
after its game, a game of a fixed number of deals told seat by seat, and the lines
other apps add (games.notes) for the person looking."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games import engine, notes, services
from games.engine import SeededDeckSource
from games.models import Game, Home, RuleSet, Table
from games.services import SeatSpec, sources
from tests.games.playing import play_out

pytestmark = pytest.mark.django_db

HOME = Home("/events/7/", "Friday knockout")
LIVES = [3, 2, 0]  # carried from earlier deals; 0: on the county


def _page(table: Table, user: Any = None) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get(table.get_absolute_url()).content.decode()


@pytest.fixture
def cy(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("cy", password="cards-on-the-table")


@pytest.fixture
def event_table(scat: RuleSet, ann: Any, bob: Any, cy: Any) -> Table:
    return services.open_table(
        name="Friday knockout · table 1",
        rule_set=scat,
        seats=[SeatSpec(0, user=ann), SeatSpec(1, user=bob), SeatSpec(2, user=cy)],
        starters=Table.STARTED_BY_SYSTEM,
        seat_count=4,
        home=HOME,
    )


def _deal(table: Table, monkeypatch: pytest.MonkeyPatch, seed: int) -> Game:
    """One deal with the lives carried, played to its end."""
    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(seed))
    game = services.start_game(table=table, by=None, lives=LIVES, deals=1)
    return play_out(game)


def test_after_its_game_an_event_table_says_what_comes_next_not_waiting_for_a_host(
    event_table: Table, ann: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = _page(event_table, ann)
    assert "Waiting for the game to be started for this table…" in before
    _deal(event_table, monkeypatch, seed=3)
    for viewer in (ann, None):
        page = _page(event_table, viewer)
        assert "Waiting for the host" not in page
        assert "Waiting for the game to be started" not in page
        assert "What comes next is on the event's page." in page
        assert f'href="{HOME.url}">Back to {HOME.label}</a>' in page
    mine = _page(event_table, ann)
    assert (
        f'The event starts the games at this table: what comes next is on <a href="{HOME.url}">'
        in mine
    )
    assert "Invite friends" not in mine, "nobody joins a table the system seats"


def _expected(start: int, lives: int, out: bool, on_county: bool) -> str:
    if out:
        return "You are out of the event"
    left = "you are on the county" if on_county else f"{lives} left"
    lost = start - lives
    if lost:
        return f"You lost {'a life' if lost == 1 else f'{lost} lives'}: {left}"
    if on_county:
        return "You stay on the county"
    return f"You kept your {'life' if lives == 1 else 'lives'}: {left}"


@pytest.mark.parametrize("seed", [3, 11])
def test_a_deal_tells_each_player_what_it_did_to_their_lives_and_crowns_no_one(
    event_table: Table,
    ann: Any,
    bob: Any,
    cy: Any,
    monkeypatch: pytest.MonkeyPatch,
    seed: int,
) -> None:
    game = _deal(event_table, monkeypatch, seed)
    players = engine.observation(game.engine_state(), None).seats
    headings = []
    for seat, user in enumerate((ann, bob, cy)):
        page = _page(event_table, user)
        p = players[seat]
        heading = _expected(LIVES[seat], p.lives, p.out, p.on_county)
        assert f'<h2 id="game-over-heading">{heading}</h2>' in page, (seat, heading)
        headings.append(heading)
        assert "You win!" not in page and "tag--won" not in page
    assert any(h.startswith("You kept") or h.startswith("You stay") for h in headings)
    assert any(h.startswith("You lost") or h.startswith("You are out") for h in headings)
    watching = _page(event_table)
    assert '<h2 id="game-over-heading">The deal is over</h2>' in watching
    assert 'aria-label="Lives after the deal"' in watching


def test_a_hosted_game_played_to_its_end_still_has_a_winner(
    table: Table, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(3))
    services.join_table(table=table, user=bob)
    game = play_out(services.start_game(table=table, by=table.owner))
    winner = game.players.get(won=True).user
    assert '<h2 id="game-over-heading">You win!</h2>' in _page(table, winner)
    assert "Waiting for the host to deal a new game…" in _page(table, bob), "a hosted table"


def test_note_lines_are_worded_for_the_viewer_escaped_and_link_only_within_the_site(
    event_table: Table, ann: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(notes, "_providers", [])
    asked: list[Any] = []

    def provider(table: Table, viewer: Any) -> list[str | notes.Line]:
        asked.append(viewer)
        who = "You" if getattr(viewer, "pk", None) == ann.pk else "ann"
        return [
            notes.Line(f"{who} moved to <table 2>", "/tables/99/"),
            notes.Line("Elsewhere", "https://example.com/"),
            notes.Line("Elsewhere too", "//example.com/"),
            notes.Line("And there", "/\\example.com/"),
            "A plain line.",
        ]

    notes.register(provider)
    mine = _page(event_table, ann)
    assert '<a href="/tables/99/">You moved to &lt;table 2&gt;</a>' in mine
    theirs = _page(event_table)
    assert '<a href="/tables/99/">ann moved to &lt;table 2&gt;</a>' in theirs
    for page in (mine, theirs):
        assert "example.com" not in page, "a link never leaves the site"
        assert "<p>Elsewhere</p>" in page and "<p>A plain line.</p>" in page
    assert asked[0] == ann and not asked[-1].is_authenticated


@pytest.mark.parametrize("carried", [True, False], ids=["lives carried", "full lives"])
def test_out_of_the_event_only_when_the_deal_played_with_lives_carried_in(
    scat: RuleSet, ann: Any, bob: Any, monkeypatch: pytest.MonkeyPatch, carried: bool
) -> None:
    """A knockout's deal plays with the lives each seat carries: out of it is out of
    the event. A duplicate board deals from full lives every time: out of it is out of
    that deal only."""
    table = services.open_table(
        name="Board table",
        rule_set=scat,
        changes={"lives": 1, "county": False},  # a life lost is out
        seats=[SeatSpec(0, user=ann), SeatSpec(1, user=bob)],
        starters=Table.STARTED_BY_SYSTEM,
        home=HOME,
    )
    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(5))
    game = services.start_game(table=table, by=None, lives=[1, 1] if carried else None, deals=1)
    seats = engine.observation(play_out(game).engine_state(), None).seats
    (out,) = [user for user, s in zip((ann, bob), seats, strict=True) if s.out]
    words = "You are out of the event" if carried else "You are out of this deal"
    assert f'<h2 id="game-over-heading">{words}</h2>' in _page(table, out)
