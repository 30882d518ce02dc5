"""The organizer's page of an event and its actions. Each action is a button of a
plain form posting `action` to the page; its handler reads the form and calls one
service, whose sentence (or refusal) comes back as a message after the redirect. A
handler finds the round or seat from the form, so a second press of "Start now" reaches
the service and is told the round has already started."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from clubs import access as club_access
from clubs import zones
from clubs.templatetags.club_time import club_clock
from thirtyone import site
from tournaments import formats, news, page_parts, pages, registration, roster, services
from tournaments.cards import card_results
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
from tournaments.models import Correction, Entry, Event, Round, RoundSeat
from tournaments.room import console, desk
from tournaments.schedule import series
from tournaments.services import ServiceError
from tournaments.words import number_list, ordinal, seat_name

Handler = Callable[[HttpRequest, Event], str]


def _posted_id(request: HttpRequest, name: str) -> int:
    try:
        return int(request.POST.get(name, ""))
    except ValueError:
        raise ServiceError(_("That form is incomplete: reload the page and try again.")) from None


def _round(request: HttpRequest, event: Event) -> Round:
    found = event.round_set.filter(pk=_posted_id(request, "round")).first()
    if found is None:
        raise ServiceError(_("That round is no longer there: reload the page."))
    return found


def _seat(event: Event, pk: int) -> RoundSeat:
    found = (
        RoundSeat.objects.select_related("table__round", "entry__user")
        .filter(pk=pk, table__round__event=event)
        .first()
    )
    if found is None:
        raise ServiceError(_("That seat is no longer there: reload the page."))
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
    entry = _entry(request, event)
    services.check_in_for(event=event, entry=entry, by=request.user)
    return _("%(name)s is checked in.") % {"name": entry.user.get_username()}


def swap(request: HttpRequest, event: Event) -> str:
    round_ = _round(request, event)
    form = SwapForm(request.POST, seats=_round_seats(round_))
    if not form.is_valid():
        raise ServiceError(first_error(form))
    first, second = (_seat(event, form.cleaned_data[k]) for k in ("first", "second"))
    services.swap_seats(round_=round_, by=request.user, first=first, second=second)
    return _("Swapped %(first)s and %(second)s.") % {
        "first": seat_name(first),
        "second": seat_name(second),
    }


def lock(request: HttpRequest, event: Event) -> str:
    seat = _seat(event, _posted_id(request, "seat"))
    locked = request.POST.get("locked") == "1"
    services.lock_seat(seat=seat, by=request.user, locked=locked)
    where = {"table": seat.table.number, "seat": seat.position + 1}
    if locked:
        return _("Table %(table)s, seat %(seat)s is locked.") % where
    return _("Table %(table)s, seat %(seat)s is unlocked.") % where


def card_tables(request: HttpRequest, event: Event) -> str:
    """A mixed event's seated round: which tables play with real cards (§21)."""
    try:
        numbers = [int(n) for n in request.POST.getlist("cards")]
    except ValueError:
        raise ServiceError(_("That form is incomplete: reload the page and try again.")) from None
    round_ = _round(request, event)
    chosen = card_results.choose_card_tables(round_=round_, by=request.user, numbers=numbers)
    if not chosen:
        return _("Every table of round %(round)s plays online.") % {"round": round_.number}
    listed = ", ".join(str(n) for n in chosen)
    return ngettext(
        "Round %(round)s: table %(tables)s play with cards.",
        "Round %(round)s: tables %(tables)s play with cards.",
        len(chosen),
    ) % {"round": round_.number, "tables": listed}


def start_round(request: HttpRequest, event: Event) -> str:
    round_ = services.start_round(round_=_round(request, event), by=request.user)
    return _("Round %(round)s has started.") % {"round": round_.number}


def schedule(request: HttpRequest, event: Event) -> str:
    round_ = _round(request, event)
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
    entry = Entry.objects.select_related("user").filter(pk=_posted_id(request, "entry")).first()
    if entry is None:
        raise ServiceError(_("That player is not in this event."))
    services.withdraw(event=event, entry=entry, by=request.user)
    return _("%(name)s has withdrawn.") % {"name": entry.user.get_username()}


def correct(request: HttpRequest, event: Event) -> str:
    form = CorrectionForm(request.POST, seats=_finished_seats(event))
    if not form.is_valid():
        raise ServiceError(first_error(form))
    seat = _seat(event, form.cleaned_data["seat"])
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


