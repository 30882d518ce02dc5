"""Cards and their text notation (docs/rules.md §1).

A card is a small int (0-51 for the standard deck, 52 for the joker) wrapped in
`Card`, an `int` subclass. Only 53 instances ever exist (see `CARDS`), so cards hash
and compare as fast as ints, which matters for simulations and bot search, while
still printing as ``A♠`` and parsing from ``AS``, ``10h``, ``T♦`` or ``JK``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .errors import N_, CardError

SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
# Ranks as numbers: 2..10, jack 11, queen 12, king 13, ace 14.
RANKS = tuple(range(2, 15))
RANK_TEXT = {11: "J", 12: "Q", 13: "K", 14: "A"}
RANK_NAMES = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
JOKER_INDEX = 52


class Card(int):
    """One playing card. Use `card(...)`, `parse_card` or `CARDS`, never `Card(n)`."""

    __slots__ = ()

    @property
    def is_joker(self) -> bool:
        return self == JOKER_INDEX

    @property
    def suit(self) -> int:
        """0 spades, 1 hearts, 2 diamonds, 3 clubs; -1 for the joker."""
        return -1 if self == JOKER_INDEX else int(self) // 13

    @property
    def rank(self) -> int:
        """2..14 (ace high); 0 for the joker."""
        return 0 if self == JOKER_INDEX else int(self) % 13 + 2

    @property
    def value(self) -> int:
        """Points in a hand: ace 11, court cards 10, others their pips, joker 0."""
        return CARD_VALUES[self]

    @property
    def code(self) -> str:
        """ASCII notation, e.g. ``AS``, ``10H``, ``JK`` (what storage and forms use)."""
        if self == JOKER_INDEX:
            return "JK"
        return _rank_text(self.rank) + SUITS[self.suit]

    @property
    def name(self) -> str:
        """Words for screen readers and logs, e.g. ``ace of spades``."""
        if self == JOKER_INDEX:
            return "joker"
        rank = RANK_NAMES.get(self.rank, str(self.rank))
        return f"{rank} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        if self == JOKER_INDEX:
            return "🃏"
        return _rank_text(self.rank) + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self.code})"


def _rank_text(rank: int) -> str:
    return RANK_TEXT.get(rank, str(rank))


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(53))
JOKER = CARDS[JOKER_INDEX]
CARD_VALUES: tuple[int, ...] = tuple(
    0 if i == JOKER_INDEX else (11 if i % 13 == 12 else min(i % 13 + 2, 10)) for i in range(53)
)


def card(rank: int, suit: int) -> Card:
    """The card of `rank` (2..14) and `suit` (0..3)."""
    return CARDS[suit * 13 + rank - 2]


def full_deck(jokers: int = 0) -> tuple[Card, ...]:
    """The deck in a fixed order (spades 2..A, hearts, diamonds, clubs, then jokers)."""
    return CARDS[: 52 + jokers]


_RANK_INPUT = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "10": 10}
_RANK_INPUT.update({str(n): n for n in range(2, 10)})
_SUIT_INPUT = {letter: i for i, letter in enumerate(SUITS)}
_SUIT_INPUT.update({symbol: i for i, symbol in enumerate(SUIT_SYMBOLS)})
# Variation selectors sometimes follow the suit symbols (e.g. "♥️").
_IGNORED = "\ufe0f\ufe0e"


def parse_card(text: str) -> Card:
    """Parse one card: ``AS``, ``10h``, ``T♦``, ``JK`` or ``🃏`` (case-insensitive)."""
    raw = text
    text = text.strip().upper()
    for mark in _IGNORED:
        text = text.replace(mark, "")
    if text in ("JK", "🃏", "JOKER"):
        return JOKER
    if len(text) < 2:
        raise CardError(
            N_("%(text)r is not a card: write a rank and a suit, like AS or 10H."), text=raw
        )
    rank_text, suit_text = text[:-1], text[-1]
    if suit_text not in _SUIT_INPUT:
        raise CardError(
            N_("%(text)r is not a card: the suit must be one of S H D C or ♠ ♥ ♦ ♣."), text=raw
        )
    if rank_text not in _RANK_INPUT:
        raise CardError(
            N_(
                "%(text)r is not a card: the rank must be one of A K Q J 10 (or T) 9 8 7 6 5 4 3 2."
            ),
            text=raw,
        )
    return card(_RANK_INPUT[rank_text], _SUIT_INPUT[suit_text])


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas, e.g. ``"AS 10h T♦ JK"``.

    A card may not appear twice (one deck), so ``"AS as"`` is an error.
    """
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = tuple(parse_card(part) for part in parts)
    if len(set(cards)) != len(cards):
        dupes = sorted({c for c in cards if cards.count(c) > 1})
        twice = ", ".join(c.code for c in dupes)
        raise CardError(N_("A card appears twice: %(cards)s."), cards=twice)
    return cards


def without(hand: tuple[Card, ...], removed: Sequence[Card]) -> tuple[Card, ...]:
    """`hand` less the cards in `removed`, in the order held."""
    if len(removed) == 1 and removed[0] in hand:
        # One card, as almost every discard: a search and two slices, twice as fast as
        # the filter below and the same, because the cards of a hand (one deck) differ.
        i = hand.index(removed[0])
        return hand[:i] + hand[i + 1 :]
    return tuple(c for c in hand if c not in removed)


def format_cards(cards: Iterable[Card], *, symbols: bool = False) -> str:
    """Print cards back: ``AS 10H JK`` (or ``A♠ 10♥ 🃏`` with `symbols`)."""
    return " ".join(str(c) if symbols else c.code for c in cards)
