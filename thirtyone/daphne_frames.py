"""Daphne closes a socket whose frame is too big with 1009 instead of dropping it
(docs/security.md#socket-limits).

Daphne hands its size limits (``--websocket-max-message-size``, 1 MiB unless told) to
autobahn, whose ``failByDrop`` option, on by default and not one Daphne exposes, fails
such a connection by closing the TCP connection at once: no close frame, so a client
sees only a dropped connection. With it off autobahn sends the close frame, code 1009,
and Daphne tells the application the socket disconnected.
"""

from __future__ import annotations

from typing import Any

_done = False


def close_oversized_frames() -> None:
    """Make every WebSocket factory Daphne builds from now on close, not drop."""
    global _done
    if _done:
        return
    try:
        from daphne.ws_protocol import WebSocketFactory
    except ImportError:  # served by another ASGI server: nothing to set
        return
    original = WebSocketFactory.__init__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        original(self, *args, **kwargs)
        self.setProtocolOptions(failByDrop=False)

    WebSocketFactory.__init__ = __init__
    _done = True
