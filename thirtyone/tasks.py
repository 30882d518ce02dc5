"""The site's own Celery tasks: automatic backups (thirtyone.backups.automatic,
docs/backups.md#automatic-backups). Each is safe twice, late or on two workers at once."""

from __future__ import annotations

from celery import shared_task

from thirtyone.backups import automatic


@shared_task(name="thirtyone.tasks.backup_after_round", ignore_result=True)
def backup_after_round(ended_at: float) -> None:
    automatic.after_round(ended_at)


@shared_task(name="thirtyone.tasks.backup_while_live", ignore_result=True)
def backup_while_live() -> None:
    automatic.while_live()
