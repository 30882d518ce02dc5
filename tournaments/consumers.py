"""The event socket: the page's live part (status, your table, the round's tables,
the standings), sent again whenever the event changes.

`tournaments.pushes.live` tells the group ``event-<id>`` that the event changed, with no
content; each socket renders the part for its own viewer (your table is yours) and
sends it as an htmx out-of-band fragment, which the htmx ws extension swaps in by its
id. The standings are public, so anyone may watch, logged in or not; the part shows
places and points only, never a card.

A client says one thing, once, when its socket opens: ``{"shown": N}``, the
`Event.live_version` of the part its page shows (static/js/events.js). If the event has
changed since (the page was made before the socket opened, or the socket was down and
missed pushes), the socket sends the part now. Anything else, or a second message,
closes the socket. While the channel layer is down the socket is closed with 4503 and
the page fetches its live part instead (docs/realtime.md#when-the-layer-is-down).

The projector view's socket (``ws/tournaments/<id>/screen/``, `ProjectorConsumer`)
speaks the same and sends the screen's live part instead (tournaments.room.projector); a
card table's result page's (``ws/tournaments/<id>/news/``, `NewsConsumer`) the event's
news alone (a break, announcements: tournaments.news).

A socket renders in the language its page was made in (docs/i18n.md): the viewer's
saved language, else the footer's cookie, else the browser's Accept-Language, as the
page's request chose (`language_of_scope`).
"""

from __future__ import annotations

import json
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation

from games.layer_watch import LayerWatched, leave
from games.sockets import language_of_scope
from games.wording import readers
from tournaments import name_scope, news, pages
from tournaments.models import Event
from tournaments.pushes import live
from tournaments.room import projector

BAD_MESSAGE, NOT_FOUND = 4400, 4404
MAX_MESSAGE_LENGTH = 100  # {"shown": N} needs a few dozen characters


class EventConsumer(LayerWatched, AsyncWebsocketConsumer):
    event_id: int
    group: str
    heard = False  # the client's one message, `{"shown": N}`, has come

    async def connect(self) -> None:
        # The route admits at most 18 digits: any such id fits the database's integers.
        self.event_id = int(self.scope["url_route"]["kwargs"]["event_id"])
        if await self._version() is None:
            await self.close(code=NOT_FOUND)
            return
        self.group = live.group(self.event_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await leave(self.channel_layer, self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        shown = None if self.heard else _shown_version(text_data)
        if shown is None:
            await self.close(code=BAD_MESSAGE)
            return
        self.heard = True
        version = await self._version()
        if version != shown:
            # Sockets of this process that missed the same changes share one read of
            # the event (a reconnect storm after a restart asks all at once).
            await self._send_live(("version", version))

    async def event_changed(self, message: dict[str, Any]) -> None:
        await self._send_live(message.get("change"))

    async def _send_live(self, change: Any) -> None:
        html = await database_sync_to_async(self._render_in_language)(change)
        if html is None:  # the event was deleted
            await self.close(code=NOT_FOUND)
        else:
            await self.send(text_data=html)

    def _render_in_language(self, change: Any) -> str | None:
        """`_render` in the language of this socket's page (docs/i18n.md), its names as
        its reader reads them (docs/privacy.md#my-name-off-public-pages)."""
        reader = self._reader()
        with (
            translation.override(language_of_scope(self.scope)),
            readers.reading_as(reader, name_scope.event_scope(self.event_id, reader)),
        ):
            return self._render(change)

    def _reader(self) -> Any:
        """Whose names this socket's part shows: its viewer's."""
        return self.scope.get("user")

    def _render(self, change: Any) -> str | None:
        """The part to send, for this socket's viewer (None: the event is gone)."""
        return pages.render_live(self.event_id, self.scope.get("user"), change)

    async def _version(self) -> int | None:
        """The event's `live_version`; None when there is no such event."""
        versions = Event.objects.filter(pk=self.event_id).values_list("live_version", flat=True)
        return await database_sync_to_async(versions.first)()


class ProjectorConsumer(EventConsumer):
    """The projector view's socket (tournaments.room.projector): the same protocol, but it
    sends the screen's live part, the same for every viewer, rendered once per change
    in a process."""

    def _reader(self) -> Any:
        return None  # a screen in the room: names as no one in particular reads them

    def _render(self, change: Any) -> str | None:
        return projector.render_live(self.event_id, change)


class NewsConsumer(EventConsumer):
    """A card table's result page's socket (docs/club-night.md#news-on-the-result-page):
    the same protocol, but it sends the event's news only (`#event-news`), the same for
    every viewer, rendered once per change in a process. The page shows one table to its
    players, so nothing else of the event is pushed to it."""

    def _reader(self) -> Any:
        return None  # the same for every socket

    def _render(self, change: Any) -> str | None:
        return news.render_pushed(self.event_id, change)


def _shown_version(text: str | None) -> int | None:
    """N from a client's `{"shown": N}` (a non-negative integer); None for anything else."""
    if text is None or len(text) > MAX_MESSAGE_LENGTH:
        return None
    try:
        message = json.loads(text)
    except ValueError:
        return None
    shown = message.get("shown") if isinstance(message, dict) else None
    if isinstance(shown, bool) or not isinstance(shown, int) or shown < 0:
        return None
    return shown
