"""Leaderboards, site-wide and per club, per family. Plain pages: they work without
JavaScript (pages by links)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from clubs.models import Club
from ratings import fold
from ratings.families import FAMILIES, LIVES
from ratings.models import Rating

PAGE_SIZE = 50


@require_safe
def leaderboard(request: HttpRequest, family: str = LIVES) -> HttpResponse:
    return _render(request, family, None)


@require_safe
def club_leaderboard(request: HttpRequest, slug: str, family: str = LIVES) -> HttpResponse:
    return _render(request, family, get_object_or_404(Club, slug=slug))


def _render(request: HttpRequest, family: str, club: Club | None) -> HttpResponse:
    if family not in FAMILIES:
        raise Http404(_("There is no such rating."))
    ratings = Rating.settled().filter(family=family).select_related("user")
    if club is not None:
        ratings = ratings.filter(user__club_memberships__club=club)
    page = Paginator(ratings, PAGE_SIZE).get_page(request.GET.get("page"))
    rows = [(page.start_index() + n, rating) for n, rating in enumerate(page.object_list)]
    context = {
        "family": family,
        "family_title": FAMILIES[family],
        "my_clubs": _clubs_of(request),
        "families": FAMILIES,
        "club": club,
        "page": page,
        "rows": rows,
        "min_games": fold.MIN_GAMES,
        "settled_sigma": fold.SETTLED_SIGMA,
    }
    return render(request, "ratings/leaderboard.html", context)


def _clubs_of(request: HttpRequest) -> list[Club]:
    if not request.user.is_authenticated:
        return []
    return list(Club.objects.filter(memberships__user=request.user).order_by("name"))
