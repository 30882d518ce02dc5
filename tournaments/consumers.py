"""The event socket: the page's live part (status, your table, the round's tables,
the standings), sent again whenever the event changes.

`tournaments.live` tells the group ``event-<id>`` that the event changed, with no
content; each socket renders the part for its own viewer (your table is yours) and
sends it as an htmx out-of-band fragment, which the htmx ws extension swaps in by its
id. The standings are public, so anyone may watch, logged in or not; the part shows
places and points only, never a card. Clients have nothing to say: any message closes
the socket. A socket that was down misses changes until the next one (or a reload).
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from tournaments import live, pages
from tournaments.models import Event

BAD_MESSAGE, NOT_FOUND = 4400, 4404


class EventConsumer(AsyncWebsocketConsumer):
    event_id: int
    group: str

    async def connect(self) -> None:
        # The route admits at most 18 digits: any such id fits the database's integers.
        self.event_id = int(self.scope["url_route"]["kwargs"]["event_id"])
        found = await database_sync_to_async(Event.objects.filter(pk=self.event_id).exists)()
        if not found:
            await self.close(code=NOT_FOUND)
            return
        self.group = live.group(self.event_id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.close(code=BAD_MESSAGE)

    async def event_changed(self, message: dict[str, Any]) -> None:
        html = await database_sync_to_async(pages.render_live)(
            self.event_id, self.scope.get("user"), message.get("change")
        )
        if html is None:  # the event was deleted
            await self.close(code=NOT_FOUND)
        else:
            await self.send(text_data=html)
