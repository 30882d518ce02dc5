"""The engine's refusals in the reader's language.

The engine says why it refuses a move in English with named placeholders, marked for
the catalogue (`games.engine.errors.N_`), and the values beside it. Here the message is
translated and filled in: a card in the values is written as the reader's language
writes it, a refusal inside a refusal ("'discard:XX' is not a move: …") is worded too.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from games.engine import Card, EngineError
from games.wording.cards import card_text, cards_text


def refusal(error: EngineError) -> str:
    """`error`'s message for a person, in the active language."""
    message = getattr(error, "message", None)
    if not isinstance(message, str):  # not made by the engine's EngineError: as it says
        return str(error)
    text = gettext(message) if message else message
    values = getattr(error, "values", None) or {}
    if not values:
        return text
    return text % {key: _worded(value) for key, value in values.items()}


def _worded(value: Any) -> Any:
    if isinstance(value, Card):
        return card_text(value)
    if isinstance(value, EngineError):
        return refusal(value)
    if isinstance(value, tuple) and value and all(isinstance(v, Card) for v in value):
        return cards_text(value)
    return value
