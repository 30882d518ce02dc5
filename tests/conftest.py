"""Test set-up shared by every test directory."""

import shutil
import sqlite3
from collections.abc import Callable, Iterator
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils import translation

from tests.valkey import embedded_valkey
from thirtyone.celery import app as celery_app

# Tasks run inline, as if a worker had taken them at once (what CELERY_EAGER=1
# does for a server). Set on the Celery app because pytest-django has already
# loaded the Django settings before any conftest is imported.
celery_app.conf.update(task_always_eager=True, task_eager_propagates=True)


# What makes a test slow: a browser, server processes, transactions committed and
# flushed, migrations.
SLOW_FIXTURES = frozenset(
    {"live_server", "transactional_db", "migrations_database", "migrated_database"}
)
SLOW_FOLDERS = ("e2e", "integration")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The test files with a slow test come first, each file's tests in their order.
    `make test` hands the files out in this order (pytest-xdist's --dist loadfile with
    --no-loadscope-reorder, which would otherwise put the files of fewest tests last:
    the browser and migration tests, one long test a file), so that the many quick
    files come last, and the two processes finish within seconds of each other."""
    tests = Path(__file__).parent
    slow_files = {item.path for item in items if _slow(item, tests)}
    items.sort(key=lambda item: item.path not in slow_files)


def _slow(item: pytest.Item, tests: Path) -> bool:
    marker = item.get_closest_marker("django_db")
    return (
        item.path.relative_to(tests).parts[0] in SLOW_FOLDERS
        or bool(SLOW_FIXTURES & set(getattr(item, "fixturenames", ())))
        or (marker is not None and bool(marker.kwargs.get("transaction")))
    )


@pytest.fixture(autouse=True, scope="session")
def _tasks_inline() -> Iterator[None]:
    """Tasks a change calls for run inline, one after another (tests/eager.py)."""
    from games import notify
    from tests import eager

    notify.enqueue = eager.enqueue
    yield
    notify.enqueue = eager.send_to_broker


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    """Each test starts with an empty cache: log-in throttling counts live there."""
    cache.clear()
    yield


# The test database on SQLite: the app's options (thirtyone/env.py SQLITE_OPTIONS: WAL,
# IMMEDIATE transactions, a 20 s busy timeout) but no sync to the disk, which a
# throwaway database does not need.
TEST_SQLITE_INIT = "PRAGMA journal_mode=WAL; PRAGMA synchronous=OFF;"


@pytest.fixture(scope="session")
def django_db_modify_db_settings(
    django_db_modify_db_settings_parallel_suffix: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """On SQLite, the test database is a file of this test process's own (each xdist
    worker has its own temporary folder), in WAL mode, as `make run`'s database is.

    Not Django's default, an in-memory database with a shared cache: there a reader's
    table lock fails a writer on another connection at once (SQLITE_LOCKED, no busy
    wait), and a browser test whose page polled while the test wrote or flushed failed
    now and then. On the file each thread of the live server has a connection of its
    own (pytest-django shares the test's only with an in-memory database), readers
    never block the writer and writers queue on the busy timeout, as in production."""
    default = settings.DATABASES["default"]
    if default["ENGINE"] != "django.db.backends.sqlite3":
        return  # PostgreSQL (the `services` pass): pytest-django names it per worker
    folder = tmp_path_factory.mktemp("database")
    default["TEST"] = {**default.get("TEST", {}), "NAME": str(folder / "test.sqlite3")}
    default["OPTIONS"] = {**default.get("OPTIONS", {}), "init_command": TEST_SQLITE_INIT}


# A copy of this process's SQLite test database as pytest-django made it: migrated,
# with nothing else in it (`migrated_database`).
MIGRATED_COPY = "migrated.sqlite3"


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, tmp_path_factory: pytest.TempPathFactory) -> None:
    """pytest-django's test database; on SQLite also copied as it is made, for the tests
    that start the app's own processes on a database of their own (`migrated_database`)."""
    from django.db import connection

    if connection.vendor == "sqlite":
        source = sqlite3.connect(connection.settings_dict["NAME"])
        copy = sqlite3.connect(tmp_path_factory.getbasetemp() / MIGRATED_COPY)
        try:
            source.backup(copy)
        finally:
            source.close()
            copy.close()


@pytest.fixture(scope="session")
def migrated_database(
    django_db_setup: None, tmp_path_factory: pytest.TempPathFactory
) -> Callable[[Path], None]:
    """put_into(var_dir): a migrated database in var_dir (its db.sqlite3), as `manage.py
    migrate` leaves it, so that the test's own `migrate` finds nothing to do: the app's
    70 migrations take 10 to 20 s for Django's migration states, in each test that made
    its database from nothing. Nothing is put on PostgreSQL (the `services` pass)."""
    copy = tmp_path_factory.getbasetemp() / MIGRATED_COPY

    def put_into(var_dir: Path) -> None:
        if copy.exists():
            shutil.copyfile(copy, var_dir / "db.sqlite3")

    return put_into


@pytest.fixture
def migrations_database(transactional_db: None, tmp_path: Path) -> Iterator[None]:
    """For a test that takes the database back to an early migration: on SQLite an empty
    database of its own (the default connection points at a new file meanwhile), where
    the migrations up to that one are applied, rather than every later one unapplied
    from the test database and applied again afterwards (a minute's work for Django's
    migration states, most of it in the label-only AlterFields of the i18n_labels
    migrations). On another database, the test database, migrated to its head again
    afterwards."""
    from django.contrib.contenttypes.models import ContentType
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    if connection.vendor != "sqlite":
        yield
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
        return
    settings_dict = connection.settings_dict
    test_database = settings_dict["NAME"]
    connection.close()
    settings_dict["NAME"] = str(tmp_path / "migrations.sqlite3")
    ContentType.objects.clear_cache()  # the test database's ids
    try:
        yield
    finally:
        connection.close()
        settings_dict["NAME"] = test_database
        ContentType.objects.clear_cache()


@pytest.fixture(autouse=True)
def _english() -> Iterator[None]:
    """Each test starts and ends in English: a request in another language leaves its
    language active in the thread (LocaleMiddleware does not switch back), and the
    tests read English unless they ask otherwise (docs/i18n.md)."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    """A deliberately slow hash protects real passwords; tests need no such protection."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session")
