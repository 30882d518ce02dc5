"""Which migrations a database has applied, against the code's (docs/backups.md#checked).

A copy says it itself: its own `django_migrations` table, read from the file (SQLite) or
from the dump's data (PostgreSQL). The code's migrations are the ones on disk, read by
Django's loader without a database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Migration = tuple[str, str]  # (app label, name)


@dataclass(frozen=True)
class State:
    """A database's migrations as its `django_migrations` rows say, in the order applied."""

    applied: tuple[Migration, ...]

    @property
    def last(self) -> str:
        """The migration applied last, as a backup's name shows it: "games.0016"."""
        if not self.applied:
            return "none"
        app, name = self.applied[-1]
        return f"{app}.{name.split('_', 1)[0]}"

    def newer_than_code(self) -> list[Migration]:
        """Applied here, unknown to this code: the database comes from a newer version."""
        known = code_migrations()
        return [m for m in self.applied if m not in known]

    def unapplied(self) -> list[Migration]:
        """The code's migrations not applied here: what `manage.py migrate` would do."""
        applied = set(self.applied)
        return sorted(m for m in code_graph_nodes() if m not in applied)


def code_graph_nodes() -> set[Migration]:
    from django.db.migrations.loader import MigrationLoader

    return set(MigrationLoader(None, ignore_no_migrations=True).graph.nodes)


def code_migrations() -> set[Migration]:
    """Every migration this code has, and those its squashed ones replace."""
    from django.db.migrations.loader import MigrationLoader

    loader = MigrationLoader(None, ignore_no_migrations=True, replace_migrations=False)
    known = set(loader.disk_migrations)
    for migration in loader.disk_migrations.values():
        known.update(migration.replaces)
    return known


def state_of(rows: Iterable[tuple[str, str]]) -> State:
    return State(tuple((str(app), str(name)) for app, name in rows))


def described(migrations: list[Migration], most: int = 5) -> str:
    """ "games.0017_x, tournaments.0017_y" (and how many more)."""
    shown = ", ".join(f"{app}.{name}" for app, name in migrations[:most])
    more = len(migrations) - most
    return shown + (f" and {more} more" if more > 0 else "")
