"""Sockets while the channel layer is down (docs/realtime.md#when-the-layer-is-down).

The layer is Redis (or the embedded Valkey) too. When it goes away, a socket stays open
but nothing reaches it: pushes are published nowhere, and the page, which does not poll
while its socket is open, would show nothing new until the layer came back. So each
web process that holds sockets watches the layer (`LayerWatch`): every PROBE_SECONDS
one cheap group send (one PUBLISH) to a group no one joins; when it fails, every socket
of the process is closed with LAYER_DOWN (4503: "service unavailable", in the range of
the project's other codes; Daphne sends no 1011-1013 of an application's). The page then
does what it does without a socket -- the table polls its game view, an event's page
fetches its live part -- and tries the socket again: static/js/sockets.js has htmx's ws
extension take 4503 as the 1013 ("try again later") it reconnects after. While the
layer is still down, a new socket cannot get a channel or join its groups:
`LayerWatched` refuses the handshake instead of ending in a traceback (a browser sees
1006 and htmx tries again), so the page keeps polling; once the layer is back the
socket opens, says what it shows, and is sent what it missed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from channels.layers import InMemoryChannelLayer, get_channel_layer
from redis.exceptions import RedisError

log = logging.getLogger(__name__)

LAYER_DOWN = 4503
PROBE_SECONDS = 2.0
PROBE_TIMEOUT = 2.0  # a layer that takes longer to answer one PUBLISH is as good as down
PROBE_GROUP = "layer-probe"  # no socket joins it
# What the layer raises when its server is away (or an answer that never comes).
LAYER_ERRORS: tuple[type[BaseException], ...] = (RedisError, OSError, asyncio.TimeoutError)


WARN_EVERY_SECONDS = 30.0
_warned: dict[str, float] = {}


def _warn_spaced(what: str, message: str, *args: Any) -> None:
    """A warning at most once per WARN_EVERY_SECONDS for `what`: during an outage
    every page's socket tries again every few seconds."""
    now = time.monotonic()
    if now - _warned.get(what, -WARN_EVERY_SECONDS) < WARN_EVERY_SECONDS:
        return
    _warned[what] = now
    log.warning(message, *args)


async def leave(layer: Any, group: str, channel: str) -> None:
    """`group_discard`, which a socket closing while the layer is down must not fail
    on: the rest of its disconnect (presence, the catch-up's count) still runs."""
    try:
        await layer.group_discard(group, channel)
    except LAYER_ERRORS as error:
        _warn_spaced("leave", "socket left %s without the channel layer (%r)", group, error)


async def layer_answers(layer: Any) -> bool:
    """Whether `layer` takes one group send within PROBE_TIMEOUT."""
    try:
        await asyncio.wait_for(
            layer.group_send(PROBE_GROUP, {"type": "layer.probe"}), PROBE_TIMEOUT
        )
    except LAYER_ERRORS:
        return False
    return True


class LayerWatch:
    """This process's sockets (every consumer that is `LayerWatched`), and the probe that
    closes them all when the layer stops answering."""

    def __init__(self) -> None:
        self.sockets: set[Any] = set()
        self.task: asyncio.Task[None] | None = None
        self.down = False  # the last probe failed

    def add(self, consumer: Any) -> None:
        self.sockets.add(consumer)
        # The in-memory layer (the tests' single process) cannot go away.
        if isinstance(get_channel_layer(), InMemoryChannelLayer):
            return
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self.run())

    def discard(self, consumer: Any) -> None:
        self.sockets.discard(consumer)

    async def run(self) -> None:
        while self.sockets:
            await asyncio.sleep(PROBE_SECONDS)
            try:
                await self.check(get_channel_layer())
            except Exception:  # keep watching; the next probe tries again
                log.exception("channel layer probe failed")

    async def check(self, layer: Any) -> bool:
        """Probe `layer`; if it does not answer, close every socket here with
        LAYER_DOWN. Whether it answered."""
        answered = await layer_answers(layer)
        if answered != (not self.down):
            if answered:
                log.warning("channel layer back: sockets open again")
            else:
                log.warning(
                    "channel layer down: %d socket(s) closed with %d, their pages poll",
                    len(self.sockets),
                    LAYER_DOWN,
                )
        self.down = not answered
        if not answered:
            await self.close_all()
        return answered

    async def close_all(self) -> None:
        for consumer in list(self.sockets):
            self.sockets.discard(consumer)
            with contextlib.suppress(Exception):  # the socket went already
                await consumer.close(code=LAYER_DOWN)


watch = LayerWatch()


class LayerWatched:
    """A consumer mix-in (first in the bases): the socket is watched by `watch` while it
    runs, and a layer error anywhere in it -- getting its channel, joining or leaving
    its groups -- closes it with LAYER_DOWN rather than end in a traceback."""

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        watch.add(self)
        try:
            await super().__call__(scope, receive, send)  # type: ignore[misc]
        except LAYER_ERRORS as error:
            _warn_spaced(
                "socket",
                "sockets closed with %d while the channel layer fails (%r; said once per %d s)",
                LAYER_DOWN,
                error,
                WARN_EVERY_SECONDS,
            )
            with contextlib.suppress(Exception):  # the client may be gone already
                await send({"type": "websocket.close", "code": LAYER_DOWN})
        finally:
            watch.discard(self)
