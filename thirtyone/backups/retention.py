"""Which backups are kept (docs/backups.md#automatic-backups): the last 20, and the
newest of each of the last 30 days (UTC), and always the one just made. Only files named
as backups are (`names.parse`); nothing else in the folder is ever deleted.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path

from thirtyone.backups.names import Backup

LAST = 20
DAYS = 30


def kept(backups: Sequence[Backup], now: datetime, just_made: Path | None = None) -> set[Path]:
    """The paths of `backups` to keep."""
    newest_first = sorted(backups, key=lambda b: (b.taken, b.repeat), reverse=True)
    keep = {b.path for b in newest_first[:LAST]}
    first_day = (now - timedelta(days=DAYS - 1)).date()
    days: set[object] = set()
    for backup in newest_first:
        day = backup.taken.date()
        if day >= first_day and day not in days:
            days.add(day)
            keep.add(backup.path)
    if just_made is not None:
        keep.add(just_made)
    return keep


def prune(backups: Sequence[Backup], now: datetime, just_made: Path | None = None) -> list[Path]:
    """Delete the backups not kept; returns the paths deleted."""
    keep = kept(backups, now, just_made)
    gone = [b.path for b in backups if b.path not in keep]
    for path in gone:
        path.unlink(missing_ok=True)
    return gone
