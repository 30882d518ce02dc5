"""What one viewer may see (docs/rules.md §10): the only thing the web layer and bots get.

`observation(state, seat)` is a player's view; `spectator_view(state)` a watcher's.
Both are built field by field from public facts plus the viewer's own hand, so a
hidden card can only get in by being named here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from .actions import Action
from .cards import Card
from .game import legal_actions
from .hands import hand_value
from .rules import Rules
from .state import (
    THROW_DOWN,
    GameState,
    LevelProposal,
    Outcome,
    PlayerState,
    RoundResult,
    stage_label,
)


class SeatView(NamedTuple):
    """A player's standing as everyone at the table sees it."""

    seat: int
    name: str
    lives: int
    on_county: bool
    stage_label: str | None
    points: int
    chips: int
    out: bool


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
    cards_held: tuple[int, ...]  # per seat
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
    # An open proposal to add levels to the bus (public), or None.
    proposal: LevelProposal | None = None


def observation(state: GameState, seat: int | None) -> Observation:
    """What `seat` may see now (None: a spectator, who sees no hand)."""
    rules = state.rules
    hand: tuple[Card, ...] | None = None
    drawn = None
    if seat is not None and not state.players[seat].out:
        hand = state.hands[seat]
        drawn = state.drawn if state.turn == seat else None
        # With a throw-down, the first player's cards stay face down until they choose.
        if state.phase == THROW_DOWN and state.turn == seat:
            hand = None
    seats = _standings(state, rules)
    discard = state.discard
    # Positional, in field order: keyword binding of 28 fields costs more than the rest
    # of the observation, and bots ask for one per decision.
    return tuple.__new__(
        Observation,
        (
            seat,
            rules,
            state.names,
            state.round_no,
            state.dealer,
            state.phase,
            state.turn,
            state.knocker,
            seats,
            tuple(map(len, state.hands)),
            hand,
            hand_value(hand, rules) if hand is not None else None,
            drawn,
            state.taken,
            discard[-1] if discard else None,
            discard if rules.hidden_discards else discard[-1:],
            len(discard),
            state.discard_owner,
            len(state.stock),
            state.widow if state.widow_open else (),
            len(state.widow),
            state.kitty,
            state.pot,
            state.turns_taken,
            state.last_round,
            state.outcome,
            tuple(legal_actions(state, seat)) if seat is not None else (),
            state.proposal,
        ),
    )


def _standings(state: GameState, rules: Rules) -> tuple[SeatView, ...]:
    # Standings change only between rounds, so the same views serve many observations.
    # All the observations of a round share one players tuple: the last one is kept and
    # matched by identity (three `is` tests) before the value cache (hashing them all).
    global _last_standings
    players, names = state.players, state.names
    last = _last_standings
    if last[0] is players and last[1] is names and last[2] is rules:
        return last[3]
    views = _seat_views(
        names, players, rules.scoring, rules.county, rules.life_labels, rules.lives, rules.stages
    )
    # One assignment of a whole tuple, so another thread never sees a mix of two.
    _last_standings = (players, names, rules, views)
    return views


# (players, names, rules, their views): the standings last built (None before any).
_last_standings: tuple[
    tuple[PlayerState, ...] | None, tuple[str, ...] | None, Rules | None, tuple[SeatView, ...]
] = (None, None, None, ())


@lru_cache(maxsize=4096)
def _seat_views(
    names: tuple[str, ...],
    players: tuple[PlayerState, ...],
    scoring: str,
    county: bool,
    labels: tuple[str, ...] | None,
    lives: int,
    stages: int,
) -> tuple[SeatView, ...]:
    # Standings change only between rounds, so the same views serve many observations.
    views = []
    for seat, p in enumerate(players):
        label = stage_label(p, labels, lives, stages)
        on_county = scoring == "lives" and county and p.lives == 0 and not p.out
        views.append(
            SeatView(seat, names[seat], p.lives, on_county, label, p.points, p.chips, p.out)
        )
    return tuple(views)


def spectator_view(state: GameState) -> Observation:
    return observation(state, None)
