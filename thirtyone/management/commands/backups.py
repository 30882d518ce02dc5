"""`manage.py backups`: the backups in BACKUP_DIR (var/backups/), oldest first and the
newest last, as `ls` sorts them (docs/backups.md)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand
from django.utils import timezone

from thirtyone.backups import names


def age(delta: timedelta) -> str:
    seconds = int(delta.total_seconds())
    if seconds < 3600:
        return f"{seconds // 60} min"
    if seconds < 2 * 86400:
        return f"{seconds // 3600} h {seconds % 3600 // 60} min"
    return f"{seconds // 86400} days"


class Command(BaseCommand):
    help = "List the backups (oldest first, the newest last): name, size, time, migration, age."

    def handle(self, *args: Any, **options: Any) -> None:
        directory = names.folder()
        found = names.listed(directory)
        if not found:
            self.stdout.write(f"No backups in {directory} yet: manage.py backup makes one.")
            return
        now = timezone.now()
        self.stdout.write(f"Backups in {directory}, oldest first (the newest is last):")
        width = max(len(b.path.name) for b in found)
        for backup in found:
            self.stdout.write(
                f"  {backup.path.name:<{width}}  {backup.size:>12,} bytes  "
                f"{backup.taken:%Y-%m-%d %H:%M:%S} UTC  {backup.migration:<16}  "
                f"{age(now - backup.taken)} ago"
            )
        total = sum(b.size for b in found)
        self.stdout.write(f"{len(found)} backups, {total:,} bytes.")