def _entry(request: HttpRequest, event: Event) -> Entry:
    found = (
        Entry.objects.select_related("user").filter(pk=_posted_id(request, "entry"), event=event)
    ).first()
    if found is None:
        raise ServiceError(_("That player is not in this event."))
    return found


def stand_in(request: HttpRequest, event: Event) -> str:
    entry = _entry(request, event)
    on = request.POST.get("on") == "1"
    services.stand_in(event=event, entry=entry, by=request.user, on=on)
    name = entry.user.get_username()
    if on:  # in the format's words: a balanced knockout's goes on deal after deal
        return str(formats.of(event).stand_in_done) % {"name": name}
    return _("%(name)s has their seat back.") % {"name": name}


def add_entry(request: HttpRequest, event: Event) -> str:
    user = get_user_model().objects.filter(pk=_posted_id(request, "user")).first()
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
    "cards": card_tables,
    "schedule": schedule,
    "pause": pause,
    "withdraw": withdraw,
    "correct": correct,
    "finish": finish,
    "stand_in": stand_in,
    "add_entry": add_entry,
    "add_guest": add_guest,
    "break": call_break,
    "end_break": end_break,
    "announce": announce,
    "move": move,
    "cancel": cancel,
    "repeat": repeat,
    "stop_repeating": stop_repeating,
}


# ---- the second step of what cannot be undone --------------------------------------


@dataclass(frozen=True)
class Question:
    """What a destructive action asks before it acts: the question, what follows, and
    the confirming button's words."""

    question: str
    consequence: str
    button: str


def _ask_finish(request: HttpRequest, event: Event) -> Question:
    return Question(
        _("Finish %(name)s now?") % {"name": event.name},
        _("The standings become final; a round seated and not started is dropped."),
        _("Finish the event"),
    )


def _ask_start(request: HttpRequest, event: Event) -> Question | None:
    """Starting withdraws whoever has not checked in (`services.start_event`): the
    count and their names first. Nothing to ask when everyone has checked in."""
    missing = [e.user.get_username() for e in services.not_checked_in(event)]
    if not missing:
        return None
    registered = Entry.objects.filter(event=event, status=Entry.REGISTERED).count()
    return Question(
        _("Start %(name)s now?") % {"name": event.name},
        _("%(count)s Each is told. If they are here, check them in first.")
        % {"count": desk.count_line(registered, missing)},
        ngettext(
            "Start and withdraw %(count)s player",
            "Start and withdraw %(count)s players",
            len(missing),
        )
        % {"count": len(missing)},
    )


def _ask_withdraw(request: HttpRequest, event: Event) -> Question:
    name = _entry(request, event).user.get_username()
    return Question(
        _("Withdraw %(name)s from %(event)s?") % {"name": name, "event": event.name},
        _(
            "They are seated no more and a bot plays their game in progress to its end; "
            "their results stand."
        ),
        _("Withdraw %(name)s") % {"name": name},
    )


def _ask_correct(request: HttpRequest, event: Event) -> Question:
    form = CorrectionForm(request.POST, seats=_finished_seats(event))
    if not form.is_valid():
        raise ServiceError(first_error(form))
    seat = _seat(event, form.cleaned_data["seat"])
    said = {
        "seat": seat_name(seat),
        "place": form.cleaned_data["place"],
        "round": seat.table.round.number,
    }
    if seat.place:
        question = _("Give %(seat)s place %(place)s in round %(round)s (now %(now)s)?") % {
            **said,
            "now": ordinal(seat.place),
        }
    else:
        question = _("Give %(seat)s place %(place)s in round %(round)s?") % said
    return Question(
        question,
        _("The standings follow; the audit log keeps the old place and your reason."),
        _("Correct the result"),
    )


def _ask_cancel(request: HttpRequest, event: Event) -> Question:
    return Question(
        _("Cancel %(name)s?") % {"name": event.name},
        _(
            "No one can register or play any more. The event stays on its page and in the "
            "calendars that show it, marked cancelled. This cannot be undone."
        ),
        _("Cancel the event"),
    )


def _ask_stop_repeating(request: HttpRequest, event: Event) -> Question:
    return Question(
        _("Stop repeating %(name)s?") % {"name": event.name},
        _(
            "No more weeks are put on the calendar. The events already made stay; cancel "
            "any you no longer want one by one."
        ),
        _("Stop repeating"),
    )


