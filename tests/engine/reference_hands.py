"""An independent reference for hand values (docs/rules.md §1-§2), for tests only.

Written from the spec text, not from `games/engine/hands.py`, and on purpose by a
different road: a card is a ``(rank, suit letter)`` pair of its own (no card
numbers, no ``// 13``), the base value sums each of the four suits named one by one,
straight flushes are looked up in a literal list of rank runs, a blitz is "an ace
and two ten-point cards of one suit" (not "sums to 31"), and the joker is tried as
each of the 52 concrete cards in turn, which are then scored by the same plain
evaluator. `ReferenceTable` only memoises that evaluator for the exhaustive test.

A hand's key is ``(value, trips_rank)``: the value is an int, or 30.5 for a three of
a kind worth 30.5, and `trips_rank` is the rank (2-14) of such a three of a kind,
0 otherwise, so that sorting keys orders hands and two 30.5 hands compare by rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, product
from typing import NamedTuple

# §1 Values: ace 11; king, queen, jack 10; 10 down to 2 their pip value.
PIPS = {14: 11, 13: 10, 12: 10, 11: 10, 10: 10, 9: 9, 8: 8, 7: 7, 6: 6, 5: 5, 4: 4, 3: 3, 2: 2}
RANK_TEXT = {
    14: "A",
    13: "K",
    12: "Q",
    11: "J",
    10: "10",
    9: "9",
    8: "8",
    7: "7",
    6: "6",
    5: "5",
    4: "4",
    3: "3",
    2: "2",
}
SUIT_LETTERS = ("S", "H", "D", "C")
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

# §2 "Three suited cards in rank sequence, ace high only (Q-K-A is the top sequence;
# A-2-3 is not a sequence)": every run, written out.
STRAIGHT_RUNS = (
    "2 3 4",
    "3 4 5",
    "4 5 6",
    "5 6 7",
    "6 7 8",
    "7 8 9",
    "8 9 10",
    "9 10 J",
    "10 J Q",
    "J Q K",
    "Q K A",
)

# Ten-point cards (with an ace they make a blitz): 10, J, Q, K.
TEN_POINT_RANKS = frozenset({10, 11, 12, 13})


class RefCard(NamedTuple):
    rank: int  # 2..14, ace high
    suit: str  # "S", "H", "D" or "C"

    @property
    def code(self) -> str:
        return RANK_TEXT[self.rank] + self.suit

    def __str__(self) -> str:
        return RANK_TEXT[self.rank] + SUIT_SYMBOL[self.suit]


class RefJoker(NamedTuple):
    """The joker: a distinct object, never equal to a RefCard."""

    code: str = "JK"

    def __str__(self) -> str:
        return "JK"


JOKER = RefJoker()
RefAny = RefCard | RefJoker

# The 52 cards in an order unlike the engine's (ranks high to low, clubs first), so
# the exhaustive test also feeds the engine hands in many different orders.
DECK: tuple[RefCard, ...] = tuple(
    RefCard(rank, suit) for rank, suit in product(range(14, 1, -1), ("C", "D", "H", "S"))
)
DECK_WITH_JOKER: tuple[RefAny, ...] = (*DECK, JOKER)

_RUN_SETS = frozenset(
    frozenset({"A": 14, "K": 13, "Q": 12, "J": 11}.get(word) or int(word) for word in run.split())
    for run in STRAIGHT_RUNS
)


class Options(NamedTuple):
    """The scoring options of one evaluation, with the showdown flag already applied."""

    three_of_a_kind: str = "off"  # "off", "30" or "30.5"
    straight_flush: bool = False
    all_cards: bool = False  # showdown_counts_all_cards AND this is a showdown

    @classmethod
    def of(
        cls,
        three_of_a_kind: str = "off",
        straight_flush: bool = False,
        showdown_counts_all_cards: bool = False,
        showdown: bool = False,
    ) -> Options:
        # "With showdown=False the option has no effect."
        return cls(three_of_a_kind, straight_flush, bool(showdown_counts_all_cards and showdown))


def parse(text: str) -> tuple[RefAny, ...]:
    """A small parser of its own for the examples: ``"A♠ JK 9♠"``, ``"10h T♦ QS"``."""
    ranks = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "10": 10}
    ranks.update({str(n): n for n in range(2, 10)})
    suits = {"S": "S", "H": "H", "D": "D", "C": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    hand: list[RefAny] = []
    for word in text.upper().replace("\ufe0f", "").split():
        if word in ("JK", "🃏"):
            hand.append(JOKER)
        else:
            hand.append(RefCard(ranks[word[:-1]], suits[word[-1]]))
    assert len(set(hand)) == len(hand), f"a card twice in {text!r}"
    return tuple(hand)


def concrete_key(cards: Sequence[RefCard], options: Options) -> tuple[float, int]:
    """The key of a hand without the joker (0 to 3 cards)."""
    if options.all_cards:
        # Showdown with showdown_counts_all_cards: every card counts whatever its suit.
        total = 0
        for c in cards:
            total += PIPS[c.rank]
    else:
        # Base value: the best of the four suits.
        spades = sum(PIPS[c.rank] for c in cards if c.suit == "S")
        hearts = sum(PIPS[c.rank] for c in cards if c.suit == "H")
        diamonds = sum(PIPS[c.rank] for c in cards if c.suit == "D")
        clubs = sum(PIPS[c.rank] for c in cards if c.suit == "C")
        total = max(spades, hearts, diamonds, clubs)
    candidates: list[tuple[float, int]] = [(total, 0)]
    # Special hands need exactly three cards (hidden-discard hands score what they hold).
    if len(cards) == 3:
        a, b, c = cards
        if a.rank == b.rank == c.rank:
            if options.three_of_a_kind == "30":
                candidates.append((30, 0))
            elif options.three_of_a_kind == "30.5":
                candidates.append((30.5, a.rank))
        if (
            options.straight_flush
            and a.suit == b.suit == c.suit
            and frozenset((a.rank, b.rank, c.rank)) in _RUN_SETS
        ):
            candidates.append((30, 0))
    # The hand is worth the best of what it can claim (a sum above 30.5 beats the
    # three of a kind, which then carries no rank).
    return max(candidates)


def reference_key(cards: Sequence[RefAny], options: Options) -> tuple[float, int]:
    """The key of any hand: the joker is tried as every card the hand does not hold."""
    plain = [c for c in cards if c != JOKER]
    if len(plain) == len(cards):
        return concrete_key(plain, options)
    assert len(cards) - len(plain) == 1, "one joker at most"
    return max(concrete_key([*plain, sub], options) for sub in DECK if sub not in plain)


def reference_value(cards: Sequence[RefAny], options: Options) -> float:
    return reference_key(cards, options)[0]


def reference_is_blitz(cards: Sequence[RefAny], ace_king_ten: bool) -> bool:
    """An ace and two ten-point cards of one suit (only A-K-10 with ace_king_ten);
    the joker stands for any card not held. Never on a showdown sum, never < 3 cards."""
    if len(cards) != 3:
        return False
    plain = [c for c in cards if c != JOKER]
    if len(plain) < 3:
        return any(
            reference_is_blitz([*plain, sub], ace_king_ten) for sub in DECK if sub not in plain
        )
    if len({c.suit for c in plain}) != 1:
        return False
    ranks = sorted(c.rank for c in plain)
    if ace_king_ten:
        return ranks == [10, 13, 14]
    return ranks[2] == 14 and ranks[0] in TEN_POINT_RANKS and ranks[1] in TEN_POINT_RANKS


def reference_is_three_aces(cards: Sequence[RefAny]) -> bool:
    """Three aces, or two aces and the joker."""
    if len(cards) != 3:
        return False
    aces = [c for c in cards if c != JOKER and c.rank == 14]
    jokers = [c for c in cards if c == JOKER]
    return len(aces) == 3 or (len(aces) == 2 and len(jokers) == 1)


class ReferenceTable:
    """`reference_key` for one option set, memoised over the 22,100 plain three-card
    hands so that the 1,326 joker hands (about 50 substitutes each) stay fast."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self._plain = {
            frozenset(hand): concrete_key(hand, options) for hand in combinations(DECK, 3)
        }

    def key(self, cards: Sequence[RefAny]) -> tuple[float, int]:
        if len(cards) != 3:
            return reference_key(cards, self.options)
        plain = [c for c in cards if c != JOKER]
        if len(plain) == 3:
            return self._plain[frozenset(plain)]
        held = frozenset(plain)
        return max(self._plain[held | {sub}] for sub in DECK if sub not in held)
