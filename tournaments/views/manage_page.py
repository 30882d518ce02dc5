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
from tournaments.room import console, desk
from tournaments.schedule import series
from tournaments.views.manage_actions import finished_seats, round_seats


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
    playing = console.round_in_play(event)
    seats = round_seats(waiting) if waiting else []
    finished = finished_seats(event)
    entries = roster.entries(event)
    running = event.status == Event.RUNNING
    late_refusal = services.late_entry_refusal(event)
    following = services.next_round_number(event)
    last_round = waiting is None and fmt.rounds.is_last(event, following - 1)
    base = console_context(event, entries)
    on_break = base["news"].break_ is not None
    card_choices = (
        [
            (seats[0].table, card_tables.card_choice_refusal(seats))
            for seats in roster.seated_tables(waiting)
        ]
        if waiting and event.venue == Event.MIXED
        else []
    )
    if not running:
        break_refusal = None
    elif fmt.rounds.break_refusal:
        break_refusal = fmt.rounds.break_refusal
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
        if finished and fmt.rounds.correction_refusal is None
        else None,
        "correction_refusal": fmt.rounds.correction_refusal,
        # A control that could only be refused is not offered: the page says why.
        "pausable": fmt.rounds.pause_refusal is None,
        "pause_refusal": fmt.rounds.pause_refusal,
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
    """Why "Finish the event now" is not offered: a round (a knockout's deal) is played,
    in the format's words."""
    if playing is None:
        return None
    return fmt.words.being_played(playing.number)


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
    return fmt.rounds.withdrawal_refusal(entry) if entry.active else None
