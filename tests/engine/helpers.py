"""Shared helpers for the engine's game tests: fixed deals, a small table driver, and a
check that a refused move changed nothing.

Decks are written the way a person would set up a table: the three cards each seat
should hold, the up-card and the first cards of the stock. `deal` turns that into the
deck text `FixedDecks` wants (one card at a time from the dealer's left, a widow card
after each pass, then the up-card, then the stock); the rest of the deck follows in the
canonical order, so tests name only the cards that matter.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

import pytest

from games.engine import (
    Action,
    Event,
    FixedDecks,
    GameState,
    IllegalAction,
    Rules,
    apply_action,
    new_game,
    observation,
    parse_action,
    parse_cards,
)
from games.wording import describe

NAMES = ("Ann", "Bob", "Cy")
NAMES4 = ("Ann", "Bob", "Cy", "Dee")
NAMES2 = ("Ann", "Bob")
ANN, BOB, CY, DEE = 0, 1, 2, 3


def cards(text: str) -> tuple:
    """``cards("AS KS")`` -> the engine's cards."""
    return parse_cards(text)


def deal(dealer: int, *hands: str | None, up: str, stock: str = "", widow: str = "") -> str:
    """The deck text that gives seat i the cards `hands[i]` (None: the seat is out), with
    `dealer` dealing: one card at a time from the dealer's left, a widow card after each
    pass when `widow` is given, then the up-card, then the first cards of the stock."""
    seats = len(hands)
    order = [(dealer + step) % seats for step in range(1, seats + 1)]
    order = [seat for seat in order if hands[seat] is not None]
    split = {seat: hands[seat].split() for seat in order}
    for seat, held in split.items():
        assert len(held) == 3, f"seat {seat} needs three cards, not {held}"
    widow_cards = widow.split()
    assert len(widow_cards) in (0, 3), "a widow has three cards"
    words: list[str] = []
    for rank in range(3):
        words.extend(split[seat][rank] for seat in order)
        if widow_cards:
            words.append(widow_cards[rank])
    words.append(up)
    words.extend(stock.split())
    return " ".join(words)


JUNK = ("2H 3D 5C", "4H 6D 7C", "8H 9D 2D", "3H 4D 6C")


def blitz_deal(
    dealer: int,
    blitzer: int | tuple[int, ...],
    seats: int = 3,
    out: Sequence[int] = (),
    up: str = "9C",
    widow: str = "",
) -> str:
    """A deal in which `blitzer` (one seat or several) holds a blitz -- A-K-Q of spades,
    then of hearts -- and everyone else a poor hand; seats in `out` get nothing."""
    blitzers = (blitzer,) if isinstance(blitzer, int) else blitzer
    blitzes = iter(("AS KS QS", "AH KH QH", "AD KD QD"))
    junk = iter(JUNK)
    hands: list[str | None] = []
    for seat in range(seats):
        if seat in out:
            hands.append(None)
        else:
            hands.append(next(blitzes) if seat in blitzers else next(junk))
    return deal(dealer, *hands, up=up, widow=widow)


