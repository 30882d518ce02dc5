"""Which push-service addresses the site will post to (docs/notifications.md#web-push).

A subscription's endpoint is a URL the browser — so, in the end, anyone — hands us, and
the worker then sends an HTTP request to it: unchecked, that is a way to make the site
reach its own network (SSRF). So an endpoint must be `https` and its host must resolve
only to public addresses, checked when it is subscribed and again before each batch is
sent (a name may be pointed elsewhere later). THIRTYONE_PUSH_ALLOW_INSECURE lifts both,
for tests and a trial on one machine only."""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _


def origin(endpoint: str) -> str:
    """scheme://host[:port] of `endpoint`: the VAPID token's audience, and what one
    HTTP connection is kept open to within a batch."""
    parts = urlsplit(endpoint)
    return f"{parts.scheme}://{parts.netloc}"


def refusal(endpoint: str) -> str | None:
    """Why the site will not post to `endpoint` (a sentence), or None: it may."""
    parts = urlsplit(endpoint)
    insecure = settings.THIRTYONE_PUSH_ALLOW_INSECURE
    if parts.scheme != "https" and not (insecure and parts.scheme == "http"):
        return _("A push service's address must start with https://.")
    if not parts.hostname:
        return _("That is not a push service's address.")
    if insecure:
        return None
    try:
        found = socket.getaddrinfo(parts.hostname, parts.port or 443, proto=socket.IPPROTO_TCP)
    except (OSError, UnicodeError):
        return _("The push service's address could not be found.")
    for *_rest, address in found:
        if not _public(str(address[0])):
            return _("A push service must be on the internet, not on a private network.")
    return None


def _public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast
