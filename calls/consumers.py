"""A person's own socket, open on every page they view while logged in: it joins
``calls-<user id>`` and, when told their calls changed (`calls.push`), draws their bar
for the page it was opened from and sends it as an htmx out-of-band swap. It sends the
bar once on opening too: a call made between the page's drawing and the socket's
opening (a round starting) is not missed. It also carries what other apps draw for
the person (`calls.push.deliver`: the notifications' count and pop-ups), so a page
keeps one socket of its own. The client sends nothing."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from calls import bar, push
from games.layer_watch import LayerWatched, leave
from games.sockets import language_of_scope

NOT_ALLOWED, BAD_MESSAGE = 4403, 4400
MAX_PATH = 300


class CallsConsumer(LayerWatched, AsyncWebsocketConsumer):
    group: str
    path: str
    language: str

    async def connect(self) -> None:
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            await self.close(code=NOT_ALLOWED)
            return
        query = parse_qs(self.scope.get("query_string", b"").decode(errors="replace"))
        self.path = (query.get("on") or ["/"])[0][:MAX_PATH]
        self.language = language_of_scope(self.scope)
        self.group = push.group(user.pk)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self._send_bar()

    async def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            await leave(self.channel_layer, self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.close(code=BAD_MESSAGE)  # the client has nothing to say

    async def calls_changed(self, message: dict[str, Any]) -> None:
        await self._send_bar()

    async def calls_deliver(self, message: dict[str, Any]) -> None:
        """HTML another app drew for this person (`calls.push.deliver`), sent as it is:
        the group is theirs alone."""
        await self.send(text_data=message["html"])

    async def _send_bar(self) -> None:
        html = await database_sync_to_async(bar.render)(
            self.scope["user"], self.path, self.language
        )
        await self.send(text_data=html)
