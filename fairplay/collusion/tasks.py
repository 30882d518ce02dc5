"""The Celery task that keeps a finished game's collusion signals
(docs/fair-play.md#collusion-signals): enqueued when a game is over and again when
its review is kept; `records.record_game` makes a second run harmless."""

from __future__ import annotations

from typing import Any

from celery import shared_task

from fairplay.collusion import records
from games import notify

RECORD = "fairplay.collusion.tasks.record_pair_signals"


@shared_task(name=RECORD, acks_late=True, ignore_result=True)
def record_pair_signals(game_id: int) -> None:
    records.record_game(game_id)


def game_over(game_id: int, **kwargs: Any) -> None:
    """The receiver of `games.signals.game_finished` and `game_reviewed`."""
    notify.enqueue(RECORD, game_id)
