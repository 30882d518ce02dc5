"""Refuse, with a 400, a request whose text no database column can hold
(docs/security.md#refused-at-the-door).

PostgreSQL refuses a NUL character in any text it is given (psycopg raises before the
query is sent), and a lone UTF-16 surrogate cannot be encoded to UTF-8 at all. Either,
in a path segment, a query value, a form field or a cookie, would reach a query through
whichever view reads it (a username looked up, a token matched, a session loaded) and
fail there as a 500. No page of the site has a use for either, so they are refused
once, here, before any view or session is touched, rather than view by view: a view
added later is covered without a thought. (SQLite stores a NUL without complaint, so
both profiles answer the same.) Uploaded files are not searched: a view reads a file
as bytes and decides what it accepts (`games.views.archive` refuses a transcript with
a NUL in it).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

UNSTORABLE = re.compile("[\x00\ud800-\udfff]")

# In English; translated when it is said (gettext_noop marks it for the catalogue).
REFUSAL = gettext_noop(
    "This request holds a character no page here accepts (a NUL, or half of a UTF-16 "
    "surrogate pair), in its address, a field or a cookie. Nothing was changed."
)


def unstorable(text: str) -> bool:
    """Whether `text` holds a character no text column can store."""
    return UNSTORABLE.search(text) is not None


def refuse_unstorable_text(
    get_response: Callable[[HttpRequest], HttpResponse],
) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        if any(unstorable(text) for text in _texts(request)):
            # Before LocaleMiddleware: the language is the one it would choose (the
            # cookie's, if it is one of the site's, else the browser's).
            with translation.override(translation.get_language_from_request(request)):
                refusal = gettext(REFUSAL)
            return HttpResponseBadRequest(refusal, content_type="text/plain; charset=utf-8")
        return get_response(request)

    return middleware


def _texts(request: HttpRequest) -> Iterable[str]:
    yield request.path_info
    yield from request.COOKIES.keys()
    yield from request.COOKIES.values()
    for data in (request.GET, request.POST) if request.method == "POST" else (request.GET,):
        for key, values in data.lists():
            yield key
            yield from values