class Table:
    """A game from fixed decks, driven by move codes for whoever's turn it is.

    ``t = Table(deal(...), dealer=0, preset="scat", lives=2)``; ``t("draw:stock",
    "discard:7H")`` plays moves and returns their events; ``t.events`` holds them all.
    """

    def __init__(
        self,
        *decks: str,
        dealer: int = 0,
        preset: str = "scat",
        names: Sequence[str] = NAMES,
        picks: Sequence[int] | None = None,
        chosen: int | None = None,
        **changes: Any,
    ) -> None:
        """`chosen`: the first dealer the players chose (`new_game(dealer=...)`)."""
        self.rules = Rules.preset(preset, **changes)
        self.names = tuple(names)
        self.source = FixedDecks(decks, picks=[dealer] if picks is None else picks)
        self.state, self.events = new_game(self.rules, self.names, self.source, chosen)

    def __call__(self, *moves: str | Action) -> list[Event]:
        new: list[Event] = []
        for move in moves:
            action = parse_action(move, self.state.turn) if isinstance(move, str) else move
            self.state, events = apply_action(self.state, action)
            new.extend(events)
        self.events.extend(new)
        return new

    # ---- reading the table ----------------------------------------------------------

    @property
    def turn(self) -> int | None:
        return self.state.turn

    @property
    def result(self):
        return self.state.last_round

    @property
    def outcome(self):
        return self.state.outcome

    @property
    def lives(self) -> tuple[int, ...]:
        return tuple(p.lives for p in self.state.players)

    @property
    def points(self) -> tuple[int, ...]:
        return tuple(p.points for p in self.state.players)

    @property
    def chips(self) -> tuple[int, ...]:
        return tuple(p.chips for p in self.state.players)

    @property
    def out(self) -> tuple[bool, ...]:
        return tuple(p.out for p in self.state.players)

    def hand(self, seat: int) -> tuple:
        return self.state.hands[seat]

    def view(self, seat: int | None):
        return observation(self.state, seat)

    def legal(self, seat: int | None = None) -> list[str]:
        """The codes of the moves `seat` (default: whoever's turn it is) may make."""
        seat = self.state.turn if seat is None else seat
        return [a.code for a in observation(self.state, seat).legal]

    def said(self, events: Sequence[Event] | None = None, viewer: int | None = None) -> list[str]:
        """What the table would say about `events` (default: all), for `viewer`."""
        events = self.events if events is None else events
        return [describe(e, self.names, viewer) for e in events]

    def kinds(self, events: Sequence[Event]) -> list[str]:
        return [e.kind for e in events]


def pass_turns(table: Table, count: int) -> None:
    """`count` quiet turns: draw from the stock and throw the drawn card away at once,
    so every hand stays as dealt."""
    for _ in range(count):
        seat = table.turn
        table("draw:stock")
        drawn = table.state.drawn
        table(f"discard:{drawn.code}")
        assert table.state.turn != seat or table.state.last_round is not None


QUIET_STOCK = "2C 3C 4C 5C 6C 7C"  # cards the last turns draw and throw away


def knock_showdown(ann: str, bob: str, cy: str, *decks: str, **changes: Any) -> Table:
    """Ann deals these hands (up-card 8C); Bob knocks at once; Cy and Ann each draw a
    quiet card and throw it away; the showdown follows. `decks` deal later rounds."""
    hands = deal(
        ANN,
        ann,
        bob,
        cy,
        up="8C",
        stock=QUIET_STOCK,
        widow="8H 9H 10H" if changes.get("preset") == "banking" else "",
    )
    t = Table(hands, *decks, **changes)
    t("knock")
    pass_turns(t, 2)
    assert t.result is not None and t.result.reason == "knock"
    return t


def _game_fields(state: GameState) -> list:
    return [
        value
        for name, value in zip(state._fields, state, strict=True)
        if name not in ("rules", "deck_source")
    ]


def refused(state: GameState, action: Action, *words: str) -> str:
    """Assert that `action` raises IllegalAction whose message holds every one of
    `words` (case-insensitive), and that `state` is unchanged and equal to a copy
    saved before the attempt. Returns the message."""
    saved = copy.deepcopy(_game_fields(state))  # every field but the rules and deck source
    saved_rules = state.rules.to_dict()
    source = state.deck_source
    saved_source = copy.deepcopy(vars(source)) if hasattr(source, "__dict__") else None
    with pytest.raises(IllegalAction) as caught:
        apply_action(state, action)
    message = str(caught.value)
    for word in words:
        assert word.lower() in message.lower(), f"{word!r} not in {message!r}"
    assert _game_fields(state) == saved
    assert state.rules.to_dict() == saved_rules
    if saved_source is not None:
        assert vars(source) == saved_source, "the deck source was used by a refused move"
    rebuilt = state._replace()
    assert rebuilt == state
    return message
