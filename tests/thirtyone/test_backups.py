"""Backups and restore (thirtyone.backups, docs/backups.md): a backup taken in the middle
of a game and restored after more moves puts the game back at the same seq, and it goes
on from there; what a restore refuses changes nothing; which backups are kept."""

from __future__ import annotations

import fcntl
import sqlite3
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connection

from games import engine, services
from games.engine import SeededDeckSource
from games.engine.bots import BaselineBot
from games.models import Game, GameEvent, RuleSet
from games.services import sources
from thirtyone.backups import making, names, retention, running, sqlite

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def own_database(
    transactional_db: None,
    migrated_database: Callable[[Path], None],
    tmp_path: Path,
    settings: Any,
) -> Iterator[Path]:
    """The default connection on a migrated database of this test's own, var/db.sqlite3
    in a folder of its own (VAR_DIR, BACKUP_DIR its backups/), which a restore may
    replace: not the test database other tests use."""
    from django.contrib.contenttypes.models import ContentType

    if connection.vendor != "sqlite":
        pytest.skip("restores a SQLite database: the embedded profile's")
    var_dir = tmp_path / "var"
    var_dir.mkdir()
    migrated_database(var_dir)
    settings.VAR_DIR, settings.BACKUP_DIR = var_dir, var_dir / "backups"
    settings_dict = connection.settings_dict
    test_database = settings_dict["NAME"]
    connection.close()
    settings_dict["NAME"] = str(var_dir / "db.sqlite3")
    ContentType.objects.clear_cache()
    try:
        yield var_dir
    finally:
        connection.close()
        settings_dict["NAME"] = test_database
        ContentType.objects.clear_cache()


def two_players(monkeypatch: pytest.MonkeyPatch) -> Game:
    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(7))
    RuleSet.sync_presets()
    users = get_user_model().objects
    ann = users.create_user("ann", password="cards-on-the-table")
    bob = users.create_user("bob", password="cards-on-the-table")
    scat = RuleSet.objects.get(preset="scat", is_preset=True)
    table = services.create_table(owner=ann, name="Kitchen", rule_set=scat, seat_count=2)
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=ann)


def move(game_id: int) -> Game:
    """The player on turn makes the baseline bot's move; the game as it is after."""
    game = Game.objects.get(pk=game_id)
    state = game.engine_state()
    player = game.players.get(position=state.turn)
    action = BaselineBot().choose(engine.observation(state, state.turn)).code
    services.play(game_id=game.pk, user=player.user, action=action, expected_seq=game.seq)
    return Game.objects.get(pk=game_id)


