"""Limits every WebSocket shares, whatever its consumer (docs/security.md#socket-limits).

`SocketLimits` is ASGI middleware that thirtyone.asgi puts around every socket route
(inside the auth middleware, so it knows the user), so the rule lives in one place:

- a frame (a received message) over MAX_FRAME_BYTES closes the socket with 1009
  ("message too big", RFC 6455) and the consumer is told it disconnected. The largest
  honest message is a game socket's ``{"seq": ..., "chat": ...}``, a few dozen bytes;
  Daphne is also told the same limit (Procfile) and closes with 1009 before it even
  buffers the frame (thirtyone.asgi makes it close rather than drop the connection);
- at most MAX_SOCKETS_PER_USER sockets open at once per signed-in user (the next one is
  accepted and closed at once with 4429, so the browser sees the code); a visitor who is
  not signed in is counted by address, with MAX_SOCKETS_PER_ADDRESS, as a club room or
  a school behind one address holds many spectators.

The count lives in the shared cache, so every web process adds to it. A web process
that dies cannot take its sockets off: counts are kept in buckets of BUCKET_SECONDS,
each open socket moves itself into the current bucket as a new one starts, and only the
current and the previous bucket are read, so what a dead process left stops counting
within two buckets. As the rate limits are (games.ratelimit), the cache is a helper and
not a gate: if it is out (games.safe_cache's outage errors), the socket is let in.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from django.conf import settings
from django.core.cache import cache

from games import safe_cache

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_FRAME_BYTES = 64 * 1024
MAX_SOCKETS_PER_USER = 20
MAX_SOCKETS_PER_ADDRESS = 200
MESSAGE_TOO_BIG, TOO_MANY_SOCKETS = 1009, 4429
BUCKET_SECONDS = 300
# How often an open socket looks whether a new bucket began (its clock may jump).
CHECK_SECONDS = 30.0

# The clock the buckets are counted on (tests move it).
clock: Callable[[], float] = time.time


def owner_of(scope: Scope) -> tuple[str, int]:
    """Whom a socket counts against, and how many they may hold."""
    user = scope.get("user")
    if user is not None and getattr(user, "is_authenticated", False):
        return f"user:{user.pk}", MAX_SOCKETS_PER_USER
    return f"address:{address_of(scope)}", MAX_SOCKETS_PER_ADDRESS


def address_of(scope: Scope) -> str:
    """The client's address: the peer of the connection, or behind TRUSTED_PROXY_COUNT
    proxies the X-Forwarded-For entry the nearest one appended (as the log-in limits
    read it, docs/security.md#limits)."""
    proxies = int(getattr(settings, "ALLAUTH_TRUSTED_PROXY_COUNT", 0) or 0)
    if proxies > 0:
        for name, value in scope.get("headers") or ():
            if name.lower() == b"x-forwarded-for":
                entries = [part.strip() for part in value.decode("latin-1").split(",")]
                if len(entries) >= proxies:
                    return entries[-proxies]
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


def _key(owner: str, bucket: int) -> str:
    return f"sockets:{owner}:{bucket}"


def _bucket() -> int:
    return int(clock() // BUCKET_SECONDS)


async def _add(owner: str, bucket: int, delta: int) -> None:
    key = _key(owner, bucket)
    # A bucket outlives the two it is read in; incr keeps the expiry add() set.
    await cache.aadd(key, 0, timeout=3 * BUCKET_SECONDS)
    # ValueError: expired between the two calls, nothing left to count.
    with contextlib.suppress(ValueError):
        await cache.aincr(key, delta)


async def open_sockets(owner: str) -> int:
    bucket = _bucket()
    counts = await cache.aget_many([_key(owner, bucket), _key(owner, bucket - 1)])
    return sum(max(int(value), 0) for value in counts.values())


class Registration:
    """One open socket in the count: it moves into each new bucket until it closes."""

    def __init__(self, owner: str) -> None:
        self.owner = owner
        self.bucket = _bucket()
        self.mover: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await _add(self.owner, self.bucket, 1)
        self.mover = asyncio.get_running_loop().create_task(self._move())

    async def _move(self) -> None:
        while True:
            left = (self.bucket + 1) * BUCKET_SECONDS - clock()
            await asyncio.sleep(min(max(left, 0.05), CHECK_SECONDS))
            new = _bucket()
            if new == self.bucket:
                continue
            try:
                # Into the new bucket before out of the old: counted twice for a moment
                # rather than not at all.
                await _add(self.owner, new, 1)
                await _add(self.owner, self.bucket, -1)
            except safe_cache.OUTAGE_ERRORS as error:
                safe_cache.warn("socket count (moving a socket)", error, log)
            self.bucket = new

    async def stop(self) -> None:
        if self.mover is not None:
            self.mover.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.mover
        try:
            await _add(self.owner, self.bucket, -1)
        except safe_cache.OUTAGE_ERRORS as error:
            safe_cache.warn("socket count (closing a socket)", error, log)


async def admit(scope: Scope) -> Registration | None | bool:
    """A Registration if the socket may open and was counted, True if it may open but
    the cache failed (not counted), False if its owner holds too many already."""
    owner, allowed = owner_of(scope)
    try:
        if await open_sockets(owner) >= allowed:
            return False
        registration = Registration(owner)
        await registration.start()
    except safe_cache.OUTAGE_ERRORS as error:
        safe_cache.warn("socket count (a socket let in uncounted)", error, log)
        return True
    return registration


def _size(message: Message) -> int:
    text = message.get("text")
    if text is not None:
        # A character is at most 4 bytes in UTF-8: only near the limit is it encoded.
        return len(text) if len(text) * 4 <= MAX_FRAME_BYTES else len(text.encode())
    return len(message.get("bytes") or b"")


class SocketLimits:
    """ASGI middleware: the frame size and sockets-per-user limits above."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope.get("type") != "websocket":
            await self.app(scope, receive, send)
            return
        first = await receive()
        registration: Registration | None | bool = None
        if first.get("type") == "websocket.connect":
            registration = await admit(scope)
            if registration is False:
                # Accepted, then closed: a socket refused at the handshake shows the
                # browser an HTTP 403 and no code.
                await send({"type": "websocket.accept"})
                await send({"type": "websocket.close", "code": TOO_MANY_SOCKETS})
                return
        pending: list[Message] = [first]

        async def limited_receive() -> Message:
            message = pending.pop() if pending else await receive()
            if message.get("type") == "websocket.receive" and _size(message) > MAX_FRAME_BYTES:
                await send({"type": "websocket.close", "code": MESSAGE_TOO_BIG})
                return {"type": "websocket.disconnect", "code": MESSAGE_TOO_BIG}
            return message

        try:
            await self.app(scope, limited_receive, send)
        finally:
            if isinstance(registration, Registration):
                await registration.stop()
