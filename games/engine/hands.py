"""Hand values (docs/rules.md §2): base value, three of a kind, straight flushes, the joker,
all-cards-at-showdown, blitz and three aces.

Values are memoised per scoring options, because a simulation or a bot asks for the
same few thousand hands millions of times. The values themselves are defined by the
plain functions below; `tests/engine/reference_hands.py` checks them independently.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from .cards import CARD_VALUES, CARDS, JOKER_INDEX, Card
from .rules import Rules

# A hand's strength as a sortable pair: (value, rank of a 30.5 three of a kind, else 0).
HandKey = tuple[float, int]


def hand_value(cards: Sequence[Card], rules: Rules, *, showdown: bool = False) -> float:
    """The value of `cards` under `rules`: an int, or 30.5 for three of a kind at 30.5.

    `showdown=True` applies `showdown_counts_all_cards` (the sum of every card).
    """
    return hand_key(cards, rules, showdown=showdown)[0]


# The options a hand's value depends on (`value_options`).
ValueOptions = tuple[str, bool, bool, int]


def value_options(rules: Rules) -> ValueOptions:
    """The options a hand's value depends on: the key of tables memoised per rules."""
    return (
        rules.three_of_a_kind,
        rules.straight_flush,
        rules.showdown_counts_all_cards,
        rules.jokers,
    )


def hand_key(cards: Sequence[Card], rules: Rules, *, showdown: bool = False) -> HandKey:
    """A key that orders hands: equal keys tie, and two 30.5 hands compare by rank."""
    last, memo = _LAST_MEMO[showdown]
    if last is not rules:
        memo = _memo(
            rules.three_of_a_kind,
            rules.straight_flush,
            showdown and rules.showdown_counts_all_cards,
        )
        _LAST_MEMO[showdown] = (rules, memo)
    trios, by_sorted, options = memo
    if len(cards) == 3:
        # The hand held between turns, and what bots weigh: one read of a flat list
        # indexed by the cards in the order given, without hashing a tuple.
        a, b, c = cards
        index = (a * 53 + b) * 53 + c  # 53 cards with the joker: each ordering its place
        found = trios[index]
        if found is None:
            found = trios[index] = _sorted_key(cards, by_sorted, options)
        return found
    if JOKER_INDEX not in cards:
        # Other sizes: four cards between drawing and discarding (270k combinations, most
        # met once, so a memo of them missed more than it hit), fewer with hidden discards.
        # Without the joker their value is a quick sum, the same in any order.
        return _plain_key(cards, *options)
    return _sorted_key(cards, by_sorted, options)


def trio_keys(rules: Rules, *, showdown: bool = False) -> list[HandKey | None]:
    """`hand_key`'s memo of three-card hands under `rules`, for a caller that reads
    many: the key of (a, b, c), in that order, is at ``(a * 53 + b) * 53 + c``, or None
    until `hand_key` has been asked for it (the caller asks then). A bot's rollouts read
    it inline, without a call per hand (docs/bots.md, "Speed")."""
    hand_key((), rules, showdown=showdown)  # makes `rules`' memo the one last asked about
    return _LAST_MEMO[showdown][1][0]


def _sorted_key(
    cards: Sequence[Card], by_sorted: dict[tuple[Card, ...], HandKey], options: _Options
) -> HandKey:
    ordered = tuple(sorted(cards))
    found = by_sorted.get(ordered)
    if found is None:
        key = _best_key(ordered, *options)
        # One object per distinct key (and type: 30 is not 30.0), so that the few dozen
        # keys a game meets stay in the processor's cache, not 25k copies of them.
        found = by_sorted[ordered] = _DISTINCT_KEYS.setdefault((key, type(key[0])), key)
    return found


# (three_of_a_kind, straight_flush, all cards count): the options a hand's key depends on.
_Options = tuple[str, bool, bool]
# The hand keys already worked out under one set of options: (trios, by_sorted, options),
# a plain tuple because hand_key unpacks it on every call (a named tuple unpacks slower).
# - trios: three-card hands in the order given, at (a * 53 + b) * 53 + c; None until
#   asked. A dict keyed by every ordering seen grew past half a million tuples whose
#   lookups missed the processor's caches; this list is 149k pointers, filled once.
# - by_sorted: three-card hands and hands with the joker, by their cards in sorted order.
_Memo = tuple[list[HandKey | None], dict[tuple[Card, ...], HandKey], _Options]


@cache  # at most 12 option sets, each made once per process
def _memo(three_of_a_kind: str, straight_flush: bool, all_cards: bool) -> _Memo:
    """The memos of hand keys under these scoring options (cached by their values)."""
    return ([None] * 53**3, {}, (three_of_a_kind, straight_flush, all_cards))


_DISTINCT_KEYS: dict[tuple[HandKey, type], HandKey] = {}

# Per `showdown`, the rules last asked about and their memo: a game (or a bot's search)
# asks millions of times with the same rules object, and finding the memo by the rules'
# options took a third of `hand_key`'s time. (One tuple, replaced whole: safe in threads.)
# Until the first call the memo is an empty one that is never read: no rules are None.
_NO_MEMO: _Memo = ([], {}, ("off", False, False))
_LAST_MEMO: dict[bool, tuple[Rules | None, _Memo]] = {
    False: (None, _NO_MEMO),
    True: (None, _NO_MEMO),
}


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
