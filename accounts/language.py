"""Which language a person is spoken to in (docs/i18n.md).

A page's language is, first, the one a signed-in person saved on their profile; else the
footer's choice (Django's language cookie); else the browser's Accept-Language; else
English -- Django's LocaleMiddleware does the last three, `use_saved_language` the first.
Mail and notifications have no request: `language_of` says which language to write them
in, and `speaking_to` switches to it. A WebSocket's language is chosen as a page's, by
`games.sockets.language_of_scope`: the consumers of every app share it, and games
imports nothing of accounts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views.decorators.http import require_POST
from django.views.i18n import set_language as django_set_language

from games.wording import readers

_LANGUAGES = {code for code, _name in settings.LANGUAGES}


def language_of(user: Any) -> str:
    """The language to write to `user` in when they are not on a page: their saved choice,
    else the language they last read the site in, else the site's default."""
    for language in (getattr(user, "language", ""), getattr(user, "reads_in", "")):
        if language in _LANGUAGES:
            return language
    return settings.LANGUAGE_CODE


@contextmanager
def speaking_to(user: Any) -> Iterator[str]:
    """Translate what is written inside the block into `user`'s language, with names
    as `user` may read them (docs/privacy.md#my-name-off-public-pages)."""
    language = language_of(user)
    with translation.override(language), readers.reading_as(user):
        yield language


def use_saved_language(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    """Middleware after authentication: a signed-in person's saved language beats the
    cookie and the browser (LocaleMiddleware has already chosen between those two).

    For a person who has not chosen, the language of the page is kept as `reads_in` when
    it changes (a write only then): their mail and notifications, written where there is
    no page to ask, are in the language they last read. Their pages still follow the
    browser and the footer."""

    def middleware(request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        saved = getattr(user, "language", "") if user is not None else ""
        if saved and saved in _LANGUAGES:
            if saved != translation.get_language():
                translation.activate(saved)
                request.LANGUAGE_CODE = saved
        elif user is not None and user.is_authenticated:
            reading = translation.get_language()
            # Blank reads as English, the default: an English reader is never written.
            if reading in _LANGUAGES and reading != (user.reads_in or settings.LANGUAGE_CODE):
                user.reads_in = reading
                user.save(update_fields=["reads_in"])
        return get_response(request)

    return middleware


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """The footer's language form (no JavaScript needed): Django's own view sets the
    cookie and goes back to the page; a signed-in person's choice is also saved on their
    profile, so it follows them to other browsers and into their mail."""
    response = django_set_language(request)
    chosen = request.POST.get("language", "")
    user = request.user
    if chosen in _LANGUAGES and user.is_authenticated and user.language != chosen:
        user.language = chosen
        user.save(update_fields=["language"])
    return response


def remember_signup_language(request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """allauth's user_signed_up: keep the language the person signed up in, so the
    e-mails of their first minutes (the address's confirmation) are in it."""
    current = translation.get_language() or ""
    if request is not None and current in _LANGUAGES and current != settings.LANGUAGE_CODE:
        user.reads_in = current
        user.save(update_fields=["reads_in"])