def valkey_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A running embedded Valkey (as `make run` has), on a socket in the folder given."""
    with embedded_valkey(tmp_path_factory.mktemp("valkey")) as var_dir:
        yield var_dir


# Decks from this seed on, and the next SEEDS_WITHOUT_A_DEALT_31, deal no 31 to any
# hand at Scat for 2 to 6 players, in the first 8 decks a source shuffles (a round's
# duplicate boards come from one source); tests/test_seeded_decks.py checks it.
FIRST_SEED = 162
SEEDS_WITHOUT_A_DEALT_31 = 39


@pytest.fixture(autouse=True)
def seeded_decks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every deal of the tests from fixed seeds (FIRST_SEED, then one more for each
    deck source asked for), so the decks are the same on every run; a test that wants
    other decks sets its own. With the secure source, now and then a deal ended as it
    was dealt (a 31 in a hand): a duplicate board or a knockout deal was over before the
    test played it, and a test that plays it and waits for its record, or withdraws a
    player from it, failed at random (CI, 2026-11-25). Server processes a test starts
    (Daphne, Celery) deal from the secure source.

    Replaced where every caller looks it up (`games.services.sources`)."""
    from games.engine import SeededDeckSource
    from games.services import sources

    seeds = count(FIRST_SEED)

    def seeded() -> SeededDeckSource:
        return SeededDeckSource(next(seeds))

    monkeypatch.setattr(sources, "new_deck_source", seeded)


@pytest.fixture(autouse=True)
def seeded_bots_and_events(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rest of what the games of a test draw at random, fixed the same way: each bot
    move's seed (games.services.sources.new_bot_seed) and each event's seating seed (the
    `Event.seed` default), so a test plays and seats the same on every run (a top-q
    knockout's ties at the cut came and went from run to run)."""
    from games.services import sources
    from tournaments.models import Event

    bot_seeds, event_seeds = count(1), count(1)

    def next_bot_seed() -> int:
        return next(bot_seeds)

    monkeypatch.setattr(sources, "new_bot_seed", next_bot_seed)
    # Field.get_default calls `_get_default`, cached from `default` at first use.
    monkeypatch.setattr(
        Event._meta.get_field("seed"), "_get_default", lambda: f"test-{next(event_seeds)}"
    )
