"""The risk a knock runs, from the hands the other players may hold (the hard bot's
table watch, or an imagined world's): the chance each ends its last turn above the
knock, and that all of them do."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..cards import Card
from ..rules import Rules
from .common import draw_gains, strength


def chance_above(
    hands: Sequence[tuple[Card, ...]],
    value: float,
    unseen: Sequence[Card],
    rules: Rules,
    top: Card | None = None,
    *,
    two_cards: bool = False,
) -> float:
    """The chance that a player holding one of `hands` (each as likely) ends one more
    turn with more than `value` (at least `value` where the knocker loses ties): the
    risk a knock with `value` runs from that player.

    In that turn the player takes the top discard if it lifts the hand above `value`,
    else draws from the stock. `top`: the top discard, when it is known now (the first
    player after the knocker). `two_cards`: it is not known yet (a later player's top
    is the discard of the one before), so it counts as one more card from `unseen`.
    Leaving the pile out made the risk about half the rate at which knocks were caught
    with three or four players (docs/bots.md)."""
    slack = 0.25 if rules.knocker_tie == "loses" else -0.25  # values are in half points
    counts: dict[tuple[Card, ...], int] = {}
    for hand in hands:
        counts[hand] = counts.get(hand, 0) + 1
    total = 0.0
    for hand, count in counts.items():
        pool = [c for c in unseen if c not in hand]
        if not pool:
            continue
        need = (value - strength(hand, rules)[0] - slack) * 2  # in half points
        gains = draw_gains(hand, rules)[0]
        if top is not None and top not in hand and gains[top] > need:
            total += count
            continue
        stock = sum(gains[c] > need for c in pool) / len(pool)
        if two_cards:
            stock = 1.0 - (1.0 - stock) ** 2
        total += count * stock
    return total / len(hands)


def chance_lowest(
    others: Iterable[Sequence[tuple[Card, ...]]],
    value: float,
    unseen: Sequence[Card],
    rules: Rules,
    top: Card | None = None,
) -> float:
    """The chance that a knock with `value` ends lowest: that every other player (one of
    its `hands` each, in the order they play after the knocker; see `chance_above`)
    ends above it. `top`: the top discard now, which the first of them may take."""
    risk = 1.0
    for i, hands in enumerate(others):
        if i == 0:
            risk *= chance_above(hands, value, unseen, rules, top)
        else:
            risk *= chance_above(hands, value, unseen, rules, two_cards=True)
    return risk
