"""`make_backup`: the one way a backup is written, by `manage.py backup` and by the
worker (docs/backups.md#checked).

The copy goes to a hidden `.partial` file first and gets its name only once it is
checked: SQLite's `integrity_check` on the copy (for a dump, pg_restore reads its table
of contents), and the copy's own django_migrations against the code's migrations — it
"migrates to nothing" when none is unapplied. A copy of a database that is itself behind
the code (a backup before `migrate`) is kept, and says so. One backup at a time per
folder (a lock beside them); what failed leaves no file.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from django.db import connection
from django.utils import timezone

from thirtyone.backups import migrations, names, postgres, sqlite

LOCK_NAME = ".lock"


class BackupFailed(Exception):
    """No backup was written; the message says why."""


@dataclass(frozen=True)
class Made:
    backup: names.Backup
    seconds: float
    # The code's migrations the copy lacks (as its database does: run migrate).
    unapplied: list[migrations.Migration] = field(default_factory=list)


@contextlib.contextmanager
def one_at_a_time(directory: Path) -> Iterator[None]:
    """Held while a backup is written into `directory`: another waits for it."""
    fd = os.open(directory / LOCK_NAME, os.O_RDWR | os.O_CREAT, names.FILE_MODE)
    with os.fdopen(fd, "r+b") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


def kind() -> str:
    if connection.vendor == "sqlite":
        return names.SQLITE
    if connection.vendor == "postgresql":
        return names.POSTGRES
    raise BackupFailed(f"Backups are made of SQLite and PostgreSQL, not {connection.vendor}.")


def make_backup(directory: Path | None = None) -> Made:
    """A checked copy of the database now, in `directory` (names.folder())."""
    directory = directory or names.folder()
    made_as = kind()
    if made_as == names.POSTGRES:
        try:
            postgres.tool("pg_dump")
        except postgres.ToolMissing as error:
            raise BackupFailed(f"No backup was made: {error}") from error
    with one_at_a_time(directory):
        return write(directory, made_as)


def write(directory: Path, made_as: str) -> Made:
    """The backup itself, inside `one_at_a_time(directory)`."""
    started = time.monotonic()
    moment = timezone.now()
    partial = directory / f".partial-{names.stamp(moment)}-{os.getpid()}.{made_as}"
    try:
        if made_as == names.SQLITE:
            source = Path(connection.settings_dict["NAME"])
            if not source.is_file():
                raise BackupFailed(f"There is no database at {source}: nothing to back up.")
            sqlite.copy(source, partial)
            problem, state = sqlite.integrity(partial), sqlite.state(partial)
        else:
            postgres.dump(connection.settings_dict, partial)
            problem = postgres.integrity(partial)
            state = postgres.state(partial) if problem == "ok" else migrations.State(())
        if problem != "ok":
            raise BackupFailed(f"The copy failed its check ({problem}); nothing was kept.")
        final = names.free_name(directory, moment, state.last, made_as)
        os.replace(partial, final)
    except (OSError, sqlite3.Error, sqlite.NotADatabase, postgres.ToolFailed) as error:
        raise BackupFailed(f"No backup was made: {error}") from error
    finally:
        partial.unlink(missing_ok=True)
    backup = names.parse(final)
    assert backup is not None  # named by names.name
    return Made(backup, time.monotonic() - started, state.unapplied())
