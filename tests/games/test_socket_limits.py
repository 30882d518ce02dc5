"""Every socket's limits (games.socket_limits, docs/security.md#socket-limits): a frame
over the limit closes with 1009, and a user's 21st open socket closes with 4429."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.core.cache import cache

from games import socket_limits
from games.socket_limits import SocketLimits

# The real suite's caches are per process (LocMem): a clean count for each test.
pytestmark = pytest.mark.usefixtures("_clean_cache")


@pytest.fixture
def _clean_cache() -> Any:
    cache.clear()
    yield
    cache.clear()


async def echo(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """A consumer that accepts, echoes, and records how it was told it disconnected."""
    assert (await receive())["type"] == "websocket.connect"
    await send({"type": "websocket.accept"})
    while True:
        message = await receive()
        if message["type"] == "websocket.disconnect":
            scope["disconnected_with"].append(message["code"])
            return
        await send({"type": "websocket.send", "text": message.get("text")})


def socket(user_id: int | None = 7, address: str = "10.0.0.1") -> WebsocketCommunicator:
    user = SimpleNamespace(pk=user_id, is_authenticated=user_id is not None)
    communicator = WebsocketCommunicator(SocketLimits(echo), "/ws/games/1/")
    communicator.scope["user"] = user
    communicator.scope["client"] = (address, 50000)
    communicator.scope["disconnected_with"] = []
    return communicator


def test_a_frame_over_the_limit_closes_with_1009_and_the_consumer_hears_of_it() -> None:
    async def run() -> tuple[Any, Any, list[int]]:
        ws = socket()
        assert (await ws.connect())[0]
        await ws.send_to(text_data='{"seq": 3}')
        small = await ws.receive_from()
        await ws.send_to(text_data="x" * (socket_limits.MAX_FRAME_BYTES + 1))
        closed = await ws.receive_output()
        await ws.wait()
        return small, closed, ws.scope["disconnected_with"]

    small, closed, told = async_to_sync(run)()
    assert small == '{"seq": 3}'
    assert closed == {"type": "websocket.close", "code": 1009}
    assert told == [1009]


def test_a_binary_frame_and_a_megabyte_count_too() -> None:
    async def run() -> Any:
        ws = socket()
        await ws.connect()
        await ws.send_to(bytes_data=b"\0" * 1_000_000)
        closed = await ws.receive_output()
        await ws.wait()
        return closed

    assert async_to_sync(run)() == {"type": "websocket.close", "code": 1009}


def test_the_21st_socket_of_a_user_closes_with_4429_and_a_freed_place_opens_again() -> None:
    async def run() -> tuple[list[bool], Any, bool, bool]:
        open_ones = [socket() for _ in range(20)]
        accepted = [(await ws.connect())[0] for ws in open_ones]
        twenty_first = socket()
        connected, _ = await twenty_first.connect()
        assert connected  # accepted, so that the close code reaches the browser
        refused = await twenty_first.receive_output()
        other_user = socket(user_id=8)
        others_ok = (await other_user.connect())[0]
        await open_ones[0].disconnect()
        again = socket()
        again_ok = (await again.connect())[0]
        await again.send_to(text_data="hello")
        assert await again.receive_from() == "hello"
        for ws in [*open_ones[1:], again, other_user]:
            await ws.disconnect()
        return accepted, refused, others_ok, again_ok

    accepted, refused, others_ok, again_ok = async_to_sync(run)()
    assert accepted == [True] * 20
    assert refused == {"type": "websocket.close", "code": 4429}
    assert others_ok and again_ok


def test_visitors_who_are_not_signed_in_are_counted_by_address(monkeypatch: Any) -> None:
    monkeypatch.setattr(socket_limits, "MAX_SOCKETS_PER_ADDRESS", 2)

    async def run() -> tuple[Any, bool]:
        first, second = socket(None), socket(None)
        await first.connect()
        await second.connect()
        third = socket(None)
        await third.connect()
        refused = await third.receive_output()
        elsewhere = socket(None, address="10.0.0.2")
        ok = (await elsewhere.connect())[0]
        for ws in (first, second, elsewhere):
            await ws.disconnect()
        return refused, ok

    refused, ok = async_to_sync(run)()
    assert refused["code"] == 4429
    assert ok


def test_what_a_dead_process_left_stops_counting_after_two_buckets(monkeypatch: Any) -> None:
    now = [1_000_000.0]
    monkeypatch.setattr(socket_limits, "clock", lambda: now[0])
    bucket = int(now[0] // socket_limits.BUCKET_SECONDS)
    # Twenty sockets a crashed web process never took off the count.
    cache.set(socket_limits._key("user:7", bucket), 20)

    def opens() -> bool:

        async def attempt() -> bool:
            ws = socket()
            await ws.connect()
            if not await ws.receive_nothing(timeout=0.05):
                return False  # something came: the close
            await ws.disconnect()
            return True

        return async_to_sync(attempt)()

    assert not opens()
    now[0] += socket_limits.BUCKET_SECONDS
    assert not opens()  # the previous bucket still counts
    now[0] += socket_limits.BUCKET_SECONDS
    assert opens()


def test_an_open_socket_moves_into_each_new_bucket(monkeypatch: Any) -> None:
    now = [2_000_000.0]
    monkeypatch.setattr(socket_limits, "clock", lambda: now[0])
    monkeypatch.setattr(socket_limits, "CHECK_SECONDS", 0.05)

    async def run() -> tuple[int, int]:
        ws = socket()
        await ws.connect()
        now[0] += 2 * socket_limits.BUCKET_SECONDS
        # Let the socket's mover wake (it looks every 50 ms here) and move.
        for _ in range(40):
            await ws.receive_nothing(timeout=0.05)
            if await socket_limits.open_sockets("user:7") == 1 and cache.get(
                socket_limits._key("user:7", int(now[0] // socket_limits.BUCKET_SECONDS))
            ):
                break
        counted = await socket_limits.open_sockets("user:7")
        await ws.disconnect()
        return counted, await socket_limits.open_sockets("user:7")

    counted, after = async_to_sync(run)()
    assert (counted, after) == (1, 0)


def test_a_failing_cache_lets_sockets_in(monkeypatch: Any) -> None:
    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("cache down")

    # On the class: each async context has its own cache object (asgiref's Local).
    from django.core.cache.backends.locmem import LocMemCache

    monkeypatch.setattr(LocMemCache, "aget_many", broken)

    async def run() -> bool:
        sockets = [socket() for _ in range(25)]
        results = [(await ws.connect())[0] for ws in sockets]
        quiet = [await ws.receive_nothing(timeout=0.01) for ws in sockets]
        ok = all(results) and all(quiet)
        for ws in sockets:
            await ws.disconnect()
        return ok

    assert async_to_sync(run)()
