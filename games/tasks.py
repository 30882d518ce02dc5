"""Celery tasks: bot turns, turn timers and the sweep (docs/design.md §6).

A task takes ids and the `seq` it expects, calls a service, and does nothing if the
game has moved on, so a duplicate or late delivery is harmless. Tasks are enqueued only
after the move that calls for them is committed (by `games.notify`, by name: tasks call
the services, never the other way round). ETA tasks live in a worker's memory,
so a periodic sweep also finds overdue timers and stalled bot turns, and carries out
`games.absence`: it marks away a person gone on their turn at a table without a timer,
and ends games no person has moved in for a day (longer at a turn-based table). A
turn-based table's deadlines, hours away, are found by the sweep alone
(docs/design.md §25).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from celery import shared_task
from celery.signals import task_prerun
from django.conf import settings
from django.db import close_old_connections
from django.db.models import Count, Q
from django.utils import timezone

from games import absence, presence, services
from games.models import Game, GamePlayer

log = logging.getLogger(__name__)


@task_prerun.connect
def _fresh_connections(task: Any = None, **kwargs: object) -> None:
    """What Django does at each request, at each task: drop a database connection that
    is broken or older than CONN_MAX_AGE (and re-arm its health check). Celery's own
    closing of every connection around every task is off (CELERY_DB_REUSE_MAX). Not
    for a task run eagerly (tests): it runs inside its caller's transaction."""
    if task is not None and getattr(task.request, "is_eager", False):
        return
    close_old_connections()


@shared_task(acks_late=True, ignore_result=True)
def bot_turn(game_id: int, expected_seq: int) -> None:
    services.play_for_bot(game_id=game_id, expected_seq=expected_seq)


@shared_task(acks_late=True, ignore_result=True)
def turn_timeout(game_id: int, expected_seq: int) -> None:
    services.time_out_turn(game_id=game_id, expected_seq=expected_seq)


@shared_task(acks_late=True, ignore_result=True)
def absent_turn(game_id: int, expected_seq: int, seat: int, user_id: int | None) -> None:
    """Mark away the person on turn at `seat` if they are still gone (looked at again
    here: the task may run a while after the sweep saw them gone)."""
    if presence.seat_seen(game_id, seat, user_id) is False:
        services.mark_absent(game_id=game_id, expected_seq=expected_seq)


@shared_task(acks_late=True, ignore_result=True)
def abandoned_game(game_id: int) -> None:
    services.end_abandoned(game_id=game_id)


# Idle tables the sweep closes at most at a time: the next sweep takes the rest.
IDLE_BATCH = 100


@shared_task(ignore_result=True)
def sweep() -> None:
    """Enqueue overdue turn timers, bot turns that should have happened by now (e.g.
    their worker was killed mid-task), the marking away of people gone on their turn at
    tables without a timer, and the end of abandoned games (games.absence); close tables
    nobody is at any more. Each task checks again under its row's lock: a repeat, or a
    sweep run twice, is harmless."""
    now = timezone.now()
    idle_since = now - timedelta(minutes=settings.THIRTYONE_IDLE_TABLE_MINUTES)
    for table_id in services.idle_tables(idle_since).values_list("pk", flat=True)[:IDLE_BATCH]:
        services.close_if_idle(table_id=table_id, idle_since=idle_since)
    overdue = Game.objects.in_play().filter(turn_deadline__lt=now)
    for game_id, seq in overdue.values_list("pk", "seq"):
        turn_timeout.delay(game_id, seq)
    quiet_since = now - timedelta(
        seconds=settings.THIRTYONE_BOT_DELAY + settings.THIRTYONE_STALLED_BOT_SECONDS
    )
    stalled = Game.objects.in_play().filter(updated_at__lt=quiet_since)
    for game in stalled.only("pk", "seq", "state"):
        if game.machine_moves_next():
            bot_turn.delay(game.pk, game.seq)
    _sweep_absent(now)
    for game_id in _abandoned(now):
        abandoned_game.delay(game_id)


def _abandoned(now: datetime) -> list[int]:
    """Games no person has moved in for longer than `absence.abandoned_after` allows:
    found by the shortest limit of each pace (a game of one person), then checked
    against their own people's."""
    quiet = Q()
    for hours in (0, *absence.MOVE_HOURS):
        limit = absence.abandoned_after(hours, 1)
        quiet |= Q(table__move_hours=hours, human_moved_at__lt=now - limit)
    people = Count("players", filter=Q(players__user__isnull=False, players__bot_level=""))
    found = (
        Game.objects.in_play()
        .filter(quiet)
        .annotate(people=people)
        .values_list("pk", "table__move_hours", "people", "human_moved_at")
    )
    return [
        game_id
        for game_id, hours, count, moved in found
        if moved < now - absence.abandoned_after(hours, count)
    ]


def _sweep_absent(now: datetime) -> None:
    """Tables without a timer whose turn has lasted past ABSENT_SECONDS: a person on
    turn (not a bot, not away already) of whom there is no sign is marked away. When
    presence is unknown (the cache failed), no one is."""
    long_turns = Game.objects.in_play().filter(
        table__turn_timer=0,
        table__move_hours=0,  # turn-based: everyone is gone most of the time (§25)
        turn_started_at__lt=now - timedelta(seconds=absence.ABSENT_SECONDS),
    )
    for game_id, seq, seat in long_turns.values_list("pk", "seq", "state__turn"):
        if seat is None:
            continue
        on_turn = (
            GamePlayer.objects.filter(game_id=game_id, position=seat)
            .played_by_person()
            .values_list("user_id", flat=True)
        )
        for user_id in on_turn:  # none for a bot or a player away already
            if presence.seat_seen(game_id, seat, user_id) is False:
                absent_turn.delay(game_id, seq, seat, user_id)
