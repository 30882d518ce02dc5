"""Whether the site's processes are running (docs/backups.md#restore-waits-for-the-site-to-stop).

Every web process (thirtyone/asgi.py), worker and beat (thirtyone/celery.py) holds a
shared lock on `var/running.lock` for as long as it lives: the kernel lets it go when the
process ends, however it ends, so no stale pid file can mislead. A restore asks for the
lock exclusively: refused, some process still holds it. On the embedded profile it also
asks `make run`'s Valkey (its socket in var/) for a PING. On PostgreSQL, other sessions
on the database (pg_stat_activity) are processes on any machine.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from django.conf import settings

LOCK_NAME = "running.lock"
_held: list[IO[bytes]] = []  # this process's lock, held until it exits


def lock_path() -> Path:
    return Path(settings.VAR_DIR) / LOCK_NAME


def _open_lock() -> IO[bytes]:
    fd = os.open(lock_path(), os.O_RDWR | os.O_CREAT, 0o600)
    return os.fdopen(fd, "r+b")


def hold() -> None:
    """This process is one of the site's: hold the shared lock until it exits (waiting,
    if a restore is under way, until it is done). Once per process."""
    if _held:
        return
    handle = _open_lock()
    fcntl.flock(handle, fcntl.LOCK_SH)
    _held.append(handle)


@contextlib.contextmanager
def stopped() -> Iterator[list[str]]:
    """Inside: the lock held exclusively, so no process of the site starts meanwhile.
    Yields the reasons to think the site runs (empty: it does not)."""
    reasons: list[str] = []
    handle = _open_lock()
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            reasons.append(
                f"a web, worker or beat process holds its lock on {lock_path()} "
                "(each holds it while it runs)"
            )
        if settings.EMBEDDED:
            from thirtyone import embedded

            if embedded.answers(Path(settings.VAR_DIR)):
                reasons.append(
                    f"the embedded Valkey answers on {embedded.socket_path(Path(settings.VAR_DIR))}"
                )
        yield reasons
    finally:
        handle.close()


def other_sessions(connection: Any) -> int:
    """PostgreSQL: the sessions on this database besides this one (any machine's)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return int(cursor.fetchone()[0])
