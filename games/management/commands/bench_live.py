"""`manage.py bench_live`: how long a move takes from its commit to every seat's socket,
with many bot-only tables playing at once on real server processes.

    manage.py bench_live --profile embedded --tables 100 --duration 30
    manage.py bench_live --profile production   # needs PostgreSQL and Redis

Prints progress while the tables play, then p50/p95/p99/max of commit -> socket, and
the same for a bare channel-layer send of a fixed fragment (the floor).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.bench import live, profiles


class Command(BaseCommand):
    help = "Measure commit -> socket latency with many bot tables on real processes."

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--profile",
            choices=["embedded", "production"],
            default="embedded",
            help="embedded: SQLite, one Daphne, one worker with beat, no "
            "Redis (make run). production: PostgreSQL and Redis, two "
            "Daphne, two workers, beat.",
        )
        parser.add_argument("--tables", type=int, default=100)
        parser.add_argument("--seats", type=int, default=4)
        parser.add_argument("--duration", type=float, default=30.0, help="seconds of play")
        parser.add_argument(
            "--bot-delay",
            type=float,
            default=0.75,
            help="seconds a bot waits before each move (THIRTYONE_BOT_DELAY)",
        )
        parser.add_argument(
            "--postgres-url",
            default=os.environ.get("BENCH_POSTGRES_URL", profiles.DEFAULT_POSTGRES_URL),
            help="production: a server where the bench may create (and then drop) a database",
        )
        parser.add_argument(
            "--redis-url",
            default=os.environ.get("BENCH_REDIS_URL", profiles.DEFAULT_REDIS_URL),
            help="production: a Redis database the bench may empty",
        )
        parser.add_argument(
            "--keep", action="store_true", help="keep the temporary folder with the servers' logs"
        )
        # Internal: the child process that runs inside the profile's environment.
        parser.add_argument("--drive", action="store_true", help=argparse.SUPPRESS)
        parser.add_argument("--log-dir", help=argparse.SUPPRESS)

    def handle(self, *args: Any, **options: Any) -> None:
        if options["tables"] < 1 or options["seats"] < 2 or options["duration"] <= 0:
            raise CommandError("Use at least one table, two seats and a positive duration.")
        if options["bot_delay"] < 0.2:
            # Moves are told apart in the event log by the pause between them.
            raise CommandError("Use a bot delay of at least 0.2 s.")
        if options["drive"]:
            log_dir = Path(options["log_dir"])
            log_dir.mkdir(parents=True, exist_ok=True)
            plan = live.Plan(
                profile=options["profile"],
                tables=options["tables"],
                seats=options["seats"],
                duration=options["duration"],
                bot_delay=options["bot_delay"],
                log_dir=log_dir,
            )
            live.drive(plan, self._say)
            return
        driver_args = [
            f"--profile={options['profile']}",
            f"--tables={options['tables']}",
            f"--seats={options['seats']}",
            f"--duration={options['duration']}",
            f"--bot-delay={options['bot_delay']}",
        ]
        status = profiles.run(
            profile=options["profile"],
            driver_args=driver_args,
            bot_delay=options["bot_delay"],
            postgres_url=options["postgres_url"],
            redis_url=options["redis_url"],
            keep=options["keep"],
            say=self._say,
        )
        if status:
            raise CommandError(f"the benchmark's driver failed (exit status {status})")

    def _say(self, text: str) -> None:
        self.stdout.write(text)
        sys.stdout.flush()
