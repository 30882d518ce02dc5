"""Why a move is refused: asked by `legal_actions` for every move it might list, and by
the moves themselves (`moves.py`), which raise the refusal as an `IllegalAction`."""

from __future__ import annotations

from typing import Any

from . import scoring
from .actions import DISCARD_PILE, STOCK
from .cards import Card
from .errors import N_
from .hands import format_value, hand_value
from .state import StateView

# Why a move is refused: (message, values), what `IllegalAction` is made of. The
# refusals are asked for far more often than they are raised (`legal_actions`), so
# they are plain tuples until then.
Refusal = tuple[str, dict[str, Any]]


def draw_refusal(state: StateView, seat: int, source: str) -> Refusal | None:
    """Why `seat` may not draw from `source` now, or None if they may."""
    if source == STOCK:
        if state.stock:
            return None
        if state.rules.empty_stock == "draw":
            return N_("The stock is empty: take the top discard."), {}
        if len(state.discard) < 2:
            return N_("The stock is empty and there is nothing to shuffle into a new one."), {}
        return None
    if source != DISCARD_PILE:
        return (
            N_("You can draw from the stock or the discard pile, not %(source)r."),
            {"source": source},
        )
    if not state.discard:
        return N_("The discard pile is empty."), {}
    if not state.rules.take_own_discard and state.discard_owner == seat:
        return N_("At this table you can't take back the card you discarded."), {}
    return None


def knock_refusal(
    state: StateView, seat: int, hand: tuple[Card, ...], *, after_draw: bool
) -> Refusal | None:
    """Why `seat` may not knock now with `hand`, or None if they may."""
    rules = state.rules
    if rules.knock_after_draw != after_draw:
        if rules.knock_after_draw:
            return N_("At this table you knock after drawing, as you discard."), {}
        return N_("Knock at the start of your turn, instead of drawing."), {}
    if state.knocker is not None:
        return N_("Someone has already knocked this round."), {}
    if rules.no_knock_when_all_on_county and scoring.all_on_county(state):
        return N_("Everyone is on the county: no knocking; play on until someone has 31."), {}
    if rules.no_knock_first_round and state.turns_taken < len(state.active_seats()):
        return N_("No one may knock until everyone has had a turn."), {}
    if rules.knock_min:
        value = hand_value(hand, rules)
        if value < rules.knock_min:
            return (
                N_("You need at least %(least)s to knock; your hand is worth %(value)s."),
                {"least": rules.knock_min, "value": format_value(value)},
            )
    return None


def stand_refusal(state: StateView, seat: int) -> Refusal | None:
    if not state.rules.allow_stand:
        return N_("Standing is not allowed at this table."), {}
    if state.knocker is None or state.knocker == seat:
        return N_("You may stand only in your last turn after someone else knocked."), {}
    return None
