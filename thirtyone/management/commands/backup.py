"""`manage.py backup`: a checked copy of the database now, while the site runs
(docs/backups.md)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from thirtyone.backups import making, migrations, names, retention


class Command(BaseCommand):
    help = (
        "Back the database up, while the site runs, into BACKUP_DIR (var/backups/): "
        "SQLite's online backup, or pg_dump --format=custom."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--prune",
            action="store_true",
            help="then delete the backups the automatic ones would not keep "
            f"(all but the last {retention.LAST} and the newest of each of {retention.DAYS} days)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            made = making.make_backup()
        except making.BackupFailed as error:
            raise CommandError(str(error)) from error
        backup = made.backup
        self.stdout.write(
            f"Backed up to {backup.path} ({backup.size:,} bytes, {made.seconds:.2f} s): "
            f"integrity_check ok, migration {backup.migration}."
        )
        if made.unapplied:
            self.stdout.write(
                f"Note: it lacks {len(made.unapplied)} of this code's migrations, as the "
                f"database does ({migrations.described(made.unapplied)}): "
                "manage.py migrate applies them."
            )
        else:
            self.stdout.write("It is at this code's migrations: it migrates to nothing.")
        if options["prune"]:
            gone = retention.prune(names.listed(), timezone.now(), backup.path)
            self.stdout.write(f"Pruned {len(gone)} older backups.")
