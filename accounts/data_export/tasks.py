"""The data downloads' Celery tasks (docs/privacy.md#download-my-data,
docs/celery.md#tasks): building one, and beat's purge of those past their days. Each is
safe to run twice, late, or on two workers at once (`building`, `purging`)."""

from __future__ import annotations

import logging

from celery import shared_task

from accounts.data_export import building, purging

log = logging.getLogger(__name__)

BUILD = "accounts.data_export.build"
PURGE = "accounts.data_export.purge"


def build_later(export_id: int) -> None:
    """Have a worker build the export (called after the commit of the request). The
    broker away: logged; the export stays "being built" until it counts as stalled, and
    its owner may ask again (`asking.STALLED`)."""
    try:
        build.apply_async(kwargs={"export_id": export_id})
    except Exception:
        log.exception("data export %s not handed to a worker", export_id)


@shared_task(name=BUILD, ignore_result=True, acks_late=True)
def build(export_id: int) -> None:
    building.build(export_id)


@shared_task(name=PURGE, ignore_result=True)
def purge() -> None:
    """Beat's, hourly (CELERY_BEAT_SCHEDULE)."""
    purging.purge()
