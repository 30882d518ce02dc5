"""Rounds (docs/tournaments.md#shared-reading): the event's start, a seated round
started now or at a time, pausing, correcting a place, finishing the event."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import ServiceError
from games.signals import send_on_commit
from tournaments import formats, signals
from tournaments.formats.seated import start_if_automatic, start_seated
from tournaments.models import Correction, Entry, Event, Round, RoundSeat
from tournaments.services.access import (
    CANCELLED,
    changed,
    locked_event,
    locked_round,
    organizer_event,
    require_open,
)
from tournaments.services.entries import active_entries


def start_event(*, event: Event, by: Any) -> Round:
    """Close check-in and seat round 1 (`by`: an organizer, or None for the start time
    arriving). The round starts at once when the event advances by itself; otherwise
    the organizer looks at the seating first and starts it."""
    with transaction.atomic():
        # None: the start time has come (the sweep's); else one of its organizers.
        event = locked_event(event.pk) if by is None else organizer_event(by, event.pk)
        if event.status == Event.CANCELLED:
            raise ServiceError(str(CANCELLED))
        if event.status != Event.UPCOMING:
            raise ServiceError(_("The event has already started."))
        # Who has not checked in is withdrawn, marked so: their own line says why, and
        # they are told (`signals.check_in_missed`; the manage page asks first).
        missed = 0
        if event.checkin_minutes:
            missed = (
                active_entries(event)
                .filter(checked_in_at__isnull=True)
                .update(status=Entry.WITHDRAWN, withdrawn_at=timezone.now(), missed_check_in=True)
            )
        rounds = formats.of(event).rounds
        rounds.check_field(event, active_entries(event).count())
        event.status, event.started_at = Event.RUNNING, timezone.now()
        event.save(update_fields=["status", "started_at"])
        round_ = rounds.start(event)
        changed(event)
        if missed:
            send_on_commit(signals.check_in_missed, sender=Event, event_id=event.pk)
    return round_


def start_round(*, round_: Round, by: Any) -> Round:
    """The organizer starts a seated round now. A second press (another browser, the
    schedule) finds it started and is told so."""
    with transaction.atomic():
        event = organizer_event(by, round_.event_id)
        round_ = Round.objects.get(pk=round_.pk)
        if round_.status != Round.SEATED:
            raise ServiceError(
                _("Round %(number)s has already started.") % {"number": round_.number}
            )
        if event.paused:
            raise ServiceError(_("The event is paused: resume it first."))
        start_seated(formats.of(event).rounds, event, round_)
        changed(event)
    return round_


def schedule_round(*, round_: Round, by: Any, start_at: datetime | None) -> Round:
    """A seated round starts by itself at `start_at` (None: only when started)."""
    with transaction.atomic():
        event = organizer_event(by, round_.event_id)
        round_ = Round.objects.get(pk=round_.pk)
        if round_.status != Round.SEATED:
            raise ServiceError(
                _("Round %(number)s has already started.") % {"number": round_.number}
            )
        round_.start_at = start_at
        round_.save(update_fields=["start_at"])
        changed(event)
    return round_


def start_round_if_due(*, round_id: int) -> bool:
    """The schedule's: start a seated round whose time has come (the event not paused).
    False, changing nothing, for any other round (started already, not due)."""
    with transaction.atomic():
        locked = locked_round(round_id)
        if locked is None:
            return False
        event, round_ = locked
        due = round_.start_at is not None and round_.start_at <= timezone.now()
        if round_.status != Round.SEATED or event.paused or not due:
            return False
        start_seated(formats.of(event).rounds, event, round_)
        changed(event)
    return True


def set_paused(*, event: Event, by: Any, paused: bool) -> Event:
    """Pause: games being played go on, but the next round waits. Resume: a seated
    round starts if the event advances by itself."""
    with transaction.atomic():
        event = organizer_event(by, event.pk)
        if event.status != Event.RUNNING:
            raise ServiceError(_("Only a running event can be paused or resumed."))
        if refusal := formats.of(event).rounds.pause_refusal:
            raise ServiceError(str(refusal))
        event.paused = paused
        event.save(update_fields=["paused"])
        waiting = event.round_set.filter(status=Round.SEATED).first()
        if not paused and waiting is not None:
            start_if_automatic(formats.of(event).rounds, event, waiting)
        changed(event)
    return event


def correct_result(*, seat: RoundSeat, by: Any, place: int, reason: str) -> Correction:
    """The organizer changes a finished game's place for one seat, with a reason kept
    in the audit log. The standings follow; rounds already seated stay as they are."""
    with transaction.atomic():
        seat = RoundSeat.objects.select_related("table__round", "entry__user").get(pk=seat.pk)
        event = organizer_event(by, seat.table.round.event_id)
        if refusal := formats.of(event).rounds.correction_refusal:
            raise ServiceError(str(refusal))
        if seat.table.finished_at is None:
            raise ServiceError(
                _(
                    "The game at table %(table)s is still being played: correct its result "
                    "when it is over."
                )
                % {"table": seat.table.number}
            )
        if seat.entry is None:
            raise ServiceError(_("Bots are not ranked: there is nothing to correct."))
        if not reason.strip():
            raise ServiceError(_("Give the reason for the correction."), "reason")
        size = seat.table.seats.count()
        if not 1 <= place <= size:
            raise ServiceError(
                _("A place at this table is 1 to %(size)s.") % {"size": size}, "place"
            )
        if place == seat.place:
            raise ServiceError(
                _("%(name)s already has place %(place)s.")
                % {"name": seat.entry.user.get_username(), "place": place}
            )
        correction = Correction.objects.create(
            seat=seat, by=by, old_place=seat.place or 0, new_place=place, reason=reason.strip()
        )
        seat.place = place
        seat.save(update_fields=["place"])
        changed(event)
    return correction


def finish_event(*, event: Event, by: Any) -> Event:
    """The organizer ends the event between rounds: a seated round is dropped, the
    standings are final."""
    with transaction.atomic():
        event = organizer_event(by, event.pk)
        require_open(event, over=_("The event is already over."))
        playing = event.round_set.filter(status=Round.PLAYING).first()
        if playing is not None:
            raise ServiceError(
                _("Round %(number)s is being played: finish it first.") % {"number": playing.number}
            )
        event.round_set.filter(status=Round.SEATED).delete()
        formats.of(event).rounds.finish(event)
        changed(event)
    return event
