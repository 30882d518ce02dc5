"""`manage.py rebuild_ratings`: every rating again from the games' results."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from ratings import services


class Command(BaseCommand):
    help = "Recompute every rating from the results of the rated games (docs/ratings.md#rebuild)."

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        count = services.rebuild()
        seconds = time.perf_counter() - started
        self.stdout.write(f"Rated {count} games in {seconds:.1f} s.")
