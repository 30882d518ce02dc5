"""What the sockets' consumers share (docs/realtime.md#consumers-forward).

Channels' `AsyncConsumer.dispatch` runs `aclose_old_connections()` before every
message a consumer handles: a hop to the process's one database thread (`sync_to_async`,
thread-sensitive) and back, which queues behind whatever that thread is doing. It is
there so a handler does not use a database connection gone stale. A pushed view touches
no database -- the writer rendered it -- yet paid the hop for each message: in a Daphne
under `make bench-live`, 12.5% of its CPU (issue 39). `SkipsDatabaseHop` dispatches the
message types a consumer names in `no_database` straight to their handler; every other
message (the socket's own connect, receive, disconnect) goes through Channels' dispatch
as before. A handler named there must do no database work: one that needs it goes
through `database_sync_to_async`, which closes old connections itself, before and after.

A socket reads one language, chosen at the handshake as a page's would be
(`language_of_scope`, docs/i18n.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from channels.consumer import get_handler_name
from django.http import HttpRequest
from django.http.cookie import parse_cookie
from django.utils import translation

from games import presence


class SkipsDatabaseHop:
    """A consumer mix-in (before the Channels consumer class in the bases)."""

    # The message types ("game.view") whose handlers touch no database.
    no_database: frozenset[str] = frozenset()

    async def dispatch(self, message: dict[str, Any]) -> None:
        if message.get("type") in self.no_database:
            await getattr(self, get_handler_name(message))(message)
            return
        await super().dispatch(message)  # type: ignore[misc]


def language_of_scope(scope: Mapping[str, Any]) -> str:
    """The language of the page that opened a WebSocket (a Channels scope), chosen as a
    page's is: the person's saved language, else the language cookie, else the browser's
    Accept-Language (the handshake carries both), else English. The consumers of games,
    calls and tournaments share it; the person's saved language is read off the user
    (accounts.User.language) without importing accounts (tests/test_layers.py)."""
    saved = getattr(scope.get("user"), "language", "") or ""
    if saved in presence.LANGUAGES:
        return saved
    request = HttpRequest()
    headers = {name.lower(): value.decode("latin-1") for name, value in scope.get("headers") or ()}
    # Channels' cookie middleware has parsed them, unless the socket came another way.
    cookies = scope.get("cookies")
    request.COOKIES = dict(
        cookies if cookies is not None else parse_cookie(headers.get(b"cookie", ""))
    )
    request.META["HTTP_ACCEPT_LANGUAGE"] = headers.get(b"accept-language", "")
    chosen = translation.get_language_from_request(request)
    return chosen if chosen in presence.LANGUAGES else presence.ENGLISH
