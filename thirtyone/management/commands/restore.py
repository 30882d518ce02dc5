"""`manage.py restore FILE`: a backup back in the database's place, once the site has
stopped; the database as it was is kept aside (docs/backups.md#restore)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from thirtyone.backups import restoring


class Command(BaseCommand):
    help = (
        "Restore a backup (a .sqlite3 file, or a .pgdump on PostgreSQL) into the database. "
        "Refused while the site runs, or for a backup of a newer version; the current "
        "database is kept aside."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="the backup to restore")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            restored = restoring.restore(options["file"])
        except restoring.RestoreRefused as error:
            raise CommandError(f"Not restored: {error}") from error
        for line in restored.report():
            self.stdout.write(line)
