"""`manage.py backup` on PostgreSQL (docs/backups.md#postgresql): pg_dump's custom format,
named with the migration applied last, and checked by pg_restore reading it back."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection

from thirtyone.backups import names
from thirtyone.backups import postgres as pg

pytestmark = [pytest.mark.services, pytest.mark.django_db]


def test_a_backup_of_postgresql_is_a_checked_pg_dump(
    postgres: None, tmp_path: Path, settings: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    if shutil.which("pg_dump") is None or shutil.which("pg_restore") is None:
        pytest.skip("needs pg_dump and pg_restore on the PATH (apt-get install postgresql-client)")
    settings.BACKUP_DIR = tmp_path / "backups"
    with connection.cursor() as cursor:
        cursor.execute("SELECT app, name FROM django_migrations ORDER BY id")
        applied = [tuple(row) for row in cursor.fetchall()]

    call_command("backup")

    (backup,) = names.listed()
    assert backup.kind == names.POSTGRES and backup.path.suffix == ".pgdump"
    assert backup.path.stat().st_mode & 0o777 == 0o600
    assert pg.integrity(backup.path) == "ok"
    state = pg.state(backup.path)
    assert list(state.applied) == applied
    assert backup.migration == state.last
    assert "integrity_check ok" in capsys.readouterr().out
