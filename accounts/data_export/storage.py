"""Where the ZIPs are kept (docs/privacy.md#download-my-data): `DATA_EXPORT_DIR`, under
var/ unless set, readable by the site's user alone — the folder 0700, each file 0600
from its first byte whatever the umask, as var/ and its backups are
(docs/backups.md#file-modes): a ZIP holds a person's hands, chat and e-mail addresses.

A ZIP is written to a hidden partial file and renamed over its name (its export's id)
only once it is whole, so a download never reads half of one and a build run twice
leaves one file."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import BinaryIO

from django.conf import settings

from accounts.models import DataExport

DIR_MODE, FILE_MODE = 0o700, 0o600
PARTIAL = ".partial"


def folder() -> Path:
    """The folder, made owner-only if it is not there (or was made looser)."""
    path = Path(settings.DATA_EXPORT_DIR)
    path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    if path.stat().st_uid == os.getuid() and path.stat().st_mode & 0o077:
        path.chmod(DIR_MODE)
    return path


def path_of(export: DataExport) -> Path:
    return folder() / export.file_name


@contextmanager
def writing(export: DataExport) -> Iterator[BinaryIO]:
    """A file to write `export`'s ZIP into: it becomes the export's file when the block
    ends, and is deleted if the block raises."""
    final = path_of(export)
    partial = final.with_name(f".{export.pk}-{uuid.uuid4().hex}{PARTIAL}")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    try:
        with os.fdopen(fd, "wb") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.replace(partial, final)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def delete(export: DataExport) -> None:
    """`export`'s file, if it is there (another worker may have deleted it first)."""
    path_of(export).unlink(missing_ok=True)


def files_older_than(moment: datetime) -> list[Path]:
    """The folder's files last written before `moment`."""
    before = moment.timestamp()
    return [path for path in folder().iterdir() if path.is_file() and path.stat().st_mtime < before]
