"""A club's leagues, as anyone reads them (docs/tournaments.md#leagues): the list, a league's
page with its table, the same table on a sheet to print, on the room's projector and as
a CSV file. Public like the season page; reading only (the organizers' forms are
`league_forms`). The address names the league `league`, never `pk`: a page's `pk` is an
event's to the names' scope (tournaments.name_scope), and a league spans events."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.http import require_safe

from clubs import access as club_access
from clubs.models import Club
from games import csv_cells, site
from games.wording import readers
from tournaments.formats.screen_parts import TOP_ROWS
from tournaments.leagues import csv_rows, reading, wording
from tournaments.models import League

# Seconds between the projector's reloads (a league changes as its events' tables end).
REFRESH_SECONDS = 60


def club_league(slug: str, league: int) -> tuple[Club, League]:
    club = get_object_or_404(Club, slug=slug)
    found = get_object_or_404(League.objects.select_related("club", "series"), club=club, pk=league)
    return club, found


def context(request: HttpRequest | None, league: League) -> dict[str, Any]:
    found = reading.league_table(league)
    return {
        "club": league.club,
        "league": league,
        "table": found,
        "said": wording.said(league, found),
        "organizes": request is not None and club_access.organizes(request.user, league.club),
    }


@require_safe
def league_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    leagues = club.leagues.select_related("series__template")
    return render(
        request,
        "tournaments/leagues/list.html",
        {
            "club": club,
            "leagues": leagues,
            "organizes": club_access.organizes(request.user, club),
        },
    )


@require_safe
def league_page(request: HttpRequest, slug: str, league: int) -> HttpResponse:
    _, found = club_league(slug, league)
    return render(request, "tournaments/leagues/league.html", context(request, found))


@require_safe
def league_print(request: HttpRequest, slug: str, league: int) -> HttpResponse:
    _, found = club_league(slug, league)
    sheet = {**context(request, found), "printed_at": timezone.now()}
    return render(request, "tournaments/leagues/print.html", sheet)


@require_safe
def league_screen(request: HttpRequest, slug: str, league: int) -> HttpResponse:
    _, found = club_league(slug, league)
    # A screen the whole room reads: names as no one in particular may read them,
    # whoever opened it (docs/privacy.md#my-name-off-public-pages).
    with readers.reading_as(None):
        screen = {
            **context(None, found),
            "refresh_seconds": REFRESH_SECONDS,
            "top_rows": TOP_ROWS,
            # Where the room reads the table again: at the site's own address (games.site).
            "online_at": site.absolute(found.get_absolute_url()),
        }
        return render(request, "tournaments/leagues/screen.html", screen)


@require_safe
def league_csv(request: HttpRequest, slug: str, league: int) -> HttpResponse:
    _, found = club_league(slug, league)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="league-{found.pk}.csv"'
    csv_cells.write_rows(response, csv_rows.rows(reading.league_table(found)))
    return response
