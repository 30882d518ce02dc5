"""A list of names or words in a sentence: "Ann, Bob and Cy" in the active language."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _


def and_list(words: Sequence[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    if len(words) <= 1:
        return "".join(words)
    return _("%(items)s and %(last)s") % {"items": ", ".join(words[:-1]), "last": words[-1]}


def quoted(words: Sequence[str]) -> str:
    """Names people gave (a bus's levels), quoted: “on the roof” and “in the trunk”."""
    return and_list([_("“%(name)s”") % {"name": word} for word in words])
