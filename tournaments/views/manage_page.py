"""What the organizer's manage page shows (tournaments.views.manage): the console's live
part, and the page around it, each control offered only where its service would not
refuse it (else the page says why)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from games import site
from tournaments import formats, news, page_parts, pages, registration, roster, services
from tournaments.cards import card_tables
from tournaments.forms import (
    AnnouncementForm,
    BreakForm,
    CorrectionForm,
    MoveForm,
    RepeatForm,
    ScheduleForm,
    SwapForm,
)
from tournaments.models import Correction, Entry, Event, Round
from tournaments.room import console, desk, organizer_calls
from tournaments.schedule import series
from tournaments.views.manage_actions import finished_seats, round_seats
from tournaments.views.manage_conditions import conditions_context


def console_context(event: Event, entries: list[Entry] | None = None) -> dict[str, Any]:
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
        # At the top: the tables that called the organizer
        # (docs/club-night.md#calling-the-organizer).
        "organizer_calls": organizer_calls.open_calls(event, now),
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


def page_context(request: HttpRequest, event: Event) -> dict[str, Any]:
    fmt = formats.of(event)
    waiting = page_parts.waiting_round(event)
    entries = roster.entries(event)
    base = console_context(event, entries)
    on_break = base["news"].break_ is not None
    return {
        **base,
        "status": pages.status_text(event),
        **_round_context(event, fmt, waiting),
        **_entries_context(event, fmt, entries),
        **_results_context(event, fmt),
        **_club_night_context(event, fmt, waiting, on_break=on_break),
        **_calendar_context(event),
        **conditions_context(event),
    }


def _round_context(event: Event, fmt: formats.Format, waiting: Round | None) -> dict[str, Any]:
    """The round seated and waiting to start (its seating, swaps, card tables and
    schedule), the round in play, and whether either may start or the event finish."""
    playing = console.round_in_play(event)
    card_choices = _card_choices(event, waiting)
    return {
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
        "swap_form": SwapForm(seats=round_seats(waiting)) if waiting else None,
        "schedule_form": ScheduleForm(initial={"start_at": waiting.start_at}, club=event.club)
        if waiting
        else None,
        "finish_refusal": _finish_refusal(fmt, playing),
        "start_refusal": _("The event is paused: resume it to start the round.")
        if event.paused
        else None,
    }


def _card_choices(event: Event, waiting: Round | None) -> list[tuple[Any, str | None]]:
    """A mixed event's seated round: each table, and why it cannot play with cards."""
    if not waiting or event.venue != Event.MIXED:
        return []
    return [
        (seats[0].table, card_tables.card_choice_refusal(seats))
        for seats in roster.seated_tables(waiting)
    ]


def _entries_context(event: Event, fmt: formats.Format, entries: list[Entry]) -> dict[str, Any]:
    """The players (each with why they may not withdraw), and who may still enter: the
    registration control, the members to add, guests, the invite link."""
    running = event.status == Event.RUNNING
    late_refusal = services.late_entry_refusal(event)
    return {
        "entries": [(e, _withdraw_refusal(fmt, e)) for e in entries],
        "late_refusal": late_refusal,
        # Opening or closing registration means something while players may still enter.
        "registration_control": event.status == Event.UPCOMING
        or (running and late_refusal is None),
        "members": _members_to_add(event)
        if late_refusal is None and event.status != Event.FINISHED
        else [],
        # Guests only where every table plays with cards (docs/club-night.md#guests).
        "guest_refusal": services.guest_refusal(event),
        "invite_url": site.absolute(
            reverse("tournaments:join", args=[event.pk, event.invite_token])
        )
        if event.entry == Event.INVITE
        else None,
    }


def _results_context(event: Event, fmt: formats.Format) -> dict[str, Any]:
    """Correcting a finished game's place, and the corrections made."""
    finished = finished_seats(event)
    return {
        # Only formats whose places are the organizer's to correct offer the form.
        "correction_form": CorrectionForm(seats=finished)
        if finished and fmt.rounds.correction_refusal is None
        else None,
        "correction_refusal": fmt.rounds.correction_refusal,
        "corrections": Correction.objects.filter(seat__table__round__event=event)
        .select_related("seat__table__round", "seat__entry__user", "by")
        .order_by("-at"),
    }


def _club_night_context(
    event: Event, fmt: formats.Format, waiting: Round | None, *, on_break: bool
) -> dict[str, Any]:
    """Pausing, a break and announcements. A control that could only be refused is not
    offered: the page says why."""
    return {
        "pausable": fmt.rounds.pause_refusal is None,
        "pause_refusal": fmt.rounds.pause_refusal,
        "on_break": on_break,
        "break_refusal": _break_refusal(event, fmt, waiting),
        "break_choices": BREAK_CHOICES,
        "break_form": BreakForm(),
        "announcement_form": AnnouncementForm(),
    }


def _break_refusal(event: Event, fmt: formats.Format, waiting: Round | None) -> str | None:
    """Why a break is not offered (None: it is): the event is not running, its format
    takes none, or the last round is being played (no round is left to wait for)."""
    if event.status != Event.RUNNING:
        return None
    if fmt.rounds.break_refusal:
        return str(fmt.rounds.break_refusal)
    following = services.next_round_number(event)
    if waiting is None and fmt.rounds.is_last(event, following - 1):
        return _("Round %(round)s is the last: no break before another round.") % {
            "round": following - 1
        }
    return None


def _finish_refusal(fmt: formats.Format, playing: Round | None) -> str | None:
    """Why "Finish the event now" is not offered: a round (a knockout's deal) is played,
    in the format's words."""
    if playing is None:
        return None
    return fmt.words.being_played(playing.number)


def _calendar_context(event: Event) -> dict[str, Any]:
    """The "When" section (docs/calendars.md#moving-and-cancelling): moving and
    cancelling an event that has not started, repeating it every week or stopping."""
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
    return fmt.rounds.withdrawal_refusal(entry) if entry.active else None
