"""The moderation queue (docs/fair-play.md#who-moderates): staff see every report, a
club's organizers those about their club's events; one report's page with its links and
the actions offered, each POST audited (`fairplay.moderation.act`)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from clubs.models import Club, Membership
from fairplay import moderation
from fairplay.models import Report
from games import ratelimit
from games.errors import ServiceError

PAGE = 50


@login_required
@require_safe
def queue(request: HttpRequest) -> HttpResponse:
    if not moderation.is_moderator(request.user):
        raise Http404("No queue.")
    shown = request.GET.get("status", Report.OPEN)
    reports = moderation.queue(request.user)
    if shown in (Report.OPEN, Report.HANDLED):
        reports = reports.filter(status=shown)
    page = Paginator(reports, PAGE).get_page(request.GET.get("page"))
    context = {
        "page": page,
        "status": shown,
        "staff": request.user.is_staff,
        "pair_pages": pair_pages(request.user),
    }
    return render(request, "fairplay/queue.html", context)


def pair_pages(user: Any) -> list[tuple[str, str]]:
    """The flagged pairs' pages `user` may read (docs/fair-play.md#who-sees-a-flagged-pair)."""
    pages = (
        [(_("Pairs to look at, every game"), reverse("fairplay:pairs"))] if user.is_staff else []
    )
    clubs = Club.objects.filter(
        memberships__user=user, memberships__role__in=Membership.ORGANIZING
    ).order_by("name")
    for club in clubs:
        label = _("Pairs to look at in %(club)s's events") % {"club": club.name}
        pages.append((label, reverse("fairplay:club_pairs", args=[club.slug])))
    return pages


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def report(request: HttpRequest, pk: int) -> HttpResponse:
    found = moderation.queue(request.user).filter(pk=pk).first()
    if found is None:
        raise Http404("No such report.")
    here = reverse("fairplay:report", args=[pk])
    if request.method == "POST":
        if wait := ratelimit.throttled(ratelimit.ACTIONS, f"user:{request.user.pk}"):
            messages.error(request, ratelimit.too_fast(wait))
            return redirect(here)
        try:
            days = int(request.POST.get("days") or 0)
        except ValueError:
            days = -1
        try:
            moderation.act(
                report_id=pk,
                by=request.user,
                action=request.POST.get("action", ""),
                days=days,
                note=request.POST.get("note", ""),
            )
        except ServiceError as refused:
            messages.error(request, refused.message)
            return redirect(here)
        messages.success(
            request, _("Done: the report is handled, and the people concerned are told.")
        )
        return redirect(reverse("fairplay:queue"))
    context = {
        "report": found,
        "actions": moderation.actions_for(request.user, found),
        "audit": list(found.actions.select_related("by", "sanction")),
        "most_days": moderation.MOST_DAYS,
    }
    return render(request, "fairplay/report.html", context)
