"""The public event pages and a player's own actions. Thin views: read, call one
service, and answer a POST with a message and a redirect (Post/Redirect/GET), so every
page works without JavaScript."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from clubs import access as club_access
from clubs.models import Club
from games import csv_cells
from games.services import ServiceError
from tournaments import entry_conditions, page_parts, pages, services
from tournaments.forms import EventForm
from tournaments.models import Event

RECENT_DAYS = 30
# Seconds between reloads of a running event's page without JavaScript: sooner for its
# players, whom the page calls to their tables when a round starts
# (docs/club-night.md#calls-led-to-your-seat).
REFRESH_SECONDS, PLAYER_REFRESH_SECONDS = 30, 5
START_WATCH_MINUTES = 60


@require_safe
def event_list(request: HttpRequest) -> HttpResponse:
    events = Event.objects.select_related("club")
    recent = timezone.now() - timedelta(days=RECENT_DAYS)
    finished = events.filter(status=Event.FINISHED, finished_at__gte=recent)
    lists = [
        (
            pgettext("event state", "Running"),
            events.filter(status=Event.RUNNING).order_by("starts_at"),
            _("None now."),
        ),
        (
            pgettext("event state", "Upcoming"),
            events.filter(status=Event.UPCOMING).order_by("starts_at"),
            _("None yet."),
        ),
        (_("Recently finished"), finished.order_by("-finished_at"), _("None lately.")),
    ]
    return render(request, "tournaments/list.html", {"lists": lists})


@require_http_methods(["GET", "HEAD", "POST"])
def create_event(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not club_access.organizes(request.user, club):
        raise PermissionDenied("Only the club's organizers can create its events.")
    form = EventForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.create_event(club=club, by=request.user, **form.options())
        except ServiceError as error:
            form.service_error(error)
        else:
            messages.success(request, _("%(name)s is on the calendar.") % {"name": event.name})
            return redirect(event)
    return render(request, "tournaments/create.html", {"club": club, "form": form})


@require_safe
def event_page(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    context = pages.page_context(event, request.user)
    context["organizes"] = club_access.organizes(request.user, event.club)
    context["refresh_seconds"] = _refresh_seconds(event, context.get("me"))
    return render(request, "tournaments/detail.html", context)


def _refresh_seconds(event: Event, me: Any) -> int | None:
    """How often the page reloads itself without JavaScript (None: never): a running
    event's now and then, and for its players sooner, from the hour before it starts
    on, so the call to their table reaches them."""
    playing = me is not None and me.active
    if event.status == Event.RUNNING:
        return PLAYER_REFRESH_SECONDS if playing else REFRESH_SECONDS
    soon = event.starts_at - timedelta(minutes=START_WATCH_MINUTES) <= timezone.now()
    if event.status == Event.UPCOMING and playing and soon:
        return PLAYER_REFRESH_SECONDS
    return None


@require_safe
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event, pk=pk)
    rows = pages.csv_rows(event)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="event-{event.pk}-standings.csv"'
    csv_cells.write_rows(response, rows)
    return response


def _act(request: HttpRequest, pk: int, act: Callable[[Event], str]) -> HttpResponse:
    """Do one service call for the event's page: its sentence as a message, then back."""
    event = get_object_or_404(Event, pk=pk)
    try:
        messages.success(request, act(event))
    except ServiceError as error:
        messages.error(request, error.message)
    return redirect(event)


@login_required
@require_POST
def register(request: HttpRequest, pk: int) -> HttpResponse:
    def act(event: Event) -> str:
        services.register(event=event, user=request.user, token=request.POST.get("token"))
        return _("You are registered for %(name)s.") % {"name": event.name}

    return _act(request, pk, act)


@login_required
@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    def act(event: Event) -> str:
        entry = page_parts.entry_of(event, request.user)
        if entry is None:
            raise ServiceError(_("You are not registered."))
        services.withdraw(event=event, entry=entry, by=request.user)
        return _("You have withdrawn from %(name)s.") % {"name": event.name}

    return _act(request, pk, act)


@login_required
@require_POST
def check_in(request: HttpRequest, pk: int) -> HttpResponse:
    def act(event: Event) -> str:
        services.check_in(event=event, user=request.user)
        return _("You are checked in.")

    return _act(request, pk, act)


@require_http_methods(["GET", "HEAD", "POST"])
def join(request: HttpRequest, pk: int, token: str) -> HttpResponse:
    """The invite link: a page with a register button, which posts back here."""
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk, invite_token=token)
    if request.method == "POST":
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())

        def act(event: Event) -> str:
            services.register(event=event, user=request.user, token=token)
            return _("You are registered for %(name)s.") % {"name": event.name}

        return _act(request, pk, act)
    context: dict[str, Any] = {
        "event": event,
        "me": page_parts.entry_of(event, request.user),
        # As on the event's page: the conditions, and why not instead of a button.
        "entry_conditions": entry_conditions.described(event),
        "entry_refusal": entry_conditions.refusal(request.user, event),
    }
    return render(request, "tournaments/join.html", context)
