"""Cards as each language writes them (docs/i18n.md's glossary).

A card is written with its index (the rank's letter as printed in the corner of a card
in that language, or its number) and its suit symbol -- ``K♥`` in English, ``K♥`` in
Danish and German, ``R♥`` in French; the queen ``D♥``, the jack ``B♥`` (Danish, German)
or ``V♥`` (French) -- and in words for screen readers: "king of hearts", "hjerter
konge", "Herz-König", "roi de cœur". In English both are what the engine prints
(`str(card)`, `card.name`).

Card *codes* (``KH``) are data: forms, data attributes and URLs keep them as they are.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from django.utils.translation import get_language, pgettext

from games.engine import CARDS, Card
from games.engine.cards import JOKER_INDEX


class CardWords(NamedTuple):
    rank: str  # the index in the corner: "K", "10"; "" for the joker
    text: str  # index and suit symbol: "K♥"; the joker "🃏"
    name: str  # in words: "king of hearts"


_WORDS: dict[str | None, dict[Card, CardWords]] = {}


def _index(rank: int) -> str:
    """The rank as a card's corner prints it in the active language."""
    if rank == 14:
        return pgettext("card rank: the ace's index letter", "A")
    if rank == 13:
        return pgettext("card rank: the king's index letter", "K")
    if rank == 12:
        return pgettext("card rank: the queen's index letter", "Q")
    if rank == 11:
        return pgettext("card rank: the jack's index letter", "J")
    return str(rank)


def _suit_word(suit: int) -> str:
    """The suit as a card's name says it ("king of *hearts*")."""
    return (
        pgettext("suit, in a card's name", "spades"),
        pgettext("suit, in a card's name", "hearts"),
        pgettext("suit, in a card's name", "diamonds"),
        pgettext("suit, in a card's name", "clubs"),
    )[suit]


def _court_word(rank: int) -> str:
    return {
        14: pgettext("rank, in a card's name", "ace"),
        13: pgettext("rank, in a card's name", "king"),
        12: pgettext("rank, in a card's name", "queen"),
        11: pgettext("rank, in a card's name", "jack"),
    }[rank]


def _name(card: Card) -> str:
    if card == JOKER_INDEX:
        return pgettext("a card's name", "joker")
    suit = _suit_word(card.suit)
    if card.rank > 10:
        return pgettext("a card's name: an ace or a court card", "%(rank)s of %(suit)s") % {
            "rank": _court_word(card.rank),
            "suit": suit,
        }
    return pgettext("a card's name: a number card", "%(number)s of %(suit)s") % {
        "number": card.rank,
        "suit": suit,
    }


def _words_now() -> dict[Card, CardWords]:
    """Every card's words in the active language, made once per language and process."""
    language = get_language()
    found = _WORDS.get(language)
    if found is None:
        found = {}
        for card in CARDS:
            if card == JOKER_INDEX:
                found[card] = CardWords("", str(card), _name(card))
                continue
            rank = _index(card.rank)
            found[card] = CardWords(rank, rank + str(card)[-1], _name(card))
        _WORDS[language] = found
    return found


def card_words(card: Card) -> CardWords:
    return _words_now()[card]


def card_text(card: Card) -> str:
    """``K♥`` as the active language writes it."""
    return _words_now()[card].text


def cards_text(cards: Iterable[Card]) -> str:
    """Cards side by side: ``A♠ 10♥ 🃏``."""
    words = _words_now()
    return " ".join(words[c].text for c in cards)


def card_name(card: Card) -> str:
    """The card in words: "king of hearts"."""
    return _words_now()[card].name