def test_a_game_restored_from_a_backup_taken_mid_game_goes_on_from_the_same_seq(
    own_database: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = two_players(monkeypatch)
    for _ in range(4):
        game = move(game.pk)
    at_backup = game.seq
    made = making.make_backup()
    for _ in range(4):
        game = move(game.pk)
    later = game.seq
    assert game.in_play and later > at_backup

    call_command("restore", str(made.backup.path))
    said = capsys.readouterr().out

    game = Game.objects.get(pk=game.pk)
    assert game.seq == at_backup
    assert GameEvent.objects.filter(game=game).order_by("-seq").first().seq == at_backup
    game = move(game.pk)  # the next move is accepted, numbered from where the backup was
    assert GameEvent.objects.filter(game=game, seq=at_backup + 1).exists()
    assert game.seq > at_backup
    # The database as it was before the restore is kept, and says the later seq.
    aside = next(own_database.glob("db.sqlite3.before-restore-*"))
    with sqlite3.connect(aside) as kept:
        assert kept.execute("SELECT seq FROM games_game WHERE id = ?", [game.pk]).fetchone() == (
            later,
        )
    assert f"Restored {made.backup.path}" in said
    assert f"to undo: manage.py restore {aside}" in said
    assert aside.stat().st_mode & 0o777 == 0o600
    assert not [p for p in own_database.iterdir() if ".restoring" in p.name]


def test_a_backup_is_named_with_its_time_and_last_migration_and_checked(
    own_database: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    call_command("backup")
    said = capsys.readouterr().out
    (backup,) = names.listed()
    last = connection.cursor().execute(
        "SELECT app, name FROM django_migrations ORDER BY id DESC LIMIT 1"
    )
    app, name = last.fetchone()
    assert backup.migration == f"{app}.{name[:4]}"
    assert backup.path.name.startswith(f"thirtyone-{backup.taken:%Y%m%dT%H%M%SZ}-")
    assert sqlite.integrity(backup.path) == "ok"
    assert sqlite.state(backup.path).unapplied() == []
    assert "integrity_check ok" in said and "migrates to nothing" in said
    # One file: no -wal or -shm beside it to forget on a USB stick.
    assert [p.name for p in backup.path.parent.iterdir() if p.name.startswith("thirtyone")] == [
        backup.path.name
    ]
    call_command("backups")
    listing = capsys.readouterr().out
    assert backup.path.name in listing and "oldest first" in listing


def test_a_backup_of_a_newer_version_is_refused_and_nothing_changes(own_database: Path) -> None:
    made = making.make_backup()
    newer = own_database / "newer.sqlite3"
    sqlite.copy(made.backup.path, newer)
    with sqlite3.connect(newer) as conn:
        conn.execute(
            "INSERT INTO django_migrations (app, name, applied) "
            "VALUES ('games', '9999_from_the_future', '2030-01-01')"
        )
    before = (own_database / "db.sqlite3").read_bytes()

    with pytest.raises(CommandError, match="newer version.*games.9999_from_the_future"):
        call_command("restore", str(newer))

    assert (own_database / "db.sqlite3").read_bytes() == before
    assert not list(own_database.glob("db.sqlite3.before-restore-*"))


def test_a_file_that_is_no_database_is_refused(own_database: Path) -> None:
    text = own_database / "notes.sqlite3"
    text.write_text("not a database\n")
    with pytest.raises(CommandError, match="not a sound SQLite database"):
        call_command("restore", str(text))
    with pytest.raises(CommandError, match="There is no file"):
        call_command("restore", str(own_database / "missing.sqlite3"))


def test_a_restore_is_refused_while_a_process_of_the_site_holds_its_lock(
    own_database: Path,
) -> None:
    made = making.make_backup()
    before = (own_database / "db.sqlite3").read_bytes()
    # As a web process holds it (thirtyone/asgi.py): flock conflicts between any two
    # opens of the file, in one process too.
    with open(running.lock_path(), "a+b") as held:
        fcntl.flock(held, fcntl.LOCK_SH)
        with pytest.raises(CommandError, match=r"holds its lock on .*running\.lock"):
            call_command("restore", str(made.backup.path))
    assert (own_database / "db.sqlite3").read_bytes() == before


def test_a_restore_is_refused_while_the_embedded_valkey_answers(
    own_database: Path, valkey_dir: Path, settings: Any
) -> None:
    made = making.make_backup()
    settings.VAR_DIR = valkey_dir  # where `make run`'s Valkey answers
    with pytest.raises(CommandError, match="the embedded Valkey answers on"):
        call_command("restore", str(made.backup.path))


def backup_at(folder: Path, moment: datetime, repeat: int = 1) -> names.Backup:
    path = folder / names.name(moment, "games.0016", names.SQLITE, repeat)
    path.write_bytes(b"")
    backup = names.parse(path)
    assert backup is not None
    return backup


def test_kept_are_the_last_20_and_the_newest_of_each_of_30_days(tmp_path: Path) -> None:
    now = datetime(2026, 12, 2, 21, 30, tzinfo=UTC)
    # Every 15 minutes for the last 6 hours, and 4 a day for the 40 days before.
    recent = [backup_at(tmp_path, now - timedelta(minutes=15 * k)) for k in range(24)]
    older = [
        backup_at(tmp_path, now - timedelta(days=d, hours=h))
        for d in range(1, 41)
        for h in (1, 5, 9, 13)
    ]
    foreign = tmp_path / "my-own-copy.sqlite3"
    foreign.write_bytes(b"")

    gone = retention.prune(names.listed(tmp_path), now)

    left = {b.path for b in names.listed(tmp_path)}
    assert {b.path for b in recent[:20]} <= left
    days = {b.taken.date() for b in names.listed(tmp_path)}
    assert days == {(now - timedelta(days=d)).date() for d in range(30)}
    # One a day besides the last 20: the newest of its day.
    for day in range(1, 30):
        assert older[4 * (day - 1)].path in left
        assert all(b.path not in left for b in older[4 * (day - 1) + 1 : 4 * day])
    assert len(left) == 20 + 29
    assert foreign.exists() and foreign not in gone


def test_the_backup_just_made_is_kept_whatever_its_time(tmp_path: Path) -> None:
    now = datetime(2026, 12, 2, tzinfo=UTC)
    others = [backup_at(tmp_path, now - timedelta(minutes=k)) for k in range(25)]
    odd = backup_at(tmp_path, now - timedelta(days=400))
    retention.prune([*others, odd], now, just_made=odd.path)
    assert odd.path.exists()


def test_two_backups_of_one_second_are_both_kept_in_order(tmp_path: Path) -> None:
    moment = datetime(2026, 12, 2, 21, 30, tzinfo=UTC)
    first = backup_at(tmp_path, moment)
    second_path = names.free_name(tmp_path, moment, "games.0016", names.SQLITE)
    second_path.write_bytes(b"")
    assert second_path.name == f"thirtyone-{names.stamp(moment)}-2-games.0016.sqlite3"
    assert [b.path for b in names.listed(tmp_path)] == [first.path, second_path]
