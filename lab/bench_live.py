"""`python -m lab.bench_live`: how long a move takes from its commit to every seat's
socket, with many bot-only tables playing at once on real server processes.

    python -m lab.bench_live --profile embedded --tables 100 --duration 30
    python -m lab.bench_live --profile production   # needs PostgreSQL and Redis

Run from the repository's root. Prints progress while the tables play, then
p50/p95/p99/max of commit -> socket, and the same for a bare channel-layer send of a
fixed fragment (the floor).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def parser() -> argparse.ArgumentParser:
    from lab.bench import profiles

    parser = argparse.ArgumentParser(
        prog="python -m lab.bench_live",
        description="Measure commit -> socket latency with many bot tables on real processes.",
    )
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
    profiles.add_run_arguments(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")
    import django

    django.setup()
    from lab.bench import live, profiles

    args = parser().parse_args(argv)
    if args.tables < 1 or args.seats < 2 or args.duration <= 0:
        return profiles.fail("Use at least one table, two seats and a positive duration.")
    if args.bot_delay < 0.2:
        # Moves are told apart in the event log by the pause between them.
        return profiles.fail("Use a bot delay of at least 0.2 s.")
    if args.drive:
        log_dir = Path(args.log_dir)
        log_dir.mkdir(parents=True, exist_ok=True)
        plan = live.Plan(
            profile=args.profile,
            tables=args.tables,
            seats=args.seats,
            duration=args.duration,
            bot_delay=args.bot_delay,
            log_dir=log_dir,
        )
        live.drive(plan, profiles.say)
        return 0
    driver_args = [
        f"--profile={args.profile}",
        f"--tables={args.tables}",
        f"--seats={args.seats}",
        f"--duration={args.duration}",
        f"--bot-delay={args.bot_delay}",
    ]
    status = profiles.run(
        profile=args.profile,
        driver_args=driver_args,
        bot_delay=args.bot_delay,
        postgres_url=args.postgres_url,
        redis_url=args.redis_url,
        keep=args.keep,
        say=profiles.say,
        command="lab.bench_live",
    )
    if status:
        return profiles.fail(f"the benchmark's driver failed (exit status {status})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
