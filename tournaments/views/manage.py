"""The organizer's page of an event and its actions. Each action is a button of a
plain form posting `action` to the page; its handler reads the form and calls one
service, whose sentence (or refusal) comes back as a message after the redirect. A
handler finds the round or seat from the form, so a second press of "Start now" reaches
the service and is told the round has already started."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from clubs import access as club_access
from clubs import zones
from tournaments import formats, page_parts, pages, roster, services
from tournaments.forms import CorrectionForm, ScheduleForm, SwapForm, first_error
from tournaments.models import Correction, Entry, Event, Round, RoundSeat
from tournaments.services import ServiceError
from tournaments.words import seat_name

Handler = Callable[[HttpRequest, Event], str]


def _posted_id(request: HttpRequest, name: str) -> int:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        raise ServiceError("That form is incomplete: reload the page and try again.") from None


def _round(request: HttpRequest, event: Event) -> Round:
    found = event.round_set.filter(pk=_posted_id(request, "round")).first()
    if found is None:
        raise ServiceError("That round is no longer there: reload the page.")
    return found


def _seat(event: Event, pk: int) -> RoundSeat:
    found = (
        RoundSeat.objects.select_related("table__round", "entry__user")
        .filter(pk=pk, table__round__event=event)
        .first()
    )
    if found is None:
        raise ServiceError("That seat is no longer there: reload the page.")
    return found


def _finished_seats(event: Event) -> list[RoundSeat]:
    return list(
        RoundSeat.objects.filter(
            table__round__event=event, table__finished_at__isnull=False, entry__isnull=False
        )
        .select_related("table__round", "entry__user")
        .order_by("table__round__number", "table__number", "position")
    )


def _round_seats(round_: Round) -> list[RoundSeat]:
    return [seat for table in roster.seated_tables(round_) for seat in table]


def set_registration(request: HttpRequest, event: Event) -> str:
    opened = request.POST.get("open") == "1"
    services.set_registration(event=event, by=request.user, open=opened)
    return "Registration is open." if opened else "Registration is closed."


def start_event(request: HttpRequest, event: Event) -> str:
    round_ = services.start_event(event=event, by=request.user)
    if round_.status == Round.PLAYING:
        return "The event has started: round 1 is being played."
    return "The event has started: round 1 is seated. Check the seating, then start it."


def swap(request: HttpRequest, event: Event) -> str:
    round_ = _round(request, event)
    form = SwapForm(request.POST, seats=_round_seats(round_))
    if not form.is_valid():
        raise ServiceError(first_error(form))
    first, second = (_seat(event, form.cleaned_data[k]) for k in ("first", "second"))
    services.swap_seats(round_=round_, by=request.user, first=first, second=second)
    return f"Swapped {seat_name(first)} and {seat_name(second)}."


def lock(request: HttpRequest, event: Event) -> str:
    seat = _seat(event, _posted_id(request, "seat"))
    locked = request.POST.get("locked") == "1"
    services.lock_seat(seat=seat, by=request.user, locked=locked)
    where = f"Table {seat.table.number}, seat {seat.position + 1}"
    return f"{where} is locked." if locked else f"{where} is unlocked."


def start_round(request: HttpRequest, event: Event) -> str:
    round_ = services.start_round(round_=_round(request, event), by=request.user)
    return f"Round {round_.number} has started."


def schedule(request: HttpRequest, event: Event) -> str:
    round_ = _round(request, event)
    form = ScheduleForm(request.POST, club=event.club)
    if not form.is_valid():
        raise ServiceError(first_error(form))
    when = form.when()
    services.schedule_round(round_=round_, by=request.user, start_at=when)
    if when is None:
        return f"Round {round_.number} starts when you start it."
    here = zones.local(when, event.club.time_zone)
    at = f"{here:%Y-%m-%d %H:%M} {zones.abbreviation(here)}"
    return f"Round {round_.number} starts by itself at {at}."


def pause(request: HttpRequest, event: Event) -> str:
    paused = request.POST.get("paused") == "1"
    services.set_paused(event=event, by=request.user, paused=paused)
    return "The event is paused." if paused else "The event goes on."


def withdraw(request: HttpRequest, event: Event) -> str:
    entry = Entry.objects.select_related("user").filter(pk=_posted_id(request, "entry")).first()
    if entry is None:
        raise ServiceError("That player is not in this event.")
    services.withdraw(event=event, entry=entry, by=request.user)
    return f"{entry.user.get_username()} has withdrawn."


def correct(request: HttpRequest, event: Event) -> str:
    form = CorrectionForm(request.POST, seats=_finished_seats(event))
    if not form.is_valid():
        raise ServiceError(first_error(form))
    seat = _seat(event, form.cleaned_data["seat"])
    data = form.cleaned_data
    services.correct_result(seat=seat, by=request.user, place=data["place"], reason=data["reason"])
    round_no = seat.table.round.number
    return f"{seat_name(seat)} now has place {data['place']} in round {round_no}."


def finish(request: HttpRequest, event: Event) -> str:
    services.finish_event(event=event, by=request.user)
    return "The event is over: the standings are final."


ACTIONS: dict[str, Handler] = {
    "registration": set_registration,
    "start_event": start_event,
    "swap": swap,
    "lock": lock,
    "start_round": start_round,
    "schedule": schedule,
    "pause": pause,
    "withdraw": withdraw,
    "correct": correct,
    "finish": finish,
}


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def manage(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    if not club_access.organizes(request.user, event.club):
        raise PermissionDenied(f"Only {event.club.name}'s organizers can manage its events.")
    if request.method == "POST":
        handler = ACTIONS.get(request.POST.get("action", ""))
        try:
            if handler is None:
                raise ServiceError("Choose one of the page's buttons.")
            messages.success(request, handler(request, event))
        except ServiceError as error:
            messages.error(request, error.message)
        return redirect("tournaments:manage", event.pk)
    return render(request, "tournaments/manage.html", _context(request, event))


def _context(request: HttpRequest, event: Event) -> dict[str, Any]:
    fmt = formats.of(event)
    waiting = page_parts.waiting_round(event)
    seats = _round_seats(waiting) if waiting else []
    finished = _finished_seats(event)
    return {
        "event": event,
        "status": pages.status_text(event),
        "entries": roster.entries(event),
        "waiting": waiting,
        "seating": roster.seated_tables(waiting) if waiting else [],
        "swap_form": SwapForm(seats=seats) if waiting else None,
        "schedule_form": ScheduleForm(initial={"start_at": waiting.start_at}, club=event.club)
        if waiting
        else None,
        # Only formats whose places are the organizer's to correct offer the form.
        "correction_form": CorrectionForm(seats=finished)
        if finished and fmt.correction_refusal is None
        else None,
        "correction_refusal": fmt.correction_refusal,
        # A control that could only be refused is not offered.
        "pausable": fmt.pause_refusal is None,
        "corrections": Correction.objects.filter(seat__table__round__event=event)
        .select_related("seat__table__round", "seat__entry__user", "by")
        .order_by("-at"),
        "invite_url": request.build_absolute_uri(
            reverse("tournaments:join", args=[event.pk, event.invite_token])
        )
        if event.entry == Event.INVITE
        else None,
    }
