"""A real Daphne closes a socket whose frame is over its limit with 1009, where it
dropped the TCP connection with no close frame (thirtyone.daphne_frames,
docs/security.md#socket-limits)."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Iterator

import pytest
import websockets
from django.conf import settings

from lab.bench.processes import free_port, port_answers


@pytest.fixture
def daphne() -> Iterator[int]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
        # As the Procfiles run it.
        + ["--websocket-max-message-size", "65536", "tests.thirtyone.frames_app:application"],
        cwd=settings.BASE_DIR,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(300):
            if port_answers(port):
                break
            if process.poll() is not None:
                pytest.fail("daphne exited at start")
            asyncio.run(asyncio.sleep(0.1))
        yield port
    finally:
        process.terminate()
        process.wait(timeout=30)


async def close_code_after(port: int, frame: str) -> int | None:
    async with websockets.connect(f"ws://127.0.0.1:{port}/", max_size=None) as socket:
        await socket.send(frame)
        try:
            await asyncio.wait_for(socket.recv(), timeout=30)
        except websockets.ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None
    return -1  # a message came back: not closed


def test_a_megabyte_frame_is_closed_with_1009(daphne: int) -> None:
    assert asyncio.run(close_code_after(daphne, "x" * 1_000_000)) == 1009


def test_a_frame_under_the_limit_keeps_the_socket(daphne: int) -> None:
    async def run() -> bool:
        async with websockets.connect(f"ws://127.0.0.1:{daphne}/") as socket:
            await socket.send("x" * 1000)
            await socket.ping()
            return True

    assert asyncio.run(run())
