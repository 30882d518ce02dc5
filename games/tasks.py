"""Celery tasks: bot turns (DESIGN.md §6).

A task takes ids and the `seq` it expects, calls a service, and does nothing if the
game has moved on, so a duplicate or late delivery is harmless. Tasks are enqueued only
after the move that calls for them is committed.
"""

from __future__ import annotations

import threading

from celery import shared_task
from django.conf import settings

from games import services
from thirtyone.celery import app


@shared_task(acks_late=True, ignore_result=True)
def bot_turn(game_id: int, expected_seq: int) -> None:
    services.play_for_bot(game_id=game_id, expected_seq=expected_seq)


def game_changed(game_id: int, seq: int, *, bot_moves_next: bool) -> None:
    """Called after a move is committed: give the next bot its turn."""
    if bot_moves_next:
        _enqueue(bot_turn, game_id, seq, countdown=settings.THIRTYONE_BOT_DELAY)


_eager = threading.local()


def _enqueue(task, *args, countdown: float = 0) -> None:
    if not app.conf.task_always_eager:
        task.apply_async(args=args, countdown=countdown)
        return
    # Eager mode (tests): each bot move commits and calls for the next one. Run them in
    # a loop here rather than nested inside each other's on-commit hooks, which would
    # nest a frame per move of a long bot-only game.
    queue = getattr(_eager, "queue", None)
    if queue is not None:
        queue.append((task, args))
        return
    _eager.queue = [(task, args)]
    try:
        while _eager.queue:
            queued_task, queued_args = _eager.queue.pop(0)
            queued_task.apply(args=queued_args)
    finally:
        _eager.queue = None
