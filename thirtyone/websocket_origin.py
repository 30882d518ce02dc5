"""Which pages may open a WebSocket to us: our own, by scheme, host and port (issue 20).

A browser sends a page's cookies with a WebSocket it opens to any site, and says which
page opened it in the Origin header; there is no CSRF token. So a socket is accepted
only when its Origin passes the same test Django's CSRF protection applies to a POST's
Origin: exactly ``<scheme>://<Host header>``, where the scheme is that of the socket
itself (ws: http, wss: https; behind a TLS proxy, SECURE_PROXY_SSL_HEADER says it as it
does for requests), or one of CSRF_TRUSTED_ORIGINS (``https://*.example.com`` allows
subdomains, as for CSRF). The Host itself must be in ALLOWED_HOSTS, as for a request.

Channels' AllowedHostsOriginValidator compared host names only, so any port and either
scheme passed (``http://127.0.0.1:9999`` for a site on ``http://127.0.0.1:8000``).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import is_same_domain, split_domain_port, validate_host

# Django's own fallback when DEBUG is on and ALLOWED_HOSTS is empty.
DEBUG_HOSTS = [".localhost", "127.0.0.1", "[::1]"]


class SameOriginWebSocket:
    """ASGI middleware: refuse a WebSocket handshake from another origin (or to a Host
    not in ALLOWED_HOSTS) before the application sees it. Other scopes pass through."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not origin_allowed(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)


def origin_allowed(scope: dict[str, Any]) -> bool:
    """Whether the socket's Origin is this site's own (see the module's docstring)."""
    headers = _headers(scope)
    origin, host = headers.get("origin"), headers.get("host")
    if not origin or not host or not _host_allowed(host):
        return False
    if origin == f"{_scheme(scope, headers)}://{host}":
        return True
    return _trusted(origin)


def _headers(scope: dict[str, Any]) -> dict[str, str]:
    """The handshake's headers by lower-case name; repeated ones joined with commas, as
    Django's ASGI request does (so two Host headers make an invalid host)."""
    headers: dict[str, str] = {}
    for raw_name, raw_value in scope.get("headers", []):
        name, value = raw_name.decode("latin1").lower(), raw_value.decode("latin1")
        headers[name] = f"{headers[name]},{value}" if name in headers else value
    return headers


def _host_allowed(host: str) -> bool:
    domain, _port = split_domain_port(host)
    allowed = settings.ALLOWED_HOSTS or (DEBUG_HOSTS if settings.DEBUG else [])
    return bool(domain) and validate_host(domain, allowed)


def _scheme(scope: dict[str, Any], headers: dict[str, str]) -> str:
    """The page's scheme for a socket on this connection: as `HttpRequest.scheme`
    works it out, from the proxy's header when SECURE_PROXY_SSL_HEADER is set."""
    if settings.SECURE_PROXY_SSL_HEADER:
        meta_name, secure_value = settings.SECURE_PROXY_SSL_HEADER
        name = meta_name.removeprefix("HTTP_").replace("_", "-").lower()
        if name in headers:
            return "https" if headers[name].split(",", 1)[0].strip() == secure_value else "http"
    return "https" if scope.get("scheme") == "wss" else "http"


def _trusted(origin: str) -> bool:
    """One of CSRF_TRUSTED_ORIGINS, matched as Django's CSRF check matches them."""
    if origin in settings.CSRF_TRUSTED_ORIGINS:
        return True
    try:
        parsed = urlsplit(origin)
    except ValueError:
        return False
    return any(
        is_same_domain(parsed.netloc, trusted.netloc.lstrip("*"))
        for trusted in map(urlsplit, settings.CSRF_TRUSTED_ORIGINS)
        if "*" in trusted.netloc and trusted.scheme == parsed.scheme
    )
