"""Celery tasks that move events on. Each is safe to run twice, late, or on two
workers at once: the services lock the round and check its state before writing."""

from __future__ import annotations

from celery import shared_task

from tournaments import services
from tournaments.schedule import series


@shared_task(name="tournaments.tasks.table_finished")
def table_finished(game_id: int) -> None:
    services.record_table(game_id=game_id)


@shared_task(name="tournaments.tasks.start_round")
def start_round(round_id: int) -> None:
    services.start_round_if_due(round_id=round_id)


@shared_task(name="tournaments.tasks.sweep")
def sweep() -> None:
    """Beat's, every few seconds: open registrations, start events and rounds whose
    time has come, and record tables whose finish was not delivered (a broker outage)."""
    services.sweep()


@shared_task(name="tournaments.tasks.repeat_events")
def repeat_events() -> None:
    """Beat's, every minute: make the next event of each weekly series whose moment
    has come, exactly once (tournaments.schedule.series)."""
    series.sweep()
