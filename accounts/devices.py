"""Signed-in devices (docs/security.md#signed-in-devices): allauth.usersessions keeps a row
per signed-in session (its browser, address, start and last visit), lists them on
/accounts/sessions/ and logs out the others from there.

allauth's own middleware updates a session's row on every request, which on a table in
play is a database write for each move, poll and fragment. `track_devices` updates it
at most once every THIRTYONE_DEVICE_SEEN_SECONDS per session (a key in the shared
cache says it was just done), so "last seen" is right to within that. A log-in starts
that interval (`seen_at_log_in`: allauth has just written the row), so the first pages
after it write nothing either; a session signed in before the rows existed gets one on
its first request. While the cache is out no row is updated.

`browser_name` says which browser and system a session's User-Agent names, as a person
would ("Firefox on Windows"), for the list.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from allauth.usersessions.internal import usersessionkit
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext

from accounts import networks
from games import safe_cache

# First match wins: Edge and Opera also say "Chrome", Chrome also says "Safari".
BROWSERS = [
    ("Edge", re.compile(r"\bEdg(?:e|A|iOS)?/")),
    ("Opera", re.compile(r"\bOPR/|\bOpera\b")),
    ("Samsung Internet", re.compile(r"\bSamsungBrowser/")),
    ("Firefox", re.compile(r"\bFirefox/|\bFxiOS/")),
    ("Chrome", re.compile(r"\b(?:Headless)?Chrome/|\bCriOS/")),
    ("Chromium", re.compile(r"\bChromium/")),
    ("Safari", re.compile(r"\bVersion/[\d.]+.*\bSafari/")),
]
# iPads and iPhones also say "Mac OS X", Android also says "Linux".
SYSTEMS = [
    ("iOS", re.compile(r"\biPhone\b|\biPad\b|\biPod\b")),
    ("Android", re.compile(r"\bAndroid\b")),
    ("Windows", re.compile(r"\bWindows\b")),
    ("ChromeOS", re.compile(r"\bCrOS\b")),
    ("macOS", re.compile(r"\bMac OS X\b|\bMacintosh\b")),
    ("Linux", re.compile(r"\bLinux\b|\bX11\b")),
]
# A User-Agent named by neither list is shown as it is, this long at most.
RAW_LENGTH = 80


def browser_name(user_agent: str) -> str:
    """Which browser on which system ("Firefox on Windows"); the User-Agent itself,
    shortened, when it names none known here."""
    browser = next((name for name, pattern in BROWSERS if pattern.search(user_agent)), None)
    system = next((name for name, pattern in SYSTEMS if pattern.search(user_agent)), None)
    if browser and system:
        return gettext("%(browser)s on %(system)s") % {"browser": browser, "system": system}
    if browser or system:
        return browser or system or ""
    if not user_agent.strip():
        return gettext("A browser that did not say which it is")
    text = user_agent.strip()
    return text if len(text) <= RAW_LENGTH else text[: RAW_LENGTH - 1] + "…"


def _seen_key(session_key: str) -> str:
    return f"device-seen:{session_key}"


def seen_at_log_in(sender: Any, request: HttpRequest | None, **kwargs: Any) -> None:
    """Django's user_logged_in (any log-in: allauth's, which writes the session's row
    just after, or a test's force_login): the interval starts now."""
    session = getattr(request, "session", None)
    if session is not None and session.session_key:
        safe_cache.cache_set(
            _seen_key(session.session_key), 1, settings.THIRTYONE_DEVICE_SEEN_SECONDS
        )


def track_devices(get_response: Callable[[HttpRequest], HttpResponse]) -> Any:
    """Middleware (after AuthenticationMiddleware): a signed-in session's address and
    last visit, written at most every THIRTYONE_DEVICE_SEEN_SECONDS."""

    def middleware(request: HttpRequest) -> HttpResponse:
        session = getattr(request, "session", None)
        if session is not None and session.session_key:
            user = getattr(request, "user", None)
            if (
                user is not None
                and user.is_authenticated
                and safe_cache.cache_add(
                    _seen_key(session.session_key),
                    1,
                    settings.THIRTYONE_DEVICE_SEEN_SECONDS,
                )
            ):
                usersessionkit.track_activity(request, user=user, session=session)
                # As often, the network it is used from (accounts.networks).
                networks.seen(request, user)
        return get_response(request)

    return middleware
