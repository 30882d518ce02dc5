"""Only our own pages may open a WebSocket: scheme, host and port (thirtyone.websocket_origin)."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator

from thirtyone.asgi import application
from thirtyone.websocket_origin import SameOriginWebSocket


async def accepting(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """An application that accepts every socket (and needs no database)."""
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    while (await receive())["type"] != "websocket.disconnect":
        pass


guarded = SameOriginWebSocket(accepting)


def connects(
    origin: str | None, host: str | None, scheme: str = "ws", extra: list | None = None
) -> bool:
    headers = [(b"origin", origin.encode())] if origin is not None else []
    if host is not None:
        headers.append((b"host", host.encode()))
    socket = WebsocketCommunicator(guarded, "/ws/games/1/", headers=headers + (extra or []))
    socket.scope["scheme"] = scheme

    async def attempt() -> bool:
        connected, _ = await socket.connect()
        if connected:
            await socket.disconnect()
        return connected

    return async_to_sync(attempt)()


@pytest.fixture(autouse=True)
def _site(settings: Any) -> None:
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost", "cards.example"]
    settings.CSRF_TRUSTED_ORIGINS = []
    settings.SECURE_PROXY_SSL_HEADER = None


def test_the_sites_own_page_may_open_a_socket() -> None:
    assert connects("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert connects("https://cards.example", "cards.example", scheme="wss")


@pytest.mark.parametrize(
    "origin",
    [
        "http://127.0.0.1:9999",  # another port on the same host
        "https://127.0.0.1:8000",  # another scheme
        "http://127.0.0.1",  # the default port is another port
        "https://localhost",  # another allowed host
        "http://evil.example",
        "null",  # a sandboxed page or a file
    ],
)
def test_another_origin_is_refused(origin: str) -> None:
    assert not connects(origin, "127.0.0.1:8000")


def test_a_plain_socket_is_not_a_secure_page_and_a_secure_one_not_a_plain_page() -> None:
    assert not connects("https://cards.example", "cards.example", scheme="ws")
    assert not connects("http://cards.example", "cards.example", scheme="wss")


def test_without_an_origin_or_a_host_the_socket_is_refused() -> None:
    assert not connects(None, "127.0.0.1:8000")
    assert not connects("http://127.0.0.1:8000", None)


def test_a_host_outside_allowed_hosts_is_refused_even_from_its_own_page() -> None:
    assert not connects("http://evil.example", "evil.example")
    assert not connects("http://localhost", "localhost,evil.example")  # two Host headers


def test_behind_a_tls_proxy_the_proxys_header_gives_the_scheme(settings: Any) -> None:
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    proto = [(b"x-forwarded-proto", b"https")]
    assert connects("https://cards.example", "cards.example", extra=proto)
    assert not connects("http://cards.example", "cards.example", extra=proto)


def test_csrf_trusted_origins_may_open_a_socket(settings: Any) -> None:
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example", "https://*.cards.example"]
    assert connects("https://play.example", "cards.example", scheme="wss")
    assert connects("https://eu.cards.example", "cards.example", scheme="wss")
    assert not connects("http://play.example", "cards.example", scheme="wss")
    assert not connects("https://play.example:8443", "cards.example", scheme="wss")


def test_the_served_application_checks_the_port() -> None:
    socket = WebsocketCommunicator(
        application,
        "/ws/games/1/",
        headers=[(b"origin", b"http://127.0.0.1:9999"), (b"host", b"127.0.0.1:8000")],
    )
    connected, _ = async_to_sync(socket.connect)()
    assert not connected
