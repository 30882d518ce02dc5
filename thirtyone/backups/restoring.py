"""`restore`: a backup put back in the database's place (docs/backups.md#restore).

Refused, changing nothing: a file that is not a backup of this kind of database, one
whose database has a migration this code does not know (it comes from a newer version:
upgrade the code first), and while the site's processes run (`running`: how it knows is
in the refusal). Otherwise the database as it is now is kept aside first — SQLite:
`db.sqlite3.before-restore-<time>` beside it, a consistent copy with its WAL in it;
PostgreSQL: a `before-restore-<time>.pgdump` in the backups folder — and restoring that
file undoes the restore.

SQLite: the backup is copied (the backup API) to a new file beside the database and
checked, the database's WAL is checkpointed and its -wal and -shm removed (they belong to
the old file: SQLite would apply them to the new one), and the new file takes the
database's name in one rename. PostgreSQL: `pg_restore --clean --if-exists` in one
transaction.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from django.db import connection
from django.utils import timezone

from thirtyone.backups import migrations, names, postgres, running, sqlite


class RestoreRefused(Exception):
    """Nothing was changed; the message says why."""


@dataclass(frozen=True)
class Restored:
    source: Path
    database: str
    aside: Path | None
    seconds: float
    unapplied: list[migrations.Migration]

    def report(self) -> list[str]:
        lines = [f"Restored {self.source} into {self.database} in {self.seconds:.1f} s."]
        if self.aside is not None:
            lines.append(
                f"The database as it was is kept in {self.aside}; "
                f"to undo: manage.py restore {self.aside}"
            )
        if self.unapplied:
            lines.append(
                f"The backup lacks {len(self.unapplied)} of this code's migrations "
                f"({migrations.described(self.unapplied)}): manage.py migrate applies them "
                "(make run does)."
            )
        lines.append("Start the site again (make run).")
        return lines


def restore(source: Path) -> Restored:
    if not source.is_file():
        raise RestoreRefused(f"There is no file {source}.")
    vendor = connection.vendor
    if vendor not in ("sqlite", "postgresql"):
        raise RestoreRefused(f"Restores are to SQLite and PostgreSQL, not {vendor}.")
    state = _checked(source, vendor)
    newer = state.newer_than_code()
    if newer:
        raise RestoreRefused(
            f"{source} comes from a newer version of Thirty-One: this code does not know "
            f"its migrations {migrations.described(newer)}. Upgrade the code, then restore."
        )
    with running.stopped() as reasons:
        if vendor == "postgresql" and (others := running.other_sessions(connection)):
            reasons.append(f"{others} other sessions are open on the database (pg_stat_activity)")
        if reasons:
            raise RestoreRefused(
                "The site's processes are running: "
                + "; and ".join(reasons)
                + ". Stop them (Ctrl+C where make run runs) and restore again."
            )
        started = time.monotonic()
        if vendor == "sqlite":
            database, aside = _restore_sqlite(source)
        else:
            database, aside = _restore_postgres(source)
    return Restored(source, database, aside, time.monotonic() - started, state.unapplied())


def _checked(source: Path, vendor: str) -> migrations.State:
    if vendor == "sqlite":
        problem = sqlite.integrity(source)
        if problem != "ok":
            raise RestoreRefused(f"{source} is not a sound SQLite database: {problem}.")
        try:
            return sqlite.state(source)
        except sqlite.NotADatabase as error:
            raise RestoreRefused(str(error)) from error
    try:
        problem = postgres.integrity(source)
    except postgres.ToolMissing as error:
        raise RestoreRefused(str(error)) from error
    if problem != "ok":
        raise RestoreRefused(f"{source} is not a pg_dump archive of this site: {problem}.")
    return postgres.state(source)


def _restore_sqlite(source: Path) -> tuple[str, Path | None]:
    live = Path(connection.settings_dict["NAME"])
    connection.close()  # this process's own
    moment = names.stamp(timezone.now())
    aside = live.with_name(f"{live.name}.before-restore-{moment}") if live.exists() else None
    incoming = live.with_name(f".{live.name}.restoring-{moment}")
    try:
        sqlite.copy(source, incoming)
        problem = sqlite.integrity(incoming)
        if problem != "ok":
            raise RestoreRefused(f"The copy of {source} failed its check ({problem}).")
        if aside is not None:
            sqlite.copy(live, aside)
            sqlite.checkpoint(live)
        for sidecar in sqlite.sidecars(live):
            sidecar.unlink(missing_ok=True)
        incoming.replace(live)
    finally:
        incoming.unlink(missing_ok=True)
    return str(live), aside


def _restore_postgres(source: Path) -> tuple[str, Path | None]:
    settings_dict = connection.settings_dict
    moment = names.stamp(timezone.now())
    aside = names.folder() / f"before-restore-{moment}.{names.POSTGRES}"
    connection.close()
    try:
        postgres.dump(settings_dict, aside)
        postgres.restore(settings_dict, source)
    except postgres.ToolFailed as error:
        raise RestoreRefused(f"{error} (the database is as it was)") from error
    return f"PostgreSQL database {settings_dict['NAME']}", aside
