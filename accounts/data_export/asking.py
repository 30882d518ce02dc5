"""Asking for one's data, and what the page shows of it (docs/privacy.md#download-my-data).

One is built at a time per person: asking while one is being built starts no second (a
unique constraint on the person's rows being built holds it when two requests meet). A
build that is still not done after `STALLED` was lost with its worker: asking again then
gives it up and starts a new one. A new request does not touch the download already
ready; the new one replaces it when it is ready (`building`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.data_export import tasks
from accounts.models import DataExport

STALLED = timedelta(minutes=30)


def ask(user: Any, now: datetime | None = None) -> tuple[DataExport, bool]:
    """`user`'s export being built, and whether this call asked for it (False: one was
    being built already). The build is handed to a worker after the commit."""
    now = now or timezone.now()
    with transaction.atomic():
        building = DataExport.objects.filter(user=user, status=DataExport.BUILDING).first()
        if building is not None and now - building.requested_at < STALLED:
            return building, False
        if building is not None:  # lost with its worker: given up
            DataExport.objects.filter(pk=building.pk, status=DataExport.BUILDING).update(
                status=DataExport.FAILED
            )
        try:
            with transaction.atomic():
                export = DataExport.objects.create(user=user, requested_at=now)
        except IntegrityError:  # their other request, at the same moment, made one
            return DataExport.objects.get(user=user, status=DataExport.BUILDING), False
        transaction.on_commit(lambda: tasks.build_later(export.pk))
    return export, True


@dataclass(frozen=True)
class Shown:
    """The person's downloads as their page shows them."""

    ready: DataExport | None  # the newest one that may be downloaded now
    building: DataExport | None  # being built, and not stalled
    stalled: DataExport | None  # being built for longer than it should take
    failed: bool  # the newest request failed, and none is being built
    expired: DataExport | None  # the newest one expired, with nothing newer to download

    @property
    def may_ask(self) -> bool:
        return self.building is None


def shown(user: Any, now: datetime | None = None) -> Shown:
    now = now or timezone.now()
    recent = list(DataExport.objects.filter(user=user)[:5])
    building = next((e for e in recent if e.status == DataExport.BUILDING), None)
    stalled = building is not None and now - building.requested_at >= STALLED
    ready = next((e for e in recent if e.downloadable(now)), None)
    newest = recent[0] if recent else None
    gone = (DataExport.EXPIRED, DataExport.READY)
    expired = newest if newest is not None and newest.status in gone and ready is None else None
    return Shown(
        ready=ready,
        building=None if stalled else building,
        stalled=building if stalled else None,
        failed=newest is not None and newest.status == DataExport.FAILED,
        expired=expired,
    )
