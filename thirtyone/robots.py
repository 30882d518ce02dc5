"""Search engines kept off the pages about people (docs/privacy.md#search-engines).

A profile, a table, a game's page, its replay and transcript, and the lobby's lists show
people's names, games and chat: findable on this site, by its players, but not by a
search for a person's name. One decision, made here from the URL's name and never view
by view (a view added under one of these names is covered without a thought):

- `KeepCrawlersOff`, a middleware, marks such a request (`request.noindex`, which
  base.html turns into `<meta name="robots" content="noindex">`) and adds
  `X-Robots-Tag: noindex` to its response, for what is not HTML too (a transcript);
- `robots_txt` asks crawlers not to fetch the same paths at all.

The lobby is also the home page, which stays findable: only its other pages
(`/?page=2`, any query) are marked. Event pages, club pages, the rules and the
leaderboard are the site's public face and are not marked. (A crawler that obeys
robots.txt never fetches a disallowed page, so never reads its noindex: a disallowed
address linked from elsewhere may still be listed, bare, without its content. The
header is for the crawlers that fetch it anyway.)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

# The URL names (games' and accounts' URL confs) of the pages marked noindex.
NOINDEX = frozenset(
    {
        "profile",  # accounts/profile/<username>/
        "my_profile",  # accounts/profile/
        "table",  # tables/<pk>/
        "game_page",  # games/<pk>/
        "replay",  # games/<pk>/replay/
        "transcript",  # games/<pk>/transcript.txt
        "shuffles",  # games/<pk>/shuffles/
        "imported_replay",  # replays/<key>/
        "join_by_link",  # join/<token>/: an invitation's secret
        "turn_games",  # turns/
    }
)
# The lobby, at "/": marked only with a query (`?page=2`), its page 1 being the home page.
LOBBY = "lobby"
# What robots.txt disallows: every path of the names above begins with one of these
# (tests/thirtyone/test_robots.py checks each), and "/?" is the lobby's other pages.
DISALLOWED = (
    "/accounts/profile/",
    "/tables/",
    "/games/",
    "/replays/",
    "/join/",
    "/turns/",
    "/?",
)


def noindex(request: HttpRequest) -> bool:
    """Whether the page asked for is one crawlers are to leave out."""
    match = request.resolver_match
    if match is None:
        return False
    if match.view_name == LOBBY:
        return bool(request.GET)
    return match.view_name in NOINDEX


class KeepCrawlersOff:
    """Marks the request before its view runs (the template reads the mark), and its
    response after."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(request, "noindex", False):
            response["X-Robots-Tag"] = "noindex"
        return response

    def process_view(
        self, request: HttpRequest, view: Any, args: Any, kwargs: Any
    ) -> HttpResponse | None:
        request.noindex = noindex(request)  # read by base.html
        return None


@require_safe
@cache_control(public=True, max_age=86400)
def robots_txt(request: HttpRequest) -> HttpResponse:
    lines = ["User-agent: *", *(f"Disallow: {path}" for path in DISALLOWED), ""]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")
