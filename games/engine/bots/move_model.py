"""How a sensible player decides, as the hard bot's table watch models one: the medium
bot's scores, softened into chances (a player is not a bot), of taking the top discard
rather than draw, and of letting each card go."""

from __future__ import annotations

import math

from ..cards import Card
from ..rules import Rules
from .common import best_with, draw_gains, is_blitz_take, strength

POTENTIAL = 0.35  # how much the modelled player values a hand's promise (as medium)
SHARPNESS = 3.0  # per point of score: how surely the modelled player picks the best move
SLIP = 0.05  # the chance of a move the model would not have made (people are not bots)


def squash(x: float) -> float:
    if x > 30:
        p = 1.0
    elif x < -30:
        p = 0.0
    else:
        p = 1.0 / (1.0 + math.exp(-x))
    return SLIP / 2 + (1 - SLIP) * p


# Memos: by (the hand sorted, the top discard, the rules).
_TAKES: dict[tuple[tuple[Card, ...], Card, Rules], float] = {}
_DISCARDS: dict[tuple[tuple[Card, ...], Card | None, Rules], dict[Card, float]] = {}


def _value(cards: tuple[Card, ...], rules: Rules) -> float:
    return strength(cards, rules)[0]


def _promise(cards: tuple[Card, ...], rules: Rules) -> float:
    return POTENTIAL * draw_gains(cards, rules)[1]


def take_chance(hand: tuple[Card, ...], top: Card, rules: Rules) -> float:
    """How likely a sensible player holding `hand` takes `top` rather than draw."""
    key = (tuple(sorted(hand)), top, rules)
    found = _TAKES.get(key)
    if found is not None:
        return found
    if is_blitz_take(hand, top, rules):
        found = 1.0 - SLIP / 2
    else:
        value = _value(hand, rules)
        draw = value + draw_gains(hand, rules)[1] + _promise(hand, rules)
        best = best_with(hand, top, rules)
        take = _value(best, rules) + _promise(best, rules) + 0.01
        found = squash(SHARPNESS * (take - draw))
    if len(_TAKES) > 200_000:
        _TAKES.clear()
    _TAKES[key] = found
    return found


def discard_chance(full: tuple[Card, ...], card: Card, taken: Card | None, rules: Rules) -> float:
    """How likely a sensible player holding `full` (after the draw) lets `card` go."""
    key = (tuple(sorted(full)), taken, rules)
    table = _DISCARDS.get(key)
    if table is None:
        scores = {}
        for i, c in enumerate(full):
            if c == taken:
                continue
            kept = full[:i] + full[i + 1 :]
            scores[c] = (
                _value(kept, rules)
                + strength(kept, rules)[1] / 100
                + _promise(kept, rules)
                - 0.02 * c.value / 11
            )
        top = max(scores.values())
        exps = {c: math.exp(SHARPNESS * (s - top)) for c, s in scores.items()}
        total = sum(exps.values())
        slip = SLIP / len(exps)
        table = {c: slip + (1 - SLIP) * e / total for c, e in exps.items()}
        if len(_DISCARDS) > 200_000:
            _DISCARDS.clear()
        _DISCARDS[key] = table
    return table.get(card, 0.0)
