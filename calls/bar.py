"""The bar: drawn into every page (the context processor) and sent again over the
person's socket when something calls them (`calls.consumers`)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.functional import SimpleLazyObject

from calls.registry import calls_for


def context(request: HttpRequest) -> dict[str, Any]:
    """The page's calls, read only if the page draws the bar (base.html does)."""
    return {"calls": SimpleLazyObject(lambda: calls_for(request.user, request.path))}


def render(user: Any, path: str, language: str | None = None) -> str:
    """The bar for `user` on the page at `path`, as an out-of-band swap by its id, in
    `language` (the page's; the one active when not given): the calls' words are
    written now, by their providers."""
    with translation.override(language or translation.get_language()):
        context = {"calls": calls_for(user, path), "swap": True, "user": user}
        return render_to_string("calls/bar.html", context).strip()
