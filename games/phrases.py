"""The chat's quick phrases (games.chat): short things said at a card table, one click
each. A line posted as one is stored with its key and shown in each reader's language
(`ChatMessage.shown`), the way the buttons are; a line typed is shown as typed. Their
text stays here, apart from the models, so that a line can word itself (docs/i18n.md)."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext_lazy

QUICK_PHRASES = {
    "hello": gettext_lazy("Hello!"),
    "luck": gettext_lazy("Good luck, everyone!"),
    "nice": gettext_lazy("Nice one!"),
    "oops": gettext_lazy("Oops!"),
    "thanks": gettext_lazy("Thanks!"),
    "moment": gettext_lazy("One moment, please."),
    "gg": gettext_lazy("Good game!"),
}
KEY_LENGTH = 20  # ChatMessage.phrase's column


def in_english(key: str) -> str:
    """The phrase as the stored line's text says it (for the admin and the export)."""
    with translation.override("en"):
        return str(QUICK_PHRASES[key])


def shown(key: str, text: str) -> str:
    """A line as its reader reads it: a quick phrase in the active language, anything
    else (a typed line, a phrase since withdrawn) as stored."""
    phrase = QUICK_PHRASES.get(key) if key else None
    return str(phrase) if phrase is not None else text
