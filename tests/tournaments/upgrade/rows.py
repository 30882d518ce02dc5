"""The snapshot's database side: its rows and its migration state, read and written with
raw SQL and the migration executor, never through today's models (a later schema may
have other columns: the rows must go in as the schema they were read from had them).

Rows are kept as {table: {"columns": [...], "rows": [[...], ...]}}. A value is stored as
JSON can hold it: a time as the UTC text Django writes to SQLite ("2026-11-20
14:00:00"), which PostgreSQL reads too (Django's connections there are in UTC); a JSON
column as its text.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.apps import apps
from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader
from django.db.models import Model

# The project's apps: every table of theirs is in the snapshot (the user model included).
PROJECT_APPS = ("accounts", "games", "clubs", "tournaments", "ratings")

Rows = dict[str, dict[str, list[Any]]]


def project_models() -> list[type[Model]]:
    """Today's models of the project's apps, with their many-to-many tables."""
    return [
        model
        for label in PROJECT_APPS
        for model in apps.get_app_config(label).get_models(include_auto_created=True)
    ]


def _json_value(value: Any) -> Any:
    if isinstance(value, datetime):
        if value.tzinfo is not None:
            raise ValueError(f"A time read with its zone ({value}): the snapshot keeps UTC text.")
        return str(value)
    if isinstance(value, date | Decimal):
        return str(value)
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"No JSON form for a {type(value).__name__} read from the database.")


def read_rows() -> Rows:
    """Every row of the project's tables, in primary-key order, as raw SQL reads them."""
    if connection.vendor != "sqlite":
        raise RuntimeError("The snapshot is made on SQLite (its times are SQLite's text).")
    quote = connection.ops.quote_name
    rows: Rows = {}
    with connection.cursor() as cursor:
        for model in sorted(project_models(), key=lambda m: m._meta.db_table):
            table = model._meta.db_table
            cursor.execute(f"SELECT * FROM {quote(table)} ORDER BY {quote(model._meta.pk.column)}")
            columns = [column[0] for column in cursor.description]
            values = [[_json_value(v) for v in row] for row in cursor.fetchall()]
            rows[table] = {"columns": columns, "rows": values}
    return rows


def write_rows(rows: Rows) -> None:
    """Replace the content of each table of `rows` with its rows. The foreign keys are
    checked once every table is filled (the rows arrive in table order, not in the order
    they reference each other): off while inserting on SQLite, deferred to the check on
    PostgreSQL, and a broken reference fails here rather than on a later page."""
    quote = connection.ops.quote_name
    with connection.constraint_checks_disabled(), transaction.atomic():
        with connection.cursor() as cursor:
            for table, content in rows.items():
                cursor.execute(f"DELETE FROM {quote(table)}")
                if not content["rows"]:
                    continue
                names = ", ".join(quote(c) for c in content["columns"])
                marks = ", ".join(["%s"] * len(content["columns"]))
                cursor.executemany(
                    f"INSERT INTO {quote(table)} ({names}) VALUES ({marks})", content["rows"]
                )
        connection.check_constraints()


def reset_sequences() -> None:
    """After rows went in with their own keys, the next key each table gives out must be
    past them (PostgreSQL's sequences do not follow; SQLite needs nothing)."""
    statements = connection.ops.sequence_reset_sql(no_style(), project_models())
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


# ---- the migration state ------------------------------------------------------------------


def migration_state() -> list[list[str]]:
    """The last migration applied of each app, [app, name] (the graph's leaves, which are
    all applied in a database at its head)."""
    loader = MigrationLoader(connection)
    leaves = sorted(loader.graph.leaf_nodes())
    unapplied = [node for node in leaves if node not in loader.applied_migrations]
    if unapplied:
        raise RuntimeError(f"The database is not at its head: {unapplied} not applied.")
    return [list(node) for node in leaves]


def migrate_to(state: list[list[str]]) -> None:
    """Migrate the project's apps to `state`: back through any migration made since
    (which must be reversible), and an app of theirs the state does not know to before
    its first migration. The other apps (Django's, allauth's, the notifications) stay
    where they are, at their head, but for a migration of theirs that needs one of the
    project's the state has not (which goes back too): the snapshot holds none of their
    rows, and their migrations are not this check's. The same from an empty database
    (tests/conftest.py `migrations_database`): forward, to the same place."""
    executor = MigrationExecutor(connection)
    graph = executor.loader.graph
    recorded = {app: name for app, name in state}
    targets = [(app, recorded.get(app)) for app in PROJECT_APPS]
    in_state = {node for app, name in targets if name for node in graph.forwards_plan((app, name))}

    def needs_nothing_more(node: tuple[str, str]) -> bool:
        return all(n in in_state for n in graph.forwards_plan(node) if n[0] in PROJECT_APPS)

    for leaf in sorted(graph.leaf_nodes()):
        if leaf[0] not in PROJECT_APPS:
            chain = [n for n in graph.forwards_plan(leaf) if n[0] == leaf[0]]
            kept = [n for n in chain if needs_nothing_more(n)]
            targets.append((leaf[0], kept[-1][1] if kept else None))
    executor.migrate(targets)


def migrate_to_head() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
