"""What one viewer may see (RULES.md §10): the only thing the web layer and bots get.

`observation(state, seat)` is a player's view; `spectator_view(state)` a watcher's.
Both are built field by field from public facts plus the viewer's own hand, so a
hidden card can only get in by being named here.
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import Action
from .cards import Card
from .game import legal_actions
from .hands import hand_value
from .rules import Rules
from .state import THROW_DOWN, GameState, Outcome, RoundResult


class SeatView(NamedTuple):
    """A player as everyone at the table sees them."""

    seat: int
    name: str
    cards_held: int
    lives: int
    on_county: bool
    stage_label: str | None
    points: int
    chips: int
    out: bool
    is_dealer: bool
    is_turn: bool
    knocked: bool


class Observation(NamedTuple):
    viewer: int | None  # None for a spectator
    rules: Rules
    names: tuple[str, ...]
    round_no: int
    dealer: int
    phase: str
    turn: int | None
    knocker: int | None
    seats: tuple[SeatView, ...]
    hand: tuple[Card, ...] | None  # the viewer's own hand; None if unseen or a spectator
    hand_value: float | None
    drawn: Card | None  # the card the viewer drew this turn
    taken: Card | None  # a card taken from the discard pile this turn (public)
    discard_top: Card | None
    discard_pile: tuple[Card, ...]  # visible part: the top, or all with hidden_discards
    discard_count: int
    discard_owner: int | None
    stock_count: int
    widow: tuple[Card, ...]  # face up widow cards (empty while face down)
    widow_count: int
    kitty: int
    pot: int
    turns_taken: int
    last_round: RoundResult | None
    outcome: Outcome | None
    legal: tuple[Action, ...]


def observation(state: GameState, seat: int | None) -> Observation:
    """What `seat` may see now (None: a spectator, who sees no hand)."""
    rules = state.rules
    hand: tuple[Card, ...] | None = None
    drawn = None
    if seat is not None and not state.players[seat].out:
        hand = state.players[seat].hand
        drawn = state.drawn if state.turn == seat else None
        # With a throw-down, the first player's cards stay face down until they choose.
        if state.phase == THROW_DOWN and state.turn == seat:
            hand = None
    seats = tuple(
        SeatView(
            seat=s, name=state.names[s], cards_held=len(p.hand) if not p.out else 0,
            lives=p.lives, on_county=state.on_county(s), stage_label=state.stage_label(s),
            points=p.points, chips=p.chips, out=p.out, is_dealer=s == state.dealer,
            is_turn=s == state.turn, knocked=s == state.knocker,
        )
        for s, p in enumerate(state.players)
    )
    discard = state.discard
    return Observation(
        viewer=seat, rules=rules, names=state.names, round_no=state.round_no,
        dealer=state.dealer, phase=state.phase, turn=state.turn, knocker=state.knocker,
        seats=seats, hand=hand,
        hand_value=hand_value(hand, rules) if hand is not None else None,
        drawn=drawn, taken=state.taken, discard_top=discard[-1] if discard else None,
        discard_pile=discard if rules.hidden_discards else discard[-1:],
        discard_count=len(discard), discard_owner=state.discard_owner,
        stock_count=len(state.stock),
        widow=state.widow if state.widow_open else (), widow_count=len(state.widow),
        kitty=state.kitty, pot=state.pot, turns_taken=state.turns_taken,
        last_round=state.last_round, outcome=state.outcome,
        legal=tuple(legal_actions(state, seat)) if seat is not None else (),
    )


def spectator_view(state: GameState) -> Observation:
    return observation(state, None)
