"""What a backup is called, and where backups live (docs/backups.md#the-files).

`thirtyone-20261202T213000Z-tournaments.0016.sqlite3`: the UTC time the copy was taken,
then the migration applied last in it (app and number), then the kind (`.sqlite3`, a
SQLite database; `.pgdump`, `pg_dump --format=custom`). A second backup in the same
second gets `-2`, `-3`… after the time. Only files named so are listed and pruned: a
file the operator put in the folder is never touched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings

from thirtyone import env

PREFIX = "thirtyone"
SQLITE, POSTGRES = "sqlite3", "pgdump"
STAMP_FORMAT = "%Y%m%dT%H%M%SZ"
PATTERN = re.compile(
    rf"^{PREFIX}-(?P<stamp>\d{{8}}T\d{{6}}Z)(?:-(?P<repeat>\d+))?"
    rf"-(?P<migration>[a-z0-9_]+\.\d{{4}}|none)\.(?P<kind>{SQLITE}|{POSTGRES})$"
)
# The folder and its files are the owner's only: a backup holds every password hash
# and every hand dealt.
FILE_MODE = env.FILE_MODE


@dataclass(frozen=True)
class Backup:
    path: Path
    taken: datetime
    migration: str  # the migration applied last, "games.0016"; "none" for an empty database
    kind: str
    repeat: int = 1  # the second backup of the same second is 2

    @property
    def size(self) -> int:
        return self.path.stat().st_size


def folder() -> Path:
    """settings.BACKUP_DIR (var/backups/ unless BACKUP_DIR says), made owner-only."""
    path = Path(settings.BACKUP_DIR)
    env.owner_only_dir(path)
    return path


def stamp(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime(STAMP_FORMAT)


def name(moment: datetime, migration: str, kind: str, repeat: int = 1) -> str:
    again = f"-{repeat}" if repeat > 1 else ""
    return f"{PREFIX}-{stamp(moment)}{again}-{migration}.{kind}"


def free_name(directory: Path, moment: datetime, migration: str, kind: str) -> Path:
    """The file a backup taken at `moment` goes to: the first of its names not taken."""
    repeat = 1
    while (directory / name(moment, migration, kind, repeat)).exists():
        repeat += 1
    return directory / name(moment, migration, kind, repeat)


def parse(path: Path) -> Backup | None:
    """The backup `path` names, or None for a file not named as a backup is."""
    found = PATTERN.match(path.name)
    if found is None:
        return None
    taken = datetime.strptime(found["stamp"], STAMP_FORMAT).replace(tzinfo=UTC)
    return Backup(path, taken, found["migration"], found["kind"], int(found["repeat"] or 1))


def listed(directory: Path | None = None) -> list[Backup]:
    """The backups in the folder, oldest first (by the time in their names)."""
    directory = directory or folder()
    found = [b for p in directory.iterdir() if p.is_file() and (b := parse(p)) is not None]
    return sorted(found, key=lambda b: (b.taken, b.repeat))