# A question may be None: nothing to ask this time (a start that withdraws no one).
QUESTIONS: dict[str, Callable[[HttpRequest, Event], Question | None]] = {
    "start_event": _ask_start,
    "cancel": _ask_cancel,
    "stop_repeating": _ask_stop_repeating,
    "finish": _ask_finish,
    "withdraw": _ask_withdraw,
    "correct": _ask_correct,
}


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def manage(request: HttpRequest, pk: int) -> HttpResponse:
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    if not club_access.organizes(request.user, event.club):
        raise PermissionDenied(f"Only {event.club.name}'s organizers can manage its events.")
    if request.method == "POST":
        action = request.POST.get("action", "")
        handler = ACTIONS.get(action)
        try:
            if handler is None:
                raise ServiceError(_("Choose one of the page's buttons."))
            ask = QUESTIONS.get(action)
            question = ask(request, event) if ask and request.POST.get("confirm") != "yes" else None
            if question is not None:
                # The first press asks; only the second, with confirm=yes, acts. What
                # would be refused is refused now, not after the question.
                _would_do(handler, request, event)
                return _confirm(request, event, question)
            messages.success(request, handler(request, event))
        except ServiceError as error:
            messages.error(request, error.message)
        return redirect("tournaments:manage", event.pk)
    if request.GET.get("part") == "tables":
        # The console's live part alone, which static/js/console.js fetches again when
        # the event changes (its socket says so) and every few seconds (a turn moves on
        # without the event changing).
        return render(request, "tournaments/manage.html#console", _console_context(event))
    return render(request, "tournaments/manage.html", _context(request, event))


class _DryRun(Exception):
    """Rolls back a handler run only to see whether its service would refuse."""


def _would_do(handler: Handler, request: HttpRequest, event: Event) -> None:
    """Run `handler` and undo it: its service's refusal (ServiceError) is raised, and
    nothing is written or told (the pushes and tasks wait for a commit that never
    comes)."""
    try:
        with transaction.atomic():
            handler(request, event)
            raise _DryRun
    except _DryRun:
        pass


def _confirm(request: HttpRequest, event: Event, question: Question) -> HttpResponse:
    """The page asking the second step: the posted fields again, with confirm=yes."""
    fields = [
        (name, value)
        for name, value in request.POST.items()
        if name not in ("csrfmiddlewaretoken", "confirm")
    ]
    return render(
        request,
        "tournaments/confirm.html",
        {"event": event, "question": question, "fields": fields},
    )


def _console_context(event: Event, entries: list[Entry] | None = None) -> dict[str, Any]:
    """The console's live part: the news, the check-in desk while the event starts, and
    the tables of the round in play."""
    now = timezone.now()
    tables = console.console(event, now)
    at_desk = desk.shown(event, tables)
    if at_desk and entries is None:
        entries = roster.entries(event)
    return {
        "event": event,
        "console": tables,
        "desk": desk.desk(event, tables, entries or []) if at_desk else None,
        "news": news.news(event, now),
        "refresh_seconds": REFRESH_SECONDS,
    }


REFRESH_SECONDS = 20


def _members_to_add(event: Event) -> list[tuple[int, str]]:
    """The club's members without an active entry, by name: whom "Add a member" offers."""
    entered = Entry.objects.filter(event=event, status=Entry.REGISTERED).values("user_id")
    users = (
        get_user_model()
        .objects.filter(club_memberships__club=event.club)
        .exclude(pk__in=entered)
        .order_by("username")
    )
    return [(u.pk, u.get_username()) for u in users]


