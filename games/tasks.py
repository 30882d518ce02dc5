"""Celery tasks: bot turns, turn timers and the sweep (docs/celery.md#tasks).

A task takes ids and the `seq` it expects, calls a service, and does nothing if the
game has moved on, so a duplicate or late delivery is harmless. Tasks are enqueued only
after the move that calls for them is committed (by `games.notify`, by name: tasks call
the services, never the other way round). ETA tasks live in a worker's memory,
so a periodic sweep also finds overdue timers and stalled bot turns, and carries out
`games.absence`: it marks away a person gone on their turn at a table without a timer,
and ends games no person has moved in for a day (longer at a turn-based table). A
turn-based table's deadlines, hours away, are found by the sweep alone
(docs/tables.md#the-deadline-is-found-by-the-sweep).
"""

from __future__ import annotations

import heapq
import logging
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from celery import shared_task
from celery.signals import (
    task_prerun,
    worker_process_init,
    worker_process_shutdown,
    worker_shutting_down,
)
from django.conf import settings
from django.db import close_old_connections
from django.db.models import Count, Q
from django.utils import timezone

from games import absence, metrics, notify, presence, safe_cache, services
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


@shared_task(acks_late=True, ignore_result=True, bind=True)
def bot_turn(self: Any, game_id: int, expected_seq: int) -> None:
    """The bot on turn moves. While the turn after it is a bot's too, the following
    moves are played in this process, THIRTYONE_BOT_DELAY apart, without the broker
    (`chains`, docs/celery.md#bot-chains): at most THIRTYONE_BOT_CHAIN_MOVES of them and for
    THIRTYONE_BOT_CHAIN_SECONDS, then the next turn is a task again. Each move checks
    its seq under the game's lock, so a repeated task, or the same turn on two workers,
    moves once: the other finds the game moved on, and its chain ends there."""
    eager = _eager(self)
    turn = ChainedTurn(
        game_id,
        expected_seq,
        None,
        settings.THIRTYONE_BOT_CHAIN_MOVES,
        time.monotonic() + settings.THIRTYONE_BOT_CHAIN_SECONDS,
    )
    delay = 0.0 if eager else settings.THIRTYONE_BOT_DELAY
    following = play_chained(turn, delay)
    while following is not None:
        if not eager:
            chains.add(following, delay)
            return
        following = play_chained(following, delay)  # the tests: at once, as eager tasks


def _eager(task: Any) -> bool:
    """Run inline (the tests): no pause before a chain's next move, as an eager
    countdown has none."""
    return bool(getattr(task.request, "is_eager", False) or task.app.conf.task_always_eager)


class ChainedTurn(NamedTuple):
    """A bot turn a chain plays: its game and seq, the game as the last move left it
    (None: read it), and the chain's room left (moves, and `time.monotonic()` limit)."""

    game_id: int
    seq: int
    held: Game | None
    moves: int
    until: float


def play_chained(turn: ChainedTurn, delay: float) -> ChainedTurn | None:
    """Play `turn`; the next bot turn of its game if its commit kept it for the chain
    (`notify.BotChain`: the chain has room; else it went to the broker)."""
    chain = notify.BotChain(turn.game_id, moves=turn.moves, until=turn.until, delay=delay)
    with notify.chaining(chain):
        services.play_for_bot(game_id=turn.game_id, expected_seq=turn.seq, held=turn.held)
        kept = chain.pop()
    if kept is None:
        return None
    return ChainedTurn(turn.game_id, kept[0], kept[1], chain.left, turn.until)


