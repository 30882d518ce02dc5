"""The engine's errors. Every message is meant to be read by a player or an admin.

The engine imports no Django, so it does not translate: a message is English with named
placeholders (``%(card)s``), marked for the catalogue with `N_`, and its values travel
beside it. `str(error)` is the English filled in; the web layer words it in the reader's
language (`games.wording.refusal`), cards included.
"""

from __future__ import annotations

from typing import Any


def N_(message: str) -> str:
    """Mark `message` for the translation catalogue (`makemessages` reads `N_`): the web
    layer translates it when it shows it."""
    return message


class EngineError(ValueError):
    """Base class: something given to the engine was not acceptable.

    `message` is the English text with ``%(name)s`` placeholders, `values` what fills
    them (cards as `Card`s: each language writes them its own way)."""

    def __init__(self, message: str = "", /, **values: Any) -> None:
        super().__init__(message)
        self.message = message
        self.values = values

    def __str__(self) -> str:
        return self.message % self.values if self.values else self.message


class CardError(EngineError):
    """Card text that does not name a card."""


class RulesError(EngineError):
    """A house-rule set that is unknown, malformed or impossible.

    `option` names the offending option (or None when the problem is the whole set),
    so a form can show the message on the right field.
    """

    def __init__(self, message: str, /, option: str | None = None, **values: Any) -> None:
        super().__init__(message, **values)
        self.option = option


class IllegalAction(EngineError):
    """A move the rules do not allow now, e.g. discarding the card just taken."""
