"""Deleting the downloads past their days (docs/privacy.md#download-my-data): beat's
hourly task. Safe twice and on two workers at once: each file is deleted if it is still
there, and its row marked expired by an UPDATE that wants it still ready, so running
again, or beside another run, deletes nothing more and marks nothing twice. The rows
stay (without their files), so an old link says the download expired."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from accounts.data_export import storage
from accounts.models import DataExport

# A file no ready or building export owns is deleted once it is this old: a partial
# file its worker was killed writing, or one whose deletion failed.
LEFTOVER_AGE = timedelta(days=1)


def purge(now: datetime | None = None) -> int:
    """Delete the files of the ready exports past `expires_at` and mark them expired;
    how many this call marked. Then the leftovers."""
    now = now or timezone.now()
    due = list(DataExport.objects.filter(status=DataExport.READY, expires_at__lte=now))
    for export in due:
        storage.delete(export)  # first: a run killed after it leaves a row to mark, not a file
    marked = DataExport.objects.filter(
        pk__in=[export.pk for export in due], status=DataExport.READY
    ).update(status=DataExport.EXPIRED)
    _leftovers(now)
    return marked


def _leftovers(now: datetime) -> None:
    owned = {
        export.file_name
        for export in DataExport.objects.filter(
            status__in=[DataExport.READY, DataExport.BUILDING]
        ).only("pk")
    }
    for path in storage.files_older_than(now - LEFTOVER_AGE):
        if path.name not in owned:
            path.unlink(missing_ok=True)
