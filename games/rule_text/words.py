"""The translation functions the rule texts use, typed (docs/i18n.md). Each text module
imports `_` and `ngettext` by these names, so `makemessages` finds what they mark."""

from __future__ import annotations

# Django has no type stubs here; the wrappers below type what this package uses of it.
from django.utils import translation


def _(message: str) -> str:
    """`gettext`, typed: the sentence in the reader's language."""
    translated: str = translation.gettext(message)
    return translated


def ngettext(singular: str, plural: str, number: int) -> str:
    """`ngettext`, typed: the form for `number` in the reader's language."""
    translated: str = translation.ngettext(singular, plural, number)
    return translated
