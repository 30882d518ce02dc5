"""A push service on this machine, and a browser's side of a subscription
(docs/notifications.md#web-push): the tests and lab.bench_push post to the one and
decrypt with the other, so no real push service is needed."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from notifications.models import PushSubscription


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """A browser's side of a subscription: its key pair and auth secret."""

    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def keys(self) -> dict[str, str]:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"p256dh": b64(point), "auth": b64(self.auth)}

    def read(self, body: bytes) -> Any:
        return json.loads(
            http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm")
        )


class PushService:
    """An HTTP server standing in for a push service: it keeps each request and answers
    with the next status of `answers` (201 when they run out)."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        self.answers: list[tuple[int, dict[str, str]]] = []
        self.connections: set[int] = set()
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive: one connection may carry many

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", "0"))
                service.connections.add(self.client_address[1])
                service.requests.append(
                    {
                        "path": self.path,
                        "headers": {k.lower(): v for k, v in self.headers.items()},
                        "body": self.rfile.read(length),
                        "at": time.monotonic(),
                    }
                )
                status, headers = service.answers.pop(0) if service.answers else (201, {})
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def subscribe(self, user: Any, browser: Browser, name: str = "device") -> PushSubscription:
        return PushSubscription.objects.create(
            user=user,
            endpoint=f"{self.origin}/push/{name}",
            browser="Firefox on Linux",
            **browser.keys(),
        )

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
