"""A club's season standings page (tournaments.season)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.views.decorators.http import require_safe

from clubs.models import Club
from tournaments import season


@require_safe
def club_season(request: HttpRequest, slug: str, year: int | None = None) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    years = season.years(club)
    if year is None:
        year = years[0] if years else timezone.now().year
    elif year not in years:
        raise Http404(f"{club.name} played no events in {year}.")
    found = season.season(club, year)
    context = {
        "club": club,
        "year": year,
        "years": years,
        "rows": found.rows,
        "missing": found.missing,
    }
    return render(request, "tournaments/season.html", context)
