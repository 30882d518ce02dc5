"""Where the engine's randomness comes from: always from the caller (docs/engine.md#randomness).

A deck source shuffles cards and picks a random seat. Production uses the operating
system's secure generator; simulations a seeded one; tests fixed decks; replays the
recorded results. Whatever it returns is recorded in the events, so a replay needs
no source at all.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from typing import Protocol

from .cards import Card, parse_cards
from .errors import N_, EngineError


class DeckSource(Protocol):
    """Where the shuffles come from. A source may also set `deals_on = False` (the
    bots' imagined worlds, `bots.worlds.ImaginedDeck`): a round that ends without
    ending the game then leaves the state in phase ROUND_OVER with the new standings,
    unrecorded, instead of dealing the next round, which no one would look at."""

    def shuffled(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        """A random permutation of `cards`."""
        ...

    def randbelow(self, n: int) -> int:
        """A random int in [0, n)."""
        ...


class SecureDeckSource:
    """Shuffles with `secrets.SystemRandom`: what real games use."""

    def __init__(self) -> None:
        self._random = secrets.SystemRandom()

    def shuffled(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(self._random.sample(cards, len(cards)))

    def randbelow(self, n: int) -> int:
        return self._random.randrange(n)


class SeededDeckSource:
    """A reproducible source for simulations and property tests (not for real play)."""

    def __init__(self, seed: int | str | None) -> None:
        self._random = random.Random(seed)

    def shuffled(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        deck = list(cards)
        self._random.shuffle(deck)
        return tuple(deck)

    def randbelow(self, n: int) -> int:
        return self._random.randrange(n)


class FixedDecks:
    """Deals the given decks in order, for tests and golden transcripts.

    A deck may be given as text and may name only its first cards: the rest follow in
    the order they were passed in. When the decks run out (or for a reshuffle with no
    deck given), cards keep the order they were passed in. `picks` answer `randbelow`
    in turn (then 0), e.g. the random first dealer.
    """

    def __init__(
        self, decks: Iterable[str | Sequence[Card]] = (), picks: Iterable[int] = ()
    ) -> None:
        self._decks = [parse_cards(d) if isinstance(d, str) else tuple(d) for d in decks]
        self._picks = list(picks)

    def shuffled(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        if not self._decks:
            return tuple(cards)
        top = self._decks.pop(0)
        missing = [c for c in top if c not in cards]
        if missing:
            raise EngineError(
                N_("The fixed deck holds cards not in play: %(cards)s."), cards=str(missing)
            )
        return top + tuple(c for c in cards if c not in top)

    def randbelow(self, n: int) -> int:
        pick = self._picks.pop(0) if self._picks else 0
        if not 0 <= pick < n:
            raise EngineError(N_("Fixed pick %(pick)s is not below %(n)s."), pick=pick, n=n)
        return pick


class ReplaySource:
    """Gives back recorded shuffles and picks, in order (see `replay`)."""

    def __init__(self, results: Iterable[tuple[Card, ...] | int]) -> None:
        self._results = list(results)

    def _next(self) -> tuple[Card, ...] | int:
        if not self._results:
            raise EngineError(N_("The event log has fewer shuffles than the game needs."))
        return self._results.pop(0)

    def shuffled(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        result = self._next()
        if isinstance(result, int):
            raise EngineError(N_("The event log has a pick where the game needs a shuffle."))
        return result

    def randbelow(self, n: int) -> int:
        result = self._next()
        if not isinstance(result, int):
            raise EngineError(N_("The event log has a shuffle where the game needs a pick."))
        return result
