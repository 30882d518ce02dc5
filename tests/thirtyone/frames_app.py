"""An ASGI application for tests/thirtyone/test_daphne_frames.py: Daphne set up as
thirtyone.asgi sets it up (close_oversized_frames), around a socket that accepts."""

from __future__ import annotations

from typing import Any

from thirtyone.daphne_frames import close_oversized_frames

close_oversized_frames()


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    assert scope["type"] == "websocket"
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    while (await receive())["type"] != "websocket.disconnect":
        pass
