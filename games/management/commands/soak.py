"""`manage.py soak`: bot tables play for a long time on the embedded profile's real
processes (`make run`'s), and it prints the process restarts, stalled tables and
moves a second it saw (`make soak`: 20 tables, 30 minutes).

    manage.py soak --tables 20 --minutes 30
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.bench import profiles, soak


class Command(BaseCommand):
    help = "Play bot tables for a long time on make run's processes; count crashes and stalls."

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--tables", type=int, default=20)
        parser.add_argument("--minutes", type=float, default=30.0)
        parser.add_argument(
            "--bot-delay",
            type=float,
            default=0.75,
            help="seconds a bot waits before each move (THIRTYONE_BOT_DELAY)",
        )
        parser.add_argument(
            "--keep", action="store_true", help="keep the temporary folder with the servers' logs"
        )
        parser.add_argument("--drive", action="store_true", help=argparse.SUPPRESS)
        parser.add_argument("--log-dir", help=argparse.SUPPRESS)

    def handle(self, *args: Any, **options: Any) -> None:
        if options["tables"] < 1 or options["minutes"] <= 0 or options["bot_delay"] < 0.2:
            raise CommandError("Use at least one table, a positive time, a bot delay >= 0.2 s.")
        if options["drive"]:
            log_dir = Path(options["log_dir"])
            log_dir.mkdir(parents=True, exist_ok=True)
            passed = soak.drive(
                options["tables"], options["minutes"], log_dir, Path(settings.VAR_DIR), self._say
            )
            if not passed:
                raise CommandError("the soak saw restarts or stalls")
            return
        status = profiles.run(
            profile="embedded",
            driver_args=[f"--tables={options['tables']}", f"--minutes={options['minutes']}"],
            bot_delay=options["bot_delay"],
            postgres_url="",
            redis_url="",
            keep=options["keep"],
            say=self._say,
            command="soak",
        )
        if status:
            raise CommandError(f"the soak failed (exit status {status})")

    def _say(self, text: str) -> None:
        self.stdout.write(text)
        sys.stdout.flush()
