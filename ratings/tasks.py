"""Celery tasks that rate games. Safe to run twice, late, or on two workers at once:
`services.rate_game` locks the family and does nothing for a game already rated."""

from __future__ import annotations

from celery import shared_task

from ratings import services


@shared_task(name="ratings.tasks.rate_game", acks_late=True, ignore_result=True)
def rate_game(game_id: int) -> None:
    services.rate_game(game_id=game_id)


@shared_task(name="ratings.tasks.sweep", ignore_result=True)
def sweep() -> None:
    """Beat's: rate games of the last day whose task was lost (a broker outage)."""
    services.sweep()
