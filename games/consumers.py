"""The game socket: forwards each viewer their pushed view (DESIGN.md §5).

Consumers do no game logic and, on the hot path (a pushed view), no database work:
the writer already rendered this viewer's HTML. Database work happens only when a
socket opens, when a client says it is behind, and in the per-process catch-up check.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import Counter
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings

from games import realtime

log = logging.getLogger(__name__)


class GameConsumer(AsyncWebsocketConsumer):
    game_id: int
    seat: int | None
    group: str
    last_seq: int

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.last_seq = -1
        allowed, self.seat = await database_sync_to_async(realtime.viewer_seat)(
            self.game_id, self.scope.get("user")
        )
        if not allowed:
            await self.close(code=4403)
            return
        self.group = (
            realtime.watch_group(self.game_id)
            if self.seat is None
            else realtime.seat_group(self.game_id, self.seat)
        )
        # Present before joining the group: a writer renders only for viewers present.
        await database_sync_to_async(realtime.mark_present)(self.game_id, self.seat)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        watcher.add(self.game_id, self.seat)
        if self.seat is not None:
            await database_sync_to_async(realtime.presence_changed)(self.game_id)

    async def disconnect(self, code: int) -> None:
        if not hasattr(self, "group"):
            return
        await self.channel_layer.group_discard(self.group, self.channel_name)
        watcher.remove(self.game_id, self.seat)
        if self.seat is not None and not watcher.has(self.game_id, self.seat):
            await database_sync_to_async(realtime.mark_absent)(self.game_id, self.seat)
            await database_sync_to_async(realtime.presence_changed)(self.game_id)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """A client says which seq it shows (on open and reconnect): send the current
        view if it is behind."""
        try:
            seq = int(json.loads(text_data or "{}").get("seq", -1))
        except (ValueError, TypeError, AttributeError):
            return
        current, html = await database_sync_to_async(realtime.render_for)(self.game_id, self.seat)
        if current != seq:
            await self._send_view(current, html)

    async def game_view(self, message: dict[str, Any]) -> None:
        watcher.seen(self.game_id, message["seq"])
        await self._send_view(message["seq"], message["html"], message.get("refresh", False))

    async def _send_view(self, seq: int, html: str, refresh: bool = False) -> None:
        if seq < self.last_seq or (seq == self.last_seq and not refresh):
            return  # an older or repeated push: the client already has newer
        self.last_seq = seq
        await self.send(text_data=html)


class Watcher:
    """This process's sockets, and the slow check that catches up lost pushes.

    Every THIRTYONE_CATCH_UP_SECONDS it reads the seq of every game that has a socket
    here, in one query, and re-pushes any game that moved on without a push arriving
    here: a safety net for pushes the channel layer dropped (it delivers at most once)
    or that were lost while it was away.
    """

    def __init__(self) -> None:
        self.sockets: Counter[tuple[int, int | None]] = Counter()
        self.known_seq: dict[int, int] = {}
        self.behind: dict[int, int] = {}  # game -> the seq it lagged at, at the last check
        self.task: asyncio.Task | None = None

    def add(self, game_id: int, seat: int | None) -> None:
        self.sockets[(game_id, seat)] += 1
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self.run())

    def remove(self, game_id: int, seat: int | None) -> None:
        self.sockets[(game_id, seat)] -= 1
        if self.sockets[(game_id, seat)] <= 0:
            del self.sockets[(game_id, seat)]

    def has(self, game_id: int, seat: int | None) -> bool:
        return self.sockets[(game_id, seat)] > 0

    def seen(self, game_id: int, seq: int) -> None:
        self.known_seq[game_id] = max(seq, self.known_seq.get(game_id, -1))

    async def run(self) -> None:
        beats = 0
        loop = asyncio.get_running_loop()
        took = 0.0
        while self.sockets:
            # A check every THIRTYONE_CATCH_UP_SECONDS from start to start: under load a
            # check takes a good part of that, and a sleep after it would add to the lag.
            await asyncio.sleep(max(0.0, settings.THIRTYONE_CATCH_UP_SECONDS - took))
            beats += 1
            started = loop.time()
            try:
                await self.check(refresh_presence=beats % 15 == 0)
            except Exception:  # keep the loop alive; the next tick tries again
                log.exception("catch-up check failed")
            took = loop.time() - started

    async def check(self, *, refresh_presence: bool = False) -> None:
        game_ids = sorted({game_id for game_id, _ in self.sockets})
        if not game_ids:
            return
        seqs = await database_sync_to_async(realtime.current_seqs)(game_ids)
        # With a shared layer (Redis, the embedded Valkey) the writer's own push is
        # usually on its way when a check sees a new seq: re-push only a game still
        # behind what the last check saw, rather than render its views again here
        # (under load, every web process did so for most moves). The tests' in-memory
        # layer brings no pushes from other processes.
        wait_a_check = not isinstance(get_channel_layer(), InMemoryChannelLayer)
        behind: dict[int, int] = {}
        due: list[int] = []
        for game_id, seq in seqs.items():
            known = self.known_seq.get(game_id)
            if known is None:
                self.known_seq[game_id] = seq  # first look: sockets got it on connect
            elif seq > known:
                if wait_a_check and self.behind.get(game_id, known) <= known:
                    behind[game_id] = seq
                    continue
                self.known_seq[game_id] = seq
                due.append(game_id)
        self.behind = behind
        if due:  # one trip to the database thread for all of them
            await database_sync_to_async(_push_games)(
                {game_id: self.viewers(game_id) for game_id in due}
            )
        if refresh_presence:
            await database_sync_to_async(realtime.mark_present_all)(list(self.sockets))

    def viewers(self, game_id: int) -> set[int | None]:
        """The seats (None: spectators) this process has a socket for at `game_id`."""
        return {seat for game, seat in self.sockets if game == game_id}


def _push_games(viewers: dict[int, set[int | None]]) -> None:
    """Re-push each game to this process's own viewers of it."""
    for game_id, seats in viewers.items():
        realtime.push_game(game_id, viewers=seats)


watcher = Watcher()