def _context(request: HttpRequest, event: Event) -> dict[str, Any]:
    fmt = formats.of(event)
    waiting = page_parts.waiting_round(event)
    playing = console.round_in_play(event)
    seats = _round_seats(waiting) if waiting else []
    finished = _finished_seats(event)
    entries = roster.entries(event)
    running = event.status == Event.RUNNING
    late_refusal = services.late_entry_refusal(event)
    following = services.next_round_number(event)
    last_round = fmt.sets_rounds and waiting is None and following > event.rounds
    base = _console_context(event, entries)
    on_break = base["news"].break_ is not None
    card_choices = (
        [
            (seats[0].table, card_results.card_choice_refusal(seats))
            for seats in roster.seated_tables(waiting)
        ]
        if waiting and event.venue == Event.MIXED
        else []
    )
    if not running:
        break_refusal = None
    elif fmt.break_refusal:
        break_refusal = fmt.break_refusal
    elif last_round:
        break_refusal = _("Round %(round)s is the last: no break before another round.") % {
            "round": following - 1
        }
    else:
        break_refusal = None
    return {
        **base,
        "status": pages.status_text(event),
        "entries": [(e, _withdraw_refusal(fmt, e)) for e in entries],
        "waiting": waiting,
        "playing": playing,
        "current_round": playing or waiting,
        "seating": roster.seated_tables(waiting) if waiting else [],
        # A mixed event's seated round: a checkbox per table, "plays with cards".
        "card_choices": card_choices,
        # Ticked as the round before played (formats.swiss.rounds): the page says so.
        "cards_carried": waiting is not None
        and waiting.number > 1
        and any(table.cards for table, _ in card_choices),
        "swap_form": SwapForm(seats=seats) if waiting else None,
        "schedule_form": ScheduleForm(initial={"start_at": waiting.start_at}, club=event.club)
        if waiting
        else None,
        # Only formats whose places are the organizer's to correct offer the form.
        "correction_form": CorrectionForm(seats=finished)
        if finished and fmt.correction_refusal is None
        else None,
        "correction_refusal": fmt.correction_refusal,
        # A control that could only be refused is not offered: the page says why.
        "pausable": fmt.pause_refusal is None,
        "pause_refusal": fmt.pause_refusal,
        "finish_refusal": _finish_refusal(fmt, playing),
        "start_refusal": _("The event is paused: resume it to start the round.")
        if event.paused
        else None,
        "late_refusal": late_refusal,
        # Opening or closing registration means something while players may still enter.
        "registration_control": event.status == Event.UPCOMING
        or (running and late_refusal is None),
        "members": _members_to_add(event)
        if late_refusal is None and event.status != Event.FINISHED
        else [],
        # Guests only where every table plays with cards (docs/design.md §21).
        "guest_refusal": services.guest_refusal(event),
        "on_break": on_break,
        "break_refusal": break_refusal,
        "break_choices": BREAK_CHOICES,
        "break_form": BreakForm(),
        "announcement_form": AnnouncementForm(),
        "corrections": Correction.objects.filter(seat__table__round__event=event)
        .select_related("seat__table__round", "seat__entry__user", "by")
        .order_by("-at"),
        **_calendar_context(event),
        "invite_url": site.absolute(
            reverse("tournaments:join", args=[event.pk, event.invite_token])
        )
        if event.entry == Event.INVITE
        else None,
    }


def _finish_refusal(fmt: formats.Format, playing: Round | None) -> str | None:
    """Why "Finish the event now" is not offered: a round (a knockout's deal) is played.
    The format's `unit` ("round" or "deal") picks the whole sentence."""
    if playing is None:
        return None
    said = {"number": playing.number}
    if fmt.unit == "deal":
        return (
            _("Deal %(number)s is being played: the event can be finished once it is over.") % said
        )
    return _("Round %(number)s is being played: the event can be finished once it is over.") % said


def _calendar_context(event: Event) -> dict[str, Any]:
    """The "When" section (docs/design.md §26): moving and cancelling an event that has
    not started, repeating it every week or stopping."""
    upcoming = event.status == Event.UPCOMING
    repeating = event.series if event.series is not None and event.series.active else None
    started = event.started_at
    return {
        # Started a minute or more before or after its time: the page says both.
        "started_elsewhen": started is not None
        and abs((started - event.starts_at).total_seconds()) >= 60,
        "registration_opens": registration.opening_time(event)
        if upcoming and event.registration_open and event.registration_waits()
        else "",
        "move_form": MoveForm(initial={"start_at": event.starts_at}, club=event.club)
        if upcoming
        else None,
        "repeating": repeating,
        "repeat_line": series.describe(repeating) if repeating else "",
        "repeat_next": series.next_line(repeating) if repeating else "",
        "repeat_form": RepeatForm()
        if repeating is None and event.status != Event.CANCELLED
        else None,
        "repeat_rule": series.rule_of(event),
    }


BREAK_CHOICES = (5, 10, 15, 20, 30)


def _withdraw_refusal(fmt: formats.Format, entry: Entry) -> str | None:
    return fmt.withdrawal_refusal(entry) if entry.active else None
