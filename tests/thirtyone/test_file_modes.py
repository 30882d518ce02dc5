"""var/, the SQLite database and its WAL, the secret key and the backups are the owner's
only (docs/backups.md#file-modes): no other local user may read a password hash or a
hand."""

from __future__ import annotations

import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.conf import settings

from lab.bench.processes import server_env
from thirtyone import env
from thirtyone.embedded import secret_key


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_database_and_its_wal_are_made_owner_only(
    tmp_path: Path, django_db_blocker: Any
) -> None:
    """As the site's first connection makes them (env.database's settings)."""
    from django.db.utils import ConnectionHandler

    var_dir = tmp_path / "var"
    env.owner_only_dir(var_dir)
    handler = ConnectionHandler({"default": env.database(None, var_dir)})
    conn = handler["default"]
    try:
        with django_db_blocker.unblock(), conn.cursor() as cursor:
            cursor.execute("CREATE TABLE t (x)")
            cursor.execute("INSERT INTO t VALUES (1)")
        files = ["db.sqlite3", "db.sqlite3-wal", "db.sqlite3-shm"]
        assert {name: mode(var_dir / name) for name in files} == dict.fromkeys(files, 0o600)
    finally:
        conn.close()
    assert mode(var_dir) == 0o700


def test_the_secret_key_is_owner_only_even_over_an_old_file(tmp_path: Path) -> None:
    old = tmp_path / "secret_key"
    old.write_text("short\n")
    old.chmod(0o644)
    assert len(secret_key(tmp_path)) >= 50
    assert mode(old) == 0o600


def test_an_old_installations_modes_are_tightened_and_its_backups_are_owner_only(
    db: None, migrated_database: Callable[[Path], None], tmp_path: Path
) -> None:
    # `db`: pytest-django's test database made (and copied) before this test reads it.
    var_dir = tmp_path / "var"
    var_dir.mkdir(mode=0o755)
    var_dir.chmod(0o755)
    migrated_database(var_dir)
    (var_dir / "db.sqlite3").chmod(0o644)  # as every version before this one left it
    result = subprocess.run(
        [sys.executable, "manage.py", "backup"],
        cwd=settings.BASE_DIR,
        env=server_env(
            var_dir, REDIS_URL=None, DATABASE_URL=None, BACKUP_DIR=None, SECRET_KEY=None
        ),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    (backup,) = (var_dir / "backups").glob("thirtyone-*.sqlite3")
    assert mode(var_dir) == 0o700
    assert mode(var_dir / "db.sqlite3") == 0o600
    assert mode(var_dir / "secret_key") == 0o600
    assert mode(var_dir / "backups") == 0o700
    assert mode(backup) == 0o600
    assert f"Backed up to {backup}" in result.stdout
