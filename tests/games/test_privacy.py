"""No response shows a card to someone not entitled to it (docs/rules.md §10,
docs/security.md#who-sees-what).

Two people play a whole round through the views, each with their own browser (a
Client), by plain posts and by htmx, and look at the table and poll it as a browser
would. Everything each of them receives is searched for the cards they may not know:
the other hand and the stock, less what they legitimately saw -- their own hand, the
discards shown, the hands shown after a round, and every card the log told them of.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games import engine, ratelimit, services
from games.engine.actions import Discard, Draw, Knock
from games.engine.bots import BaselineBot
from games.engine.events import CARD_KEYS
from games.models import Deal, Game, GameEvent, Table
from games.services import sources
from games.shuffles import in_order_of

MAX_MOVES = 400


def _patterns(card: engine.Card) -> list[re.Pattern[str]]:
    """Every way a page could name `card`: "ace of spades", "AS", "A♠"."""
    edge = r"(?<![A-Za-z0-9_-])"
    return [
        re.compile(rf"(?<![0-9]){re.escape(card.name)}"),
        re.compile(rf"{edge}{re.escape(card.code)}(?![A-Za-z0-9_-])"),
        re.compile(rf"{edge}{re.escape(str(card))}"),
    ]


def _cards_in(value: Any) -> Iterable[engine.Card]:
    if isinstance(value, engine.Card):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _cards_in(item)


def _told(game: Game, viewer: int | None) -> set[engine.Card]:
    """Every card the log has shown `viewer` so far, in data or in their own secrets."""
    known: set[engine.Card] = set()
    for row in GameEvent.objects.filter(game=game):
        event = engine.event_view(row.to_engine(), viewer)
        for part in (event.data, event.secret):
            for key, value in part.items():
                if key in CARD_KEYS:
                    known.update(_cards_in(value))
    return known


def _hidden(game: Game, viewer: int | None) -> set[engine.Card]:
    """The cards `viewer` may not know now: other hands and the stock, less what they saw."""
    state = game.engine_state()
    hidden = set(state.stock)
    for seat, hand in enumerate(state.hands):
        if seat != viewer:
            hidden.update(hand)
    if viewer is not None:
        hidden -= set(state.hands[viewer])
    hidden -= set(state.discard if state.rules.hidden_discards else state.discard[-1:])
    if state.widow_open:
        hidden -= set(state.widow)
    if state.last_round is not None:
        hidden -= {c for hand in state.last_round.hands if hand for c in hand}
    return hidden - _told(game, viewer)


def _leaks(received: str, game: Game, viewer: int | None) -> list[str]:
    # A finished round's decks (and the stocks reshuffled in their order) are shown so
    # the shuffles can be checked: take out exactly those, and search the rest.
    for deal in Deal.objects.filter(game=game, revealed_seq__isnull=False):
        received = received.replace(deal.deck, "")
        if deal.purpose == Deal.RESHUFFLE and deal.used_seq is not None:
            stock = in_order_of(engine.parse_cards(deal.deck), _reshuffled(game, deal.used_seq))
            received = received.replace(engine.format_cards(stock), "")
    return [
        pattern.pattern
        for card in _hidden(game, viewer)
        for pattern in _patterns(card)
        if pattern.search(received)
    ]


def _reshuffled(game: Game, seq: int) -> tuple[engine.Card, ...]:
    return GameEvent.objects.get(game=game, seq=seq).to_engine().secret["stock"]


class Viewer:
    """One browser: its client, its seat, and everything it received."""

    def __init__(self, client: Client, seat: int | None) -> None:
        self.client = client
        self.seat = seat
        self.received: list[str] = []

    def get(self, url: str, **kwargs: Any) -> str:
        response = self.client.get(url, **kwargs)
        self.received.append(response.content.decode())
        return self.received[-1]

    def post(self, url: str, data: dict, **kwargs: Any) -> str:
        response = self.client.post(url, data, **kwargs)
        self.received.append(response.content.decode())
        return self.received[-1]

    def look(self, table: Table, game: Game) -> None:
        """What a browser fetches while it waits: the page, its fragment, a poll, and
        the shuffle proofs."""
        self.get(table.get_absolute_url())
        self.get(
            reverse("game_view", args=[game.pk]), data={"seq": 0}, headers={"HX-Request": "true"}
        )
        self.get(table.get_absolute_url(), headers={"HX-Request": "true"})
        self.get(reverse("shuffles", args=[game.pk]))

    def check(self, game: Game) -> None:
        game.refresh_from_db()
        leaked = _leaks("\n".join(self.received), game, self.seat)
        assert not leaked, f"viewer {self.seat} was shown hidden cards: {leaked}"
        self.received.clear()


@pytest.fixture(autouse=True)
def _moves_faster_than_people(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests post a whole round's moves in a second or two: far past the per-user
    limit on actions, which tests/games/test_ratelimit.py checks."""
    monkeypatch.setattr(ratelimit, "ACTIONS", ratelimit.Limit("actions", 10_000, 10))


@pytest.fixture
def players(table: Table, ann: Any, bob: Any) -> list[Viewer]:
    Table.objects.filter(pk=table.pk).update(seat_count=2)
    services.join_table(table=table, user=bob)
    viewers = []
    for seat, user in enumerate((ann, bob)):
        client = Client()
        client.force_login(user)
        viewers.append(Viewer(client, seat))
    return viewers


