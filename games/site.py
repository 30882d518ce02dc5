"""The one address of the site (docs/profiles.md#the-sites-one-address): every absolute
link the site hands out — in an e-mail, a calendar, a QR code and its printed caption,
an invitation, the projector's "join at" line — starts with SITE_URL, never with the
host a request came by. A worker has no request; and an organizer who opens the site at
`http://127.0.0.1:8000/` on the laptop would otherwise print codes no phone can open.

In the embedded profile `make run` makes SITE_URL the address it prints (the LAN's with
`HOST=0.0.0.0`: thirtyone.embedded.site_url); in production it is set by hand. An
explicit SITE_URL always wins. `thirtyone.checks` warns when it leads to this machine
only while people are meant to reach it from elsewhere.

It lives in games, the app the others build on, so that each of them can make links
without importing the project package (thirtyone), which imports them: every pair of
apps depends one way at most (tests/test_layers.py).
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest


def address() -> str:
    """Where people open the site, with a trailing slash: "http://192.168.1.20:8000/"."""
    return str(settings.SITE_URL).rstrip("/") + "/"


def absolute(path: str) -> str:
    """`path` of this site ("/tables/7/") as the address people open it at."""
    return address() + path.lstrip("/")


def webcal(url: str) -> str:
    """An absolute address as a webcal:// link, which opens the device's calendar app to
    subscribe (an http(s):// one would download the file once)."""
    return "webcal://" + url.split("://", 1)[1]


def host() -> str:
    """The site address's host and port, as a request's Host header would carry it."""
    return urlsplit(address()).netloc.lower()


def opened_elsewhere(request: HttpRequest) -> bool:
    """Whether `request` reached the site by another address than the site's (a laptop
    at its loopback address while the room's phones use the LAN one)."""
    return request.get_host().lower() != host()


def local_only(url: str) -> bool:
    """Whether `url` leads to the machine that opens it, whoever that is: a loopback
    name or address, or the "any address" of a listening socket (0.0.0.0, ::)."""
    name = (urlsplit(url).hostname or "").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        return not name
    return ip.is_loopback or ip.is_unspecified
