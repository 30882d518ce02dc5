"""The organizer's actions on the manage page (tournaments.views.manage): one handler a
button, which reads the posted form (the round, seat or entry it names, found again in
the event, so a second press reaches the service and is told what changed), calls one
service and returns the sentence the page shows after the redirect."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs import zones
from clubs.templatetags.club_time import club_clock
from tournaments import formats, news, roster, services
from tournaments.cards import card_tables
from tournaments.forms import (
    AnnouncementForm,
    BreakForm,
    CorrectionForm,
    MoveForm,
    RepeatForm,
    ScheduleForm,
    SwapForm,
    first_error,
)
from tournaments.models import Entry, Event, Round, RoundSeat
from tournaments.schedule import series
from tournaments.services import ServiceError
from tournaments.views.manage_conditions import set_conditions
from tournaments.views.manage_links import new_link
from tournaments.words import number_list, seat_name

Handler = Callable[[HttpRequest, Event], str]


def posted_id(request: HttpRequest, name: str) -> int:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        raise ServiceError(_("That form is incomplete: reload the page and try again.")) from None


def posted_round(request: HttpRequest, event: Event) -> Round:
    found = event.round_set.filter(pk=posted_id(request, "round")).first()
    if found is None:
        raise ServiceError(_("That round is no longer there: reload the page."))
    return found


def seat_of(event: Event, pk: int) -> RoundSeat:
    found = (
        RoundSeat.objects.select_related("table__round", "entry__user")
        .filter(pk=pk, table__round__event=event)
        .first()
    )
    if found is None:
        raise ServiceError(_("That seat is no longer there: reload the page."))
    return found


def finished_seats(event: Event) -> list[RoundSeat]:
    return list(
        RoundSeat.objects.filter(
            table__round__event=event, table__finished_at__isnull=False, entry__isnull=False
        )
        .select_related("table__round", "entry__user")
        .order_by("table__round__number", "table__number", "position")
    )


def round_seats(round_: Round) -> list[RoundSeat]:
    return [seat for table in roster.seated_tables(round_) for seat in table]


def set_registration(request: HttpRequest, event: Event) -> str:
    opened = request.POST.get("open") == "1"
    services.set_registration(event=event, by=request.user, open=opened)
    return _("Registration is open.") if opened else _("Registration is closed.")


def start_event(request: HttpRequest, event: Event) -> str:
    missing = [e.user.get_username() for e in services.not_checked_in(event)]
    round_ = services.start_event(event=event, by=request.user)
    if round_.status == Round.PLAYING:
        said = _("The event has started: round 1 is being played.")
    else:
        said = _("The event has started: round 1 is seated. Check the seating, then start it.")
    if not missing:
        return said
    withdrawn = ngettext(
        "%(names)s had not checked in and is withdrawn; they are told.",
        "%(names)s had not checked in and are withdrawn; each is told.",
        len(missing),
    ) % {"names": number_list(missing)}
    return f"{said} {withdrawn}"


def check_in_for(request: HttpRequest, event: Event) -> str:
    entry = posted_entry(request, event)
    services.check_in_for(event=event, entry=entry, by=request.user)
    return _("%(name)s is checked in.") % {"name": entry.user.get_username()}


def swap(request: HttpRequest, event: Event) -> str:
    round_ = posted_round(request, event)
    form = SwapForm(request.POST, seats=round_seats(round_))
    if not form.is_valid():
        raise ServiceError(first_error(form))
    first, second = (seat_of(event, form.cleaned_data[k]) for k in ("first", "second"))
    services.swap_seats(round_=round_, by=request.user, first=first, second=second)
    return _("Swapped %(first)s and %(second)s.") % {
        "first": seat_name(first),
        "second": seat_name(second),
    }


def lock(request: HttpRequest, event: Event) -> str:
    seat = seat_of(event, posted_id(request, "seat"))
    locked = request.POST.get("locked") == "1"
    services.lock_seat(seat=seat, by=request.user, locked=locked)
    where = {"table": seat.table.number, "seat": seat.position + 1}
    if locked:
        return _("Table %(table)s, seat %(seat)s is locked.") % where
    return _("Table %(table)s, seat %(seat)s is unlocked.") % where


def choose_cards(request: HttpRequest, event: Event) -> str:
    """A mixed event's seated round: which tables play with real cards
    (docs/club-night.md#card-tables)."""
    try:
        numbers = [int(n) for n in request.POST.getlist("cards")]
    except ValueError:
        raise ServiceError(_("That form is incomplete: reload the page and try again.")) from None
    round_ = posted_round(request, event)
    chosen = card_tables.choose_card_tables(round_=round_, by=request.user, numbers=numbers)
    if not chosen:
        return _("Every table of round %(round)s plays online.") % {"round": round_.number}
    listed = ", ".join(str(n) for n in chosen)
    return ngettext(
        "Round %(round)s: table %(tables)s play with cards.",
        "Round %(round)s: tables %(tables)s play with cards.",
        len(chosen),
    ) % {"round": round_.number, "tables": listed}


def start_round(request: HttpRequest, event: Event) -> str:
    round_ = services.start_round(round_=posted_round(request, event), by=request.user)
    return _("Round %(round)s has started.") % {"round": round_.number}


def schedule(request: HttpRequest, event: Event) -> str:
    round_ = posted_round(request, event)
    form = ScheduleForm(request.POST, club=event.club)
    if not form.is_valid():
        raise ServiceError(first_error(form))
    when = form.when()
    services.schedule_round(round_=round_, by=request.user, start_at=when)
    if when is None:
        return _("Round %(round)s starts when you start it.") % {"round": round_.number}
    here = zones.local(when, event.club.time_zone)
    at = f"{here:%Y-%m-%d %H:%M} {zones.abbreviation(here)}"
    return _("Round %(round)s starts by itself at %(at)s.") % {"round": round_.number, "at": at}


def move(request: HttpRequest, event: Event) -> str:
    form = MoveForm(request.POST, club=event.club)
    if not form.is_valid():
        raise ServiceError(first_error(form))
    event = services.move_event(event=event, by=request.user, starts_at=form.when())
    return _("%(name)s now starts %(when)s.") % {
        "name": event.name,
        "when": club_clock(event.starts_at, event.club),
    }


def cancel(request: HttpRequest, event: Event) -> str:
    services.cancel_event(event=event, by=request.user)
    return _("%(name)s is cancelled: its page and the calendars that show it say so.") % {
        "name": event.name
    }


def repeat(request: HttpRequest, event: Event) -> str:
    form = RepeatForm(request.POST)
    if not form.is_valid():
        raise ServiceError(first_error(form))
    days = form.cleaned_data["registration_days"]
    made = series.repeat_weekly(event=event, by=request.user, registration_days=days)
    return _("%(name)s repeats. %(description)s") % {
        "name": event.name,
        "description": series.describe(made),
    }


def stop_repeating(request: HttpRequest, event: Event) -> str:
    series.stop_repeating(event=event, by=request.user)
    return _("%(name)s repeats no more: the events already on the calendar stay.") % {
        "name": event.name
    }


def pause(request: HttpRequest, event: Event) -> str:
    paused = request.POST.get("paused") == "1"
    services.set_paused(event=event, by=request.user, paused=paused)
    return _("The event is paused.") if paused else _("The event goes on.")


def withdraw(request: HttpRequest, event: Event) -> str:
    entry = Entry.objects.select_related("user").filter(pk=posted_id(request, "entry")).first()
    if entry is None:
        raise ServiceError(_("That player is not in this event."))
    services.withdraw(event=event, entry=entry, by=request.user)
    return _("%(name)s has withdrawn.") % {"name": entry.user.get_username()}


def correct(request: HttpRequest, event: Event) -> str:
    form = CorrectionForm(request.POST, seats=finished_seats(event))
    if not form.is_valid():
        raise ServiceError(first_error(form))
    seat = seat_of(event, form.cleaned_data["seat"])
    data = form.cleaned_data
    services.correct_result(seat=seat, by=request.user, place=data["place"], reason=data["reason"])
    return _("%(seat)s now has place %(place)s in round %(round)s.") % {
        "seat": seat_name(seat),
        "place": data["place"],
        "round": seat.table.round.number,
    }


def finish(request: HttpRequest, event: Event) -> str:
    services.finish_event(event=event, by=request.user)
    return _("The event is over: the standings are final.")


def posted_entry(request: HttpRequest, event: Event) -> Entry:
    found = (
        Entry.objects.select_related("user").filter(pk=posted_id(request, "entry"), event=event)
    ).first()
    if found is None:
        raise ServiceError(_("That player is not in this event."))
    return found


def erase_guest(request: HttpRequest, event: Event) -> str:
    entry = posted_entry(request, event)
    name = entry.user.get_username()
    services.erase_guest(event=event, by=request.user, entry=entry)
    return _("%(name)s is erased: their places stay, their name is gone.") % {"name": name}


def stand_in(request: HttpRequest, event: Event) -> str:
    entry = posted_entry(request, event)
    on = request.POST.get("on") == "1"
    services.stand_in(event=event, entry=entry, by=request.user, on=on)
    name = entry.user.get_username()
    if on:  # in the format's words: a balanced knockout's goes on deal after deal
        return str(formats.of(event).words.stand_in_done) % {"name": name}
    return _("%(name)s has their seat back.") % {"name": name}


def add_entry(request: HttpRequest, event: Event) -> str:
    user = get_user_model().objects.filter(pk=posted_id(request, "user")).first()
    if user is None:
        raise ServiceError(_("Choose a member of the club."))
    entry = services.add_entry(event=event, user=user, by=request.user)
    return _joined(event, entry)


def add_guest(request: HttpRequest, event: Event) -> str:
    entry = services.add_guest(event=event, by=request.user, name=request.POST.get("name", ""))
    return _joined(event, entry)


def _joined(event: Event, entry: Entry) -> str:
    """What adding a member or a guest says: registered, or, once the event runs, from
    which round they play and the byes of the rounds they missed."""
    said = {"name": entry.user.get_username(), "round": entry.first_round}
    if event.status != Event.RUNNING:
        return _("%(name)s is registered.") % said
    byes = entry.byes.count()
    if not byes:
        return _("%(name)s plays from round %(round)s.") % said
    return ngettext(
        "%(name)s plays from round %(round)s, with a bye for the round missed.",
        "%(name)s plays from round %(round)s, with a bye for each of the %(byes)s rounds missed.",
        byes,
    ) % {**said, "byes": byes}


def call_break(request: HttpRequest, event: Event) -> str:
    form = BreakForm(request.POST)
    if not form.is_valid():
        raise ServiceError(first_error(form))
    event = services.call_break(event=event, by=request.user, minutes=form.cleaned_data["minutes"])
    shown = news.news(event).break_
    if shown is None:  # unreachable: the break has just begun
        return _("The break has begun.")
    return _("Break: round %(round)s starts at %(clock)s.") % {
        "round": shown.round_number,
        "clock": shown.clock,
    }


def end_break(request: HttpRequest, event: Event) -> str:
    services.end_break(event=event, by=request.user)
    return _("The break is over.")


def announce(request: HttpRequest, event: Event) -> str:
    form = AnnouncementForm(request.POST)
    if not form.is_valid():
        raise ServiceError(first_error(form))
    services.announce(event=event, by=request.user, text=form.cleaned_data["text"])
    return _("Announced.")


ACTIONS: dict[str, Handler] = {
    "registration": set_registration,
    "start_event": start_event,
    "check_in_for": check_in_for,
    "swap": swap,
    "lock": lock,
    "start_round": start_round,
    "cards": choose_cards,
    "schedule": schedule,
    "pause": pause,
    "withdraw": withdraw,
    "correct": correct,
    "finish": finish,
    "stand_in": stand_in,
    "add_entry": add_entry,
    "add_guest": add_guest,
    "erase_guest": erase_guest,
    "break": call_break,
    "end_break": end_break,
    "announce": announce,
    "move": move,
    "cancel": cancel,
    "repeat": repeat,
    "stop_repeating": stop_repeating,
    "conditions": set_conditions,
    "new_link": new_link,
}
