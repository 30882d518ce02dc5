"""What the table's and the game's POSTs share (games.views.table, between_games, moves,
chat): the rate limit counted first, the table a post is about, and posted numbers.

Every POST counts against the user's `ratelimit.ACTIONS` before it reads or writes
anything else: past the limit a plain form gets a 429 page that says how long to wait,
and an htmx move gets that message inside the game area like any other refusal.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, render

from games import access, ratelimit, services
from games.models import Table

MAX_ACTION_LENGTH = 200


def over_limit(request: HttpRequest) -> int:
    """Count this POST against the user's limit: 0 if it is within it, else the seconds
    until they may act again."""
    return ratelimit.throttled(ratelimit.ACTIONS, f"user:{request.user.pk}")


def too_many(request: HttpRequest, wait: int, table: Table) -> HttpResponse:
    """The answer to a POST over the limit: 429, the reason and the way back."""
    context = {"message": ratelimit.too_fast(wait), "table": table}
    response = render(request, "games/too_many.html", context, status=429)
    response["Retry-After"] = str(wait)
    return response


def visible_table(request: HttpRequest, pk: int) -> Table:
    """The table `pk`, or 404 for anyone who may not see it (a private table is not
    confirmed to exist)."""
    table = get_object_or_404(Table, pk=pk)
    if not access.may_watch(request.user, table):
        raise Http404("No such table.")
    return table


def posted_int(data: QueryDict, name: str, message: str) -> int:
    try:
        return int(data.get(name, ""))
    except ValueError as error:
        raise services.ServiceError(message) from error
