"""What follows a committed change to a game (in the style of Zulip's
`send_event_on_commit`). Services call `game_changed` once per change, inside its
transaction; after the commit (never before: no one hears of a change that is not in the
log) it pushes every viewer their view (`games.realtime`), gives the next bot its turn
or starts the next player's turn timer (the Celery tasks of `games.tasks`, sent by name:
the tasks call the services), and, when the game is over, sends
`games.signals.game_finished` for other apps. At a turn-based table
(docs/tables.md#the-deadline-is-found-by-the-sweep) no timer task is sent: the sweep
finds a deadline hours away; `turn_waiting` tells other apps whose move it is.

A new consequence of a move goes here (or in a receiver of `game_finished`), not in
the services.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games import metrics, realtime
from games.models import Game, GamePlayer
from games.signals import game_finished, game_started, send_on_commit, turn_waiting

log = logging.getLogger(__name__)

BOT_TURN = "games.tasks.bot_turn"
TURN_TIMEOUT = "games.tasks.turn_timeout"


def game_changed(
    game: Game, *, bot_moves_next: bool | None = None, timer: float | None = None
) -> None:
    """`game` (saved, at its new seq) changed in the current transaction. After the
    commit: push the views; if `bot_moves_next` (by default: the turn is a bot's or an
    away player's, `Game.machine_moves_next`) give the bot its turn, else start the
    turn timer that runs out in `timer` seconds (by default: the table's turn timer
    when a person is on turn); send `game_finished` if the game is over."""
    in_play = game.in_play
    if bot_moves_next is None:
        bot_moves_next = in_play and game.machine_moves_next()
    if timer is None:
        on_turn = in_play and game.state.get("turn") is not None
        timer = _seconds_left(game) if on_turn and not bot_moves_next else 0
    if game.table.turn_based:
        # A countdown of hours would sit in a worker's memory for days and be lost with
        # it: the sweep, every few seconds, plays the turn once its deadline has passed.
        timer = 0
    finished = None if in_play else _results(game)
    game_id, seq = game.pk, game.seq
    transaction.on_commit(
        lambda: committed(
            game_id,
            seq,
            bot_moves_next=bot_moves_next,
            timer=timer,
            finished=finished,
            game=game,
        )
    )


def moved(kind: str) -> None:
    """A move of `kind` ("person", "bot" or "timeout") was made in the current
    transaction: counted once it commits (docs/monitoring.md#metrics)."""
    transaction.on_commit(metrics.MOVES.labels(kind).inc)


def _seconds_left(game: Game) -> float:
    """Until the turn's deadline (the table's timer, or more during a first-turn grace:
    `games.services.arrival`); the table's timer when the deadline is not set."""
    if game.turn_deadline is None:
        return float(game.table.turn_seconds)
    return max(0.0, (game.turn_deadline - timezone.now()).total_seconds())


def started(game: Game, user_ids: tuple[int, ...]) -> None:
    """`game` was dealt in the current transaction: after the commit, tell other apps
    (`games.signals.game_started`: an event calls its players to their tables)."""
    send_on_commit(
        game_started, sender=Game, game_id=game.pk, table_id=game.table_id, user_ids=user_ids
    )


def turn_passed(game: Game, seat: int) -> None:
    """At a turn-based table, the turn passed to `seat` in the current transaction (a new
    turn, docs/tables.md#your-turn). After the commit, if a person still plays that seat's
    turn -- not a bot, not away (an event's stand-in is marked away in the same
    transaction as the deal) -- and the game is still on that turn, tell other apps
    (`games.signals.turn_waiting`). Once per turn: a turn begins with one commit."""
    game_id, table_id, started = game.pk, game.table_id, game.turn_started_at

    def send() -> None:
        waiting = (
            GamePlayer.objects.played_by_person()
            .filter(
                game_id=game_id,
                position=seat,
                user__isnull=False,
                game__status=Game.PLAYING,
                game__turn_started_at=started,
            )
            .values_list("user_id", flat=True)
            .first()
        )
        if waiting is None:
            return
        for receiver, response in turn_waiting.send_robust(
            sender=Game, game_id=game_id, table_id=table_id, user_id=waiting
        ):
            if isinstance(response, Exception):
                log.error("turn_waiting receiver %r failed", receiver, exc_info=response)

    transaction.on_commit(send)


def _results(game: Game) -> dict[str, Any]:
    """`game_finished`'s keyword arguments (see games.signals)."""
    outcome = game.state.get("outcome") if game.status == Game.FINISHED else None
    return {
        "game_id": game.pk,
        "status": game.status,
        "end_reason": game.end_reason,
        "winners": tuple(outcome["winners"]) if outcome else (),
        "seq": game.seq,
    }


def committed(
    game_id: int,
    seq: int,
    *,
    bot_moves_next: bool,
    timer: float,
    finished: dict[str, Any] | None = None,
    game: Game | None = None,
) -> None:
    """After the commit: what `game_changed` registered. `game`: the writer's instance,
    which the push renders from rather than read the game back, if it is still at
    `seq` (another change in the same transaction moved it on: that one pushes)."""
    began = time.perf_counter()
    try:
        if game is not None and game.seq == seq:
            sent = realtime.push_game(game_id, game=game, moved=True)
        else:
            sent = realtime.push_game(game_id, moved=True)
        if sent:  # a move nobody watches has no push to time
            metrics.PUSH_SECONDS.observe(time.perf_counter() - began)
    except Exception:  # a push is a hint: the catch-up check will deliver the view
        log.exception("push for game %s failed", game_id)
    try:
        if bot_moves_next and _kept(game_id, seq, game):
            pass  # the bot task that made this move plays the next one itself
        elif bot_moves_next:
            enqueue(BOT_TURN, game_id, seq, countdown=settings.THIRTYONE_BOT_DELAY)
        elif timer:
            enqueue(TURN_TIMEOUT, game_id, seq, countdown=timer + 0.5, deadline=True)
    except Exception:  # the broker is away: the move stands, and beat's sweep finds
        # the stalled bot turn or the overdue timer once it is back
        log.exception("next task for game %s not sent", game_id)
    if finished is not None:
        for receiver, response in game_finished.send_robust(sender=Game, **finished):
            if isinstance(response, Exception):
                log.error(
                    "game_finished receiver %r failed for game %s",
                    receiver,
                    game_id,
                    exc_info=response,
                )


class BotChain:
    """The bot turns a bot task plays itself (`games.tasks.bot_turn`,
    docs/celery.md#bot-chains): after its move commits, the next turn of the same game,
    if it is a bot's too, is kept here for the task rather than sent to the broker -- at
    most `moves` of them, and none due after `until` (`time.monotonic()`); past either,
    the next turn goes to the broker as any other."""

    def __init__(self, game_id: int, *, moves: int, until: float, delay: float) -> None:
        self.game_id = game_id
        self.left = moves
        self.until = until
        self.delay = delay
        self.next: tuple[int, Game | None] | None = None  # (seq, the writer's instance)

    def take(self, game_id: int, seq: int, game: Game | None) -> bool:
        if game_id != self.game_id or self.next is not None or self.left <= 0:
            return False
        if time.monotonic() + self.delay > self.until:
            return False
        self.left -= 1
        self.next = (seq, game if game is not None and game.seq == seq else None)
        return True

    def pop(self) -> tuple[int, Game | None] | None:
        turn, self.next = self.next, None
        return turn


_chains = threading.local()


@contextmanager
def chaining(chain: BotChain) -> Iterator[BotChain]:
    """Within: the commits of this thread keep their game's next bot turn in `chain`
    (while it has room) instead of sending it to the broker. A turn still kept on the
    way out (the task failed) is sent to the broker then."""
    _chains.current = chain
    try:
        yield chain
    finally:
        _chains.current = None
        left = chain.pop()
        if left is not None:
            try:
                enqueue(BOT_TURN, chain.game_id, left[0], countdown=chain.delay)
            except Exception:  # the sweep finds the stalled bot turn
                log.exception("next task for game %s not sent", chain.game_id)


def _kept(game_id: int, seq: int, game: Game | None) -> bool:
    chain = getattr(_chains, "current", None)
    return chain is not None and chain.take(game_id, seq, game)


def enqueue(name: str, *args: Any, countdown: float = 0, deadline: bool = False) -> None:
    """Send the Celery task `name` with `args`, to run in `countdown` seconds (`deadline`:
    not before then, a turn timer). The tests replace this with an inline queue
    (tests/eager.py).

    `current_app` is the project's Celery app (thirtyone.celery), the default in every
    thread by Celery's Django fix-up: games does not import the project package, which
    imports games (tests/test_layers.py)."""
    current_app.signature(name, args=args).apply_async(countdown=countdown)
