"""Building a person's ZIP, in a worker (docs/privacy.md#download-my-data).

`build` is the task's whole work and safe to run twice or on two workers at once: it
builds only an export still being built, into a partial file renamed over the export's
own name (`storage.writing`), and marks it ready by an UPDATE that wants it still
being built, so one run makes it ready and tells its owner; a second finds it ready
and does nothing, and two at once write the same file under the same name. Its content
depends on the data and the moment it was asked for only (every file is dated then),
so a second run writes the same ZIP. Made ready, it replaces its owner's older one
(that file is deleted) and announces itself (`accounts.signals.data_export_ready`)
after the commit."""

from __future__ import annotations

import json
import logging
import zipfile
from datetime import UTC, datetime, timedelta
from typing import Any, BinaryIO

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone

from accounts.data_export import parts, storage
from accounts.language import speaking_to
from accounts.models import DataExport
from accounts.signals import data_export_ready
from games.signals import send_on_commit

log = logging.getLogger(__name__)

INDEX = "index.html"
INDEX_TEMPLATE = "accounts/data_export/index.html"


def build(export_id: int) -> bool:
    """Build export `export_id`'s ZIP if it is still being built; whether this call
    made it ready. A failure marks it failed (its page says to ask again) and is
    logged, naming the export only."""
    export = DataExport.objects.select_related("user").filter(pk=export_id).first()
    if export is None or export.status != DataExport.BUILDING:
        return False  # ready already (a task run twice), or given up since
    try:
        with storage.writing(export) as out:
            write(export, out)
    except Exception:
        log.exception("data export %s: not built", export.pk)
        DataExport.objects.filter(pk=export.pk, status=DataExport.BUILDING).update(
            status=DataExport.FAILED
        )
        return False
    return _made_ready(export, storage.path_of(export).stat().st_size)


def _made_ready(export: DataExport, size: int) -> bool:
    now = timezone.now()
    with transaction.atomic():
        made = DataExport.objects.filter(pk=export.pk, status=DataExport.BUILDING).update(
            status=DataExport.READY,
            ready_at=now,
            expires_at=now + timedelta(days=settings.THIRTYONE_DATA_EXPORT_DAYS),
            size=size,
        )
        older = list(
            DataExport.objects.filter(user_id=export.user_id, status=DataExport.READY).exclude(
                pk=export.pk
            )
        )
        if made:
            DataExport.objects.filter(pk__in=[old.pk for old in older]).update(
                status=DataExport.REPLACED
            )
            send_on_commit(
                data_export_ready, sender=DataExport, export_id=export.pk, user_id=export.user_id
            )
    if made:
        for old in older:
            storage.delete(old)
        return True
    if not DataExport.objects.filter(pk=export.pk, status=DataExport.READY).exists():
        storage.delete(export)  # given up while it was built: the file is no one's
    return False


def write(export: DataExport, out: BinaryIO) -> None:
    """The ZIP of `export`'s owner into `out`: every part's files, then index.html, which
    lists them; all in the owner's language."""
    user = export.user
    stamp = _zip_time(export.requested_at)
    listed: list[tuple[parts.Part, list[tuple[str, str]]]] = []
    with speaking_to(user) as language, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zipped:
        for part in parts.all_parts():
            files = []
            for found in part.files(user):
                _add(zipped, found.path, _json(found.value), stamp)
                files.append((found.path, found.title))
            listed.append((part, files))
        index = render_to_string(
            INDEX_TEMPLATE,
            {
                "user": user,
                "language": language,
                "asked_at": export.requested_at,
                "days": settings.THIRTYONE_DATA_EXPORT_DAYS,
                "listed": listed,
            },
        )
        _add(zipped, INDEX, index.encode(), stamp)


def _json(value: Any) -> bytes:
    return json.dumps(value, cls=DjangoJSONEncoder, ensure_ascii=False, indent=2).encode() + b"\n"


def _add(zipped: zipfile.ZipFile, path: str, data: bytes, stamp: tuple[int, ...]) -> None:
    info = zipfile.ZipInfo(path, date_time=stamp)  # type: ignore[arg-type]
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = storage.FILE_MODE << 16  # unpacked, the owner's only
    zipped.writestr(info, data)


def _zip_time(moment: datetime) -> tuple[int, ...]:
    """A ZIP entry's time (UTC, to the second): the moment the data was asked for."""
    utc = moment.astimezone(UTC)
    return (utc.year, utc.month, utc.day, utc.hour, utc.minute, utc.second)
