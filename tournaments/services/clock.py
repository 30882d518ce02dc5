"""Games finishing, and the clock (docs/tournaments.md,
docs/tables.md#the-deadline-is-found-by-the-sweep): a table's game recorded when games
announces its end (`tournaments.receivers`), and beat's sweep, whose steps are each safe
to run twice or late."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import services as games
from games.errors import ServiceError
from tournaments import formats, registration
from tournaments.models import Event, Round
from tournaments.services.access import changed, locked_event, locked_round
from tournaments.services.rounds import start_event, start_round_if_due

log = logging.getLogger(__name__)


def record_table(*, game_id: int) -> bool:
    """The game of one of an event's tables is over: the event's format records it and
    moves the event on (the round's last table: the next round, or the event's end).
    True when this call recorded it; a repeated or late call, or a game still in play,
    changes nothing and returns False. Two calls for the last two tables of a round
    take turns on the event's lock, so the second sees the first's table finished and
    exactly one advances the round."""
    with transaction.atomic():
        event_id = formats.event_of_game(game_id)
        if event_id is None:
            return False
        event = locked_event(event_id)
        if not formats.of(event).rounds.record(event, game_id):
            return False
        changed(event)
    return True


def finish_at_deadline(*, round_id: int) -> bool:
    """The sweep's: a turn-based round whose deadline has passed
    (docs/tournaments.md#turn-based-events). Bots finish every game of it still being
    played (`games.finish_with_bots`: its people are away for good), and the round ends
    as it always does, when its last table is recorded. False, changing nothing, for a
    round not being played or not due, and when every game left is already played by
    bots: a repeated call, or one on two workers at once, does nothing more."""
    with transaction.atomic():
        locked = locked_round(round_id)
        if locked is None:
            return False
        event, round_ = locked
        due = round_.deadline is not None and round_.deadline <= timezone.now()
        if round_.status != Round.PLAYING or not due:
            return False
        playing = [game_id for game_id, _ in formats.of(event).rounds.table_games(round_).values()]
        finished = [games.finish_with_bots(game_id=g) for g in playing if g is not None]
    return any(finished)


def sweep(now: datetime | None = None) -> None:
    """Beat's: tell of registrations whose opening time has come, start events whose
    start time has come, start scheduled rounds, have bots finish turn-based rounds past
    their deadline, and record finished games whose task was lost. Each step is one of
    the idempotent functions above, so a sweep that races a task or another sweep does
    no harm."""
    now = now or timezone.now()
    for event_id in registration.due(now).values_list("pk", flat=True):
        _each_alone(
            partial(open_registration_if_due, event_id=event_id, now=now),
            "open registration",
            event_id,
        )
    for event in Event.objects.filter(status=Event.UPCOMING, starts_at__lte=now):
        _each_alone(partial(start_event, event=event, by=None), "start event", event.pk)
    for round_id in Round.objects.filter(
        status=Round.SEATED, start_at__lte=now, event__paused=False
    ).values_list("pk", flat=True):
        _each_alone(partial(start_round_if_due, round_id=round_id), "start round", round_id)
    for round_id in Round.objects.filter(status=Round.PLAYING, deadline__lte=now).values_list(
        "pk", flat=True
    ):
        _each_alone(partial(finish_at_deadline, round_id=round_id), "end round", round_id)
    for game_id in formats.unrecorded_games():
        _each_alone(partial(record_table, game_id=game_id), "record the game", game_id)


def open_registration_if_due(*, event_id: int, now: datetime) -> bool:
    """The sweep's: an event's registration opening time has passed: mark it, tell
    (`signals.registration_opened`) and redraw its pages, once (`registration.announce`)."""
    with transaction.atomic():
        event = locked_event(event_id)
        if not registration.announce(event, now):
            return False
        changed(event)
    return True


def _each_alone(step: Callable[[], Any], what: str, pk: int) -> None:
    """One step of the sweep, on its own: a refusal (too few players at an event's start
    time: it waits for its organizer, who may finish it) or a failure (a bug: logged)
    leaves it for the next sweep, and the sweep goes on with the others, so one event
    in trouble does not stop every other event's rounds. A step's transaction is
    rolled back when it fails."""
    try:
        step()
    except ServiceError as refused:
        log.debug("sweep: %s %s refused: %s", what, pk, refused)
    except Exception:
        log.exception("sweep: %s %s failed", what, pk)
