"""When to knock: how likely a hand is to be the lowest (or the highest) at the showdown.

The chance that an opponent's hand is worth more than v after k draws is estimated
once per set of hand-value rules by a quick simulation of a sensible player (take the
top discard when it clearly helps, else draw from the stock, keep the best three
cards), and kept in a table. Knocking now gives each opponent one more turn, so the
chance to be caught lowest is the product, over the opponents, of the chance that each
ends above v after the turns it has had plus one.

Knocking is right when that risk, times what a failed knock costs, is small next to a
player's usual share of the round's loss; how small (`theta`) and, for the scoring
modes where the highest hand wins, how likely a win must be (`beta`) were tuned by
simulation (`lab/bots/tune.py`, docs/bots.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import NamedTuple

from ..cards import full_deck
from ..hands import ValueOptions, value_options
from ..rules import Rules
from .common import Standing, greedy_turn, stages_left, strength, turns_done

MAX_DRAWS = 10  # beyond this many draws, hands hardly change any more
SAMPLES = 1500
SLOTS = 68  # hand values in half points: 0, 0.5, ... 33 (three aces, all cards counted)


class KnockParams(NamedTuple):
    theta: float = 1.2  # lives: knock when risk * penalty <= theta / players
    beta: float = 0.3  # points, banking: knock when P(highest) >= beta
    tie_margin: float = 0.0  # extra caution when the knocker loses ties


def above_table(rules: Rules) -> tuple[tuple[float, ...], ...]:
    """table[k][i]: the chance that an opponent's hand after k draws is worth more than
    i / 2 (i in half points). Memoised per hand-value rules."""
    last, table = _LAST_TABLE[0]
    if last is rules:
        return table
    options = value_options(rules)
    found = _TABLES.get(options)
    if found is None:
        found = _TABLES[options] = _simulate_table(rules, options)
    _LAST_TABLE[0] = (rules, found)
    return found


_TABLES: dict[ValueOptions, tuple[tuple[float, ...], ...]] = {}
# The rules last asked about and their table (a search asks with one rules object), in
# one tuple replaced whole: safe in threads.
_LAST_TABLE: list[tuple[Rules | None, tuple[tuple[float, ...], ...]]] = [(None, ())]


def _simulate_table(rules: Rules, options: ValueOptions) -> tuple[tuple[float, ...], ...]:
    rng = random.Random(f"knock-table {options}")
    deck = list(full_deck(rules.jokers))
    counts = [[0] * SLOTS for _ in range(MAX_DRAWS + 1)]
    for _ in range(SAMPLES):
        rng.shuffle(deck)
        hand = tuple(deck[:3])
        position = 3
        for k in range(MAX_DRAWS + 1):
            counts[k][int(strength(hand, rules)[0] * 2)] += 1
            hand = greedy_turn(hand, deck[position], deck[position + 1], rules)[0]
            position += 2
    table = []
    for row in counts:
        above, seen = [], 0
        for count in row:
            seen += count
            above.append(1.0 - seen / SAMPLES)
        table.append(tuple(above))
    return tuple(table)


def _slot(value: float) -> int:
    return min(SLOTS - 1, max(0, int(value * 2)))


def risk_of_knocking(value: float, opponent_draws: Sequence[int], rules: Rules) -> float:
    """The chance that a knock with a hand worth `value` loses: every opponent ends
    above it (or at least level, when the knocker loses ties)."""
    table = above_table(rules)
    slot = _slot(value)
    if rules.knocker_tie == "loses":
        slot -= 1  # P(v >= value) = P(v > value - 1/2)
    risk = 1.0
    for draws in opponent_draws:
        risk *= table[min(draws, MAX_DRAWS)][slot] if slot >= 0 else 1.0
    return risk


def chance_highest(value: float, opponent_draws: Sequence[int], rules: Rules) -> float:
    """The chance that a hand worth `value` beats every opponent's at the showdown."""
    table = above_table(rules)
    slot = _slot(value) - 1  # P(v >= value)
    chance = 1.0
    for draws in opponent_draws:
        chance *= 1.0 - (table[min(draws, MAX_DRAWS)][slot] if slot >= 0 else 1.0)
    return chance


def showdown_draws(me: int, order: Sequence[int], turns_taken: int) -> list[int]:
    """Per opponent, the turns it will have had at the showdown if `me` knocks now."""
    done = turns_done(order, turns_taken)
    return [done[seat] + 1 for seat in order if seat != me]


def wants_to_knock(
    value: float,
    me: int,
    order: Sequence[int],
    turns_taken: int,
    standing: Standing,
    rules: Rules,
    params: KnockParams,
) -> bool:
    """Whether a player holding `value` should knock now (the knock being legal)."""
    return knock_ratio(value, me, order, turns_taken, standing, rules, params) <= 1.0


def knock_ratio(
    value: float,
    me: int,
    order: Sequence[int],
    turns_taken: int,
    standing: Standing,
    rules: Rules,
    params: KnockParams,
) -> float:
    """The risk of knocking now over the risk worth taking: at most 1 means knock.

    Lives: the chance to be caught lowest times the lives that costs (a knocker's
    penalty, but never more than the player has left), against `theta` / players.
    Points and banking: `beta` over the chance to be highest.
    """
    draws = showdown_draws(me, order, turns_taken)
    if not draws:
        return float("inf")
    if rules.scoring != "lives":
        chance = chance_highest(value, draws, rules)
        return params.beta / chance if chance else float("inf")
    return lives_ratio(risk_of_knocking(value, draws, rules), len(order), standing, rules, params)


def lives_ratio(
    risk: float, players: int, standing: Standing, rules: Rules, params: KnockParams
) -> float:
    """`knock_ratio` with lives, from the chance `risk` of being caught lowest: that
    chance times the lives it costs, against `theta` / players."""
    penalty = min(rules.knocker_penalty, max(1, stages_left(standing, rules)))
    limit = params.theta / players
    if rules.knocker_tie == "loses":
        limit *= 1.0 - params.tie_margin
    return risk * penalty / limit


NEVER = 99.0  # the least hand to knock with, for a player who would not knock at all


def least_knock(
    me: int,
    order: Sequence[int],
    turns_taken: int,
    standing: Standing,
    rules: Rules,
    params: KnockParams,
) -> float:
    """The least hand value a player would knock with now (`knock_ratio` at most 1;
    knocking is monotone in the value), or `NEVER`."""

    def worth(half_points: int) -> bool:
        return wants_to_knock(half_points / 2, me, order, turns_taken, standing, rules, params)

    low, high = 0, SLOTS  # half points
    if not worth(high):
        return NEVER
    while low < high:
        mid = (low + high) // 2
        if worth(mid):
            high = mid
        else:
            low = mid + 1
    return max(low / 2, rules.knock_min)
