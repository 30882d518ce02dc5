"""The flagged pairs (docs/fair-play.md#who-sees-a-flagged-pair): for staff, every
game's; for a club's organizers, their club's events' games'. A 404 for anyone else,
players included: a flag is a hint for a moderator, never a verdict to show."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from clubs import access
from clubs.models import Club
from fairplay.collusion import facts, stats
from fairplay.collusion.flagged import WINDOW, FlaggedPair, flagged_pairs


@login_required
@require_safe
def site_pairs(request: HttpRequest) -> HttpResponse:
    if not request.user.is_staff:
        raise Http404("No such page.")
    return _page(request, flagged_pairs(), None)


@login_required
@require_safe
def club_pairs(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not access.organizes(request.user, club):
        raise Http404("No such page.")
    return _page(request, flagged_pairs(club.pk), club)


def _page(request: HttpRequest, pairs: list[FlaggedPair], club: Club | None) -> HttpResponse:
    context = {
        "pairs": pairs,
        "club": club,
        "days": WINDOW.days,
        "alpha": stats.ALPHA,
        "min_games": stats.MIN_GAMES,
        "signals": facts.SIGNALS,
    }
    return render(request, "fairplay/pairs.html", context)