class Chains:
    """This process's chained bot turns waiting for their delay: a thread of its own
    sleeps until the next is due and plays it, so a wait holds none of Celery's pool
    (a task that slept between moves held its slot: four slots played 5.3 moves/s in
    `make bench-live`'s embedded profile, docs/celery.md#bot-chains). Turns kept here are lost
    with the process, as countdown tasks held by a killed worker are: the sweep finds
    the stalled bot turn (THIRTYONE_STALLED_BOT_SECONDS); a worker that shuts down
    sends them to the broker first (`_hand_back`)."""

    def __init__(self) -> None:
        self._due: list[tuple[float, int, ChainedTurn]] = []
        self._count = 0
        self._cond = threading.Condition()
        self._pid = 0
        self._players: ThreadPoolExecutor | None = None
        # Moves played at once: THIRTYONE_BOT_CHAIN_THREADS in a worker of the threads
        # pool (embedded: its four threads play tasks side by side too); one in a prefork
        # child (`_one_at_a_time`), which plays one task at a time: four threads there
        # made a push's render wait for the GIL behind other moves (bench-live
        # production: p95 637 ms against 109-182 ms with one, docs/celery.md#bot-chains).
        self.threads: int | None = None

    def add(self, turn: ChainedTurn, delay: float) -> None:
        with self._cond:
            if self._pid != os.getpid():  # made again in a forked child
                self._due = []
                self._pid = os.getpid()
                # The moves themselves on a few threads: a move waits for the database
                # and the channel layer, and one thread played them one after another.
                self._players = ThreadPoolExecutor(
                    self.threads or settings.THIRTYONE_BOT_CHAIN_THREADS,
                    thread_name_prefix="bot-chain",
                )
                threading.Thread(target=self._run, name="bot-chains", daemon=True).start()
            self._count += 1
            heapq.heappush(self._due, (time.monotonic() + delay, self._count, turn))
            self._cond.notify()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._due or self._due[0][0] > time.monotonic():
                    self._cond.wait(self._due[0][0] - time.monotonic() if self._due else None)
                _, _, turn = heapq.heappop(self._due)
                players = self._players
            assert players is not None
            players.submit(self._play, turn)

    def _play(self, turn: ChainedTurn) -> None:
        delay = settings.THIRTYONE_BOT_DELAY
        try:
            close_old_connections()  # as before each task (`_fresh_connections`)
            following = play_chained(turn, delay)
        except Exception:  # the sweep finds the stalled bot turn
            log.exception("chained bot turn of game %s failed", turn.game_id)
            return
        if following is not None:
            self.add(following, delay)

    def hand_back(self) -> int:
        """Send every turn waiting here to the broker (a worker shutting down)."""
        with self._cond:
            waiting, self._due = self._due, []
        now = time.monotonic()
        for due, _, turn in waiting:
            try:
                notify.enqueue(notify.BOT_TURN, turn.game_id, turn.seq, countdown=max(0, due - now))
            except Exception:  # the sweep finds the stalled bot turn
                log.exception("chained bot turn of game %s not handed back", turn.game_id)
        return len(waiting)


chains = Chains()


@worker_process_shutdown.connect
@worker_shutting_down.connect
def _hand_back(**kwargs: object) -> None:
    chains.hand_back()


@worker_process_init.connect
def _one_at_a_time(**kwargs: object) -> None:
    """A prefork child (production's workers): its chains play one move at a time."""
    chains.threads = 1


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
    latest = now
    for game_id, seq, deadline in overdue.values_list("pk", "seq", "turn_deadline"):
        turn_timeout.delay(game_id, seq)
        latest = min(latest, deadline)
    metrics.TIMER_OVERDUE.set((now - latest).total_seconds())
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
    _swept()


# The time (time.time()) the sweep last ran to its end, in the shared cache: /readyz and
# /metrics read it (docs/monitoring.md#readyz).
SWEPT_KEY = "games:swept-at"


def _swept() -> None:
    # The cache away: not recorded (/readyz's cache check says so).
    safe_cache.cache_set(SWEPT_KEY, time.time(), timeout=None)


def last_sweep() -> float | None:
    """When the sweep last ran to its end (time.time()); None if never, as far as the
    cache knows, or if the cache cannot be asked."""
    found = safe_cache.cache_get(SWEPT_KEY)
    return float(found) if found is not None else None


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
        # turn-based: everyone is gone most of the time (docs/tables.md#absence-waits-days)
        table__move_hours=0,
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


# The bots' review of a finished game (docs/celery.md#the-review-of-a-finished-game):
# seconds of CPU, never urgent, so on its own queue (CELERY_TASK_ROUTES).
REVIEW_GAME = "games.tasks.review_game"


@shared_task(name=REVIEW_GAME, acks_late=True, ignore_result=True)
def review_game(game_id: int) -> None:
    """Review a finished game once (`services.review_game`: a second run does nothing)."""
    services.review_game(game_id=game_id)


@shared_task(name="games.tasks.sweep_reviews", ignore_result=True)
def sweep_reviews() -> None:
    """Enqueue the review of each recent finished game that has none (lost tasks)."""
    for game_id in services.reviews_missing():
        notify.enqueue(REVIEW_GAME, game_id)


def game_finished(game_id: int, **kwargs: object) -> None:
    """`game_finished`'s receiver (games.apps): the game's review is enqueued, after
    the commit that ended it (unless THIRTYONE_AUTO_REVIEWS is off: the tests)."""
    if settings.THIRTYONE_AUTO_REVIEWS:
        notify.enqueue(REVIEW_GAME, game_id)
