"""Every deck a game deals from is committed to before it is used (issue 20).

A commitment is the SHA-256 of "salt:deck" (the deck as card codes, top first); the
salt keeps anyone from guessing the deck from its hash. `games.services` writes the
`Deal` rows; this module is what it shuffles with.

The engine shuffles a whole deck (a round's deal, the first dealer's cut or draw) or
the discards (a new stock when the stock runs out). Whole decks come from the secure
source and are committed as they are dealt, before anyone sees a card of them. The
discards to reshuffle are known only when the stock runs out, by which time the server
knows every hand, so a reshuffle takes the order of a whole deck committed earlier
(with the round's deal, or with the previous reshuffle): the new stock is the discards
in that deck's order. A uniformly shuffled deck, filtered to some of its cards, orders
them uniformly too; and the order was fixed before anyone chose what to discard.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games import engine
from games.engine import Card


def deck_commitment(salt: str, deck: str) -> str:
    """SHA-256 of the salt and the deck's codes: anyone can recompute it after the round."""
    return hashlib.sha256(f"{salt}:{deck}".encode()).hexdigest()


def new_salt() -> str:
    return secrets.token_hex(16)


def in_order_of(deck: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    """`cards` in the order they have in `deck`: how a committed deck shuffles them."""
    wanted = set(cards)
    return tuple(card for card in deck if card in wanted)


@dataclass(frozen=True)
class Board:
    """A deal given in advance (a duplicate board): the deck it is dealt from and the
    deck its first reshuffle takes its order from, as card codes, top first."""

    deck: str
    reshuffle: str


class GivenDecks:
    """A deck source that gives `decks` first, in order, then shuffles from `then`: a
    board's deal and reshuffle decks, then fresh ones for anything after."""

    def __init__(self, decks: Sequence[str], then: engine.DeckSource) -> None:
        self._decks = [engine.parse_cards(deck) for deck in decks]
        self._then = then

    def shuffled(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        if self._decks:
            deck = self._decks.pop(0)
            if sorted(deck) != sorted(cards):
                raise engine.EngineError("A given deck must hold exactly the cards in play.")
            return deck
        return tuple(self._then.shuffled(cards))

    def randbelow(self, n: int) -> int:
        return self._then.randbelow(n)


class CommittedDecks:
    """The deck source of a real game: whole decks from `source`, and each reshuffle
    in the order of the deck `reserve()` gives (the round's committed reshuffle deck
    as text, read only when the stock runs out; None for a round dealt before such
    decks were kept, which is shuffled afresh)."""

    def __init__(
        self,
        source: engine.DeckSource,
        rules: engine.Rules,
        reserve: Callable[[], str | None] = lambda: None,
    ) -> None:
        self._source = source
        self._whole = engine.full_deck(rules.jokers)
        self._reserve = reserve
        self.reshuffles = rules.empty_stock == "reshuffle"
        self.reshuffled = False

    def shuffled(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        if tuple(cards) == self._whole:
            return tuple(self._source.shuffled(cards))
        # A reshuffle uses up the committed deck; the next needs the one committed with
        # this one's use, which no move can reach before it is written.
        if self.reshuffled:
            raise engine.EngineError("A move reshuffles the stock at most once.")
        self.reshuffled = True
        order = self._reserve()
        if order is None:
            return tuple(self._source.shuffled(cards))
        return in_order_of(engine.parse_cards(order), cards)

    def randbelow(self, n: int) -> int:
        return self._source.randbelow(n)

    def new_deck(self) -> tuple[Card, ...]:
        """A whole deck, shuffled, to commit to now and reshuffle by later."""
        return tuple(self._source.shuffled(self._whole))