def test_two_players_and_a_spectator_see_no_card_they_may_not_know_in_a_whole_round(
    table: Table, players: list[Viewer]
) -> None:
    watcher = Viewer(Client(), None)
    viewers = [*players, watcher]
    for viewer in viewers:
        viewer.get(table.get_absolute_url())
    players[0].post(reverse("table_start", args=[table.pk]), {}, follow=True)
    game = Game.objects.get(table=table)
    bot = BaselineBot()
    for move in range(MAX_MOVES):
        game.refresh_from_db()
        state = game.engine_state()
        if state.round_no > 1 or state.outcome is not None:
            break
        for viewer in viewers:
            viewer.look(table, game)
            viewer.check(game)
        mover = players[state.turn]
        action = bot.choose(engine.observation(state, state.turn)).code
        data = {"action": action, "seq": game.seq}
        if move % 2:  # half the moves by htmx, half as plain forms
            mover.post(reverse("play", args=[game.pk]), data, headers={"HX-Request": "true"})
        else:
            mover.post(reverse("play", args=[game.pk]), data, follow=True)
        mover.check(game)
    else:
        raise AssertionError("the round never ended")
    last = game.engine_state().last_round
    for viewer in viewers:
        page = viewer.get(table.get_absolute_url())
        viewer.check(game)
        for hand in last.hands:
            assert all(card.name in page for card in hand), "after a round every hand is shown"


def test_each_player_sees_their_own_hand_and_the_spectator_none(
    table: Table, players: list[Viewer]
) -> None:
    game = services.start_game(table=table, by=table.owner)
    state = game.engine_state()
    # Public already: the up-card, and the hands of a round that ended on the deal (a
    # blitz is shown at once, and the next round is dealt).
    shown = {state.discard[-1]}
    if state.last_round is not None:
        shown.update(card for hand in state.last_round.hands if hand for card in hand)
    for viewer in players:
        page = viewer.get(table.get_absolute_url())
        assert all(f'aria-label="{card.name}"' in page for card in state.hands[viewer.seat])
        other = state.hands[1 - viewer.seat]
        assert not [card for card in other if card.name in page and card not in shown]
    page = Viewer(Client(), None).get(table.get_absolute_url())
    assert 'class="hand"' not in page
    hidden = [card for hand in state.hands for card in hand if card not in shown]
    assert not [card for card in hidden if card.name in page]


def test_a_card_drawn_from_the_stock_is_shown_only_to_its_drawer(
    table: Table, players: list[Viewer], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A known deal: with a random one, a round that ended on the deal (a 31 dealt, its
    # hands shown at once) could show the very card the next round's stock gives.
    monkeypatch.setattr(sources, "new_deck_source", lambda: engine.SeededDeckSource(7))
    game = services.start_game(table=table, by=table.owner)
    assert game.engine_state().last_round is None
    seat = game.engine_state().turn
    players[seat].post(
        reverse("play", args=[game.pk]), {"action": "draw:stock", "seq": game.seq}, follow=True
    )
    game.refresh_from_db()
    drawn = game.engine_state().drawn
    mine = players[seat].get(table.get_absolute_url())
    assert f"You draw {drawn} from the stock" in mine.replace("&#x27;", "'")
    theirs = players[1 - seat].get(table.get_absolute_url())
    assert "draws from the stock" in theirs
    assert not [p for p in _patterns(drawn) if p.search(theirs)]


def test_no_one_sees_a_reshuffled_stocks_order_before_the_round_is_over(
    table: Table, players: list[Viewer], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both players draw from the stock and throw that card away until the stock is
    reshuffled, then one knocks. Everyone looks before, around and after the reshuffle
    (its committed deck in the tables all along) and after the round."""
    source = engine.SeededDeckSource(1)  # one stream; no round ends on its deal
    monkeypatch.setattr(sources, "new_deck_source", lambda: source)
    game = services.start_game(table=table, by=table.owner)
    viewers = [*players, Viewer(Client(), None)]

    def move(kind: type) -> None:
        game.refresh_from_db()
        state = game.engine_state()
        action = next(
            a
            for a in engine.legal_actions(state, state.turn)
            if isinstance(a, kind) and (kind is not Discard or a.cards == (state.drawn,))
        )
        mover = players[state.turn]
        data = {"action": action.code, "seq": game.seq}
        mover.post(reverse("play", args=[game.pk]), data, follow=True)
        mover.check(game)

    def everyone_looks() -> None:
        for viewer in viewers:
            viewer.look(table, game)
            viewer.check(game)

    for turn in range(60):
        game.refresh_from_db()
        if not game.engine_state().stock:
            break
        if turn % 8 == 0:
            everyone_looks()
        move(Draw)
        move(Discard)
    else:
        raise AssertionError("the stock never ran out")
    everyone_looks()
    move(Draw)  # the stock is reshuffled
    assert GameEvent.objects.filter(game=game, kind="reshuffled").exists()
    everyone_looks()
    move(Discard)
    move(Knock)
    everyone_looks()
    move(Draw)
    move(Discard)
    game.refresh_from_db()
    assert game.engine_state().round_no == 2
    everyone_looks()
