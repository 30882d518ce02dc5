"""The installable app (docs/app.md): the web app manifest, in the reader's language; the
service worker at the site's root, so its scope is the whole site; and the small page it
shows when the network is gone. None of them holds anything about the person reading:
the worker caches the offline page and the files it needs, never a page of the site."""

from __future__ import annotations

import hashlib
import json

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

# The site's own colours (static/css/site.css): the header's dark felt for the browser's
# bar, the page's felt behind the splash screen.
THEME_COLOUR = "#083a23"
BACKGROUND_COLOUR = "#0e5233"
ICONS = (
    ("img/app-192.png", "192x192", "any"),
    ("img/app-512.png", "512x512", "any"),
    ("img/app-maskable-512.png", "512x512", "maskable"),
)
# The files the offline page needs, cached by the worker beside it.
OFFLINE_FILES = ("css/site.css", "img/favicon.svg")


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    said = {
        "name": "Thirty-One",
        "short_name": "Thirty-One",
        "description": _("Play 31 with friends and bots, and run your club's card nights."),
        "lang": get_language(),
        "dir": "ltr",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static(path), "sizes": sizes, "type": "image/png", "purpose": purpose}
            for path, sizes, purpose in ICONS
        ],
    }
    answer = JsonResponse(
        said, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )
    answer["Cache-Control"] = "no-cache"  # it follows the reader's language
    return answer


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    files = [static(path) for path in OFFLINE_FILES]
    context = {
        # A new name whenever the files it caches change (their hashed names do in
        # production), so an old worker's cache is dropped on activation.
        "cache_name": "thirtyone-offline-"
        + hashlib.blake2b(json.dumps(files).encode(), digest_size=6).hexdigest(),
        "files": json.dumps(files),
        "icon": static("img/app-192.png"),
    }
    answer = render(request, "thirtyone/sw.js", context, content_type="application/javascript")
    # Browsers check a worker for updates at most every 24 hours whatever this says;
    # no-cache makes each check reach the server (docs/app.md#the-service-worker).
    answer["Cache-Control"] = "no-cache"
    answer["Service-Worker-Allowed"] = "/"
    return answer


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """The page the worker shows when a navigation fails for want of a network: in the
    language of the request that cached it, and about no one."""
    answer = render(request, "thirtyone/offline.html")
    answer["Cache-Control"] = "no-cache"
    return answer
