"""Hand values (RULES.md §2): base value, three of a kind, straight flushes, the joker,
all-cards-at-showdown, blitz and three aces.

Values are memoised per scoring options, because a simulation or a bot asks for the
same few thousand hands millions of times. The values themselves are defined by the
plain functions below; `tests/engine/reference_hands.py` checks them independently.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .cards import CARD_VALUES, CARDS, JOKER_INDEX, Card
from .rules import Rules

# A hand's strength as a sortable pair: (value, rank of a 30.5 three of a kind, else 0).
HandKey = tuple[float, int]


def hand_value(cards: Sequence[Card], rules: Rules, *, showdown: bool = False) -> float:
    """The value of `cards` under `rules`: an int, or 30.5 for three of a kind at 30.5.

    `showdown=True` applies `showdown_counts_all_cards` (the sum of every card).
    """
    return hand_key(cards, rules, showdown=showdown)[0]


def hand_key(cards: Sequence[Card], rules: Rules, *, showdown: bool = False) -> HandKey:
    """A key that orders hands: equal keys tie, and two 30.5 hands compare by rank."""
    try:
        table = rules._hand_tables[showdown]
    except AttributeError:
        table = _attach_tables(rules)[showdown]
    if type(cards) is not tuple:
        cards = tuple(cards)
    found = table.get(cards)  # hands are tuples in any order: try as given first
    if found is None:
        ordered = tuple(sorted(cards))
        found = table.get(ordered)
        if found is None:
            options = (
                rules.three_of_a_kind,
                rules.straight_flush,
                showdown and rules.showdown_counts_all_cards,
            )
            found = table[ordered] = _best_key(ordered, *options)
        table[cards] = found
    return found


def _attach_tables(rules: Rules) -> tuple[dict, dict]:
    """Hang the memo tables for these rules on the (frozen) rules object, so that a
    lookup is one attribute read: (without showdown, with showdown)."""

    def table(all_cards: bool) -> dict:
        options = (rules.three_of_a_kind, rules.straight_flush, all_cards)
        return _TABLES.setdefault(options, {})

    tables = (table(False), table(rules.showdown_counts_all_cards))
    object.__setattr__(rules, "_hand_tables", tables)
    return tables


# Memo of hand keys: scoring options -> cards (in the order seen) -> key. At most 12
# option sets times the orderings of the ~25k hands of up to three cards.
_TABLES: dict[tuple[str, bool, bool], dict[tuple[Card, ...], HandKey]] = {}


def _best_key(
    cards: tuple[Card, ...], trips: str, straight_flush: bool, all_cards: bool
) -> HandKey:
    if JOKER_INDEX not in cards:
        return _plain_key(cards, trips, straight_flush, all_cards)
    # The joker stands for any card the hand does not already hold: take the best.
    others = tuple(c for c in cards if c != JOKER_INDEX)
    return max(
        _plain_key(others + (CARDS[sub],), trips, straight_flush, all_cards)
        for sub in range(52)
        if sub not in others
    )


def _plain_key(cards: Sequence[Card], trips: str, straight_flush: bool, all_cards: bool) -> HandKey:
    if all_cards:
        value: float = sum(CARD_VALUES[c] for c in cards)
    else:
        by_suit = [0, 0, 0, 0]
        for c in cards:
            by_suit[c // 13] += CARD_VALUES[c]
        value = max(by_suit)
    trips_rank = 0
    if len(cards) == 3:
        ranks = sorted(c % 13 + 2 for c in cards)
        if trips != "off" and ranks[0] == ranks[2]:
            trips_value = 30.5 if trips == "30.5" else 30
            if trips_value > value:
                value = trips_value
                trips_rank = ranks[0] if trips == "30.5" else 0
        if (
            straight_flush
            and _one_suit(cards)
            and ranks[1] == ranks[0] + 1
            and ranks[2] == ranks[1] + 1
        ):
            value = max(value, 30)
    return (value, trips_rank)


def _one_suit(cards: Sequence[Card]) -> bool:
    return len({c // 13 for c in cards}) == 1


def is_blitz(cards: Sequence[Card], rules: Rules) -> bool:
    """31 in one suit: an ace and two ten-point cards (only A-K-10 with
    `blitz_requires: "ace_king_ten"`), the joker standing in for any missing card."""
    if len(cards) != 3 or hand_key(cards, rules)[0] != 31:
        return False  # a blitz is worth 31, and the memoised value says so quickly
    return _blitz(tuple(sorted(cards)), rules.blitz_requires == "ace_king_ten")


@lru_cache(maxsize=1 << 16)
def _blitz(cards: tuple[Card, ...], ace_king_ten: bool) -> bool:
    if JOKER_INDEX in cards:
        others = tuple(c for c in cards if c != JOKER_INDEX)
        return any(
            _blitz(tuple(sorted(others + (CARDS[s],))), ace_king_ten)
            for s in range(52)
            if s not in others
        )
    if not _one_suit(cards) or sum(CARD_VALUES[c] for c in cards) != 31:
        return False
    return not ace_king_ten or sorted(c % 13 + 2 for c in cards) == [10, 13, 14]


def is_three_aces(cards: Sequence[Card]) -> bool:
    """Three aces, or two aces and the joker (En og tredive's coup d'état)."""
    if len(cards) != 3:
        return False
    aces = sum(1 for c in cards if c != JOKER_INDEX and c % 13 == 12)
    return aces == 3 or (aces == 2 and JOKER_INDEX in cards)


def tiebreak_ranks(cards: Sequence[Card]) -> tuple[int, ...]:
    """Ranks from high to low for `final_two_tiebreak`; the joker ranks above an ace."""
    return tuple(sorted((15 if c == JOKER_INDEX else c % 13 + 2 for c in cards), reverse=True))


def format_value(value: float) -> str:
    """``30½`` for 30.5, else the number."""
    return f"{int(value)}½" if value != int(value) else str(int(value))
