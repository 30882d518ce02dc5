"""A consistent copy of a SQLite database while the site writes to it
(docs/backups.md#while-the-site-runs).

SQLite's online backup API, all pages in one step: the copy is read inside one read
transaction, so it is the database as of one commit, and in WAL mode readers never block
the writer, so the site's moves go on meanwhile (a step-by-step backup would start over
at each commit of another connection). The copy is then made a single file (journal mode
DELETE: no -wal or -shm beside it to forget on a USB stick); the site's own connections
turn WAL on again when it is restored (thirtyone/env.py).
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from thirtyone.backups import migrations
from thirtyone.backups.names import FILE_MODE

BUSY_TIMEOUT = 20.0  # seconds, as the site's own connections wait (thirtyone/env.py)


class NotADatabase(Exception):
    """The file is not a SQLite database of this site (the message says why)."""


@contextlib.contextmanager
def opened(path: Path, *, read_only: bool = False) -> Iterator[sqlite3.Connection]:
    if read_only:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT)
    else:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT)
    try:
        yield conn
    finally:
        conn.close()


def owner_only_file(path: Path) -> None:
    """An empty file readable by its owner only, for SQLite to write a database into (its
    -wal, -shm and journal files take the database file's mode)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    os.close(fd)


def copy(source: Path, target: Path) -> None:
    """`source` as of one commit into the new file `target` (owner-only), as one file."""
    owner_only_file(target)
    with opened(source) as live, opened(target) as copied:
        live.backup(copied)  # every page in one step: one read transaction
        copied.execute("PRAGMA journal_mode=DELETE")


def integrity(path: Path) -> str:
    """ "ok", or the first of SQLite's complaints about the file."""
    try:
        with opened(path, read_only=True) as conn:
            rows = conn.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.DatabaseError as error:
        return str(error)
    return "ok" if rows == [("ok",)] else "; ".join(str(r[0]) for r in rows[:3])


def state(path: Path) -> migrations.State:
    """The migrations the database in `path` has applied, from its django_migrations."""
    try:
        with opened(path, read_only=True) as conn:
            rows = conn.execute("SELECT app, name FROM django_migrations ORDER BY id").fetchall()
    except sqlite3.DatabaseError as error:
        raise NotADatabase(f"{path} is not a Thirty-One SQLite database ({error}).") from error
    return migrations.state_of(rows)


def checkpoint(path: Path) -> None:
    """Write the database's WAL into its main file and empty it (no process has it open:
    the file alone is then the whole database)."""
    with opened(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def sidecars(path: Path) -> list[Path]:
    """SQLite's files beside a database: its WAL, shared memory and rollback journal."""
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-shm", "-journal")]
