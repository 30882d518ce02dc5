"""`python -m lab.bench_round_start`: how long a tournament round takes to start, from
the organizer's "Start round" to every seat's game socket showing its first deal, on
real server processes (issue 27).

    python -m lab.bench_round_start                       # production: PostgreSQL, Redis
    python -m lab.bench_round_start --profile embedded    # SQLite, embedded Valkey
    python -m lab.bench_round_start --players 200 --repeats 3

Run from the repository's root. 200 players at tables of 4 make 50 tables. Each repeat
is a fresh event: every player's event socket open, the owner posts Start round, each
player's event socket is told their table, and their game socket then shows the first
deal. Prints progress, p50/p95/max per repeat and the medians (see lab.bench.round_start).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def parser() -> argparse.ArgumentParser:
    from lab.bench import profiles

    parser = argparse.ArgumentParser(
        prog="python -m lab.bench_round_start",
        description="Start a tournament round of many tables on real processes: the time "
        "to every seat's socket showing its first deal.",
    )
    parser.add_argument(
        "--profile",
        choices=["embedded", "production"],
        default="production",
        help="production (default): PostgreSQL and Redis, two Daphne, two workers, beat. "
        "embedded: SQLite, embedded Valkey, one Daphne, one worker with beat (make run).",
    )
    parser.add_argument("--players", type=int, default=200, help="players (tables of 4)")
    parser.add_argument("--repeats", type=int, default=3, help="round starts, a fresh event each")
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
        "--database-prefix",
        default="thirtyone_bench_",
        help="production: the start of the scratch database's name",
    )
    profiles.add_run_arguments(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")
    import django

    django.setup()
    from lab.bench import profiles

    args = parser().parse_args(argv)
    if args.players < 8 or args.repeats < 1:
        return profiles.fail("Use at least 8 players and one repeat.")
    if args.drive:
        from lab.bench import round_start

        log_dir = Path(args.log_dir)
        log_dir.mkdir(parents=True, exist_ok=True)
        plan = round_start.Plan(
            profile=args.profile, players=args.players, repeats=args.repeats, log_dir=log_dir
        )
        round_start.drive(plan, profiles.say)
        return 0
    status = profiles.run(
        profile=args.profile,
        driver_args=[
            f"--profile={args.profile}",
            f"--players={args.players}",
            f"--repeats={args.repeats}",
        ],
        bot_delay=1.2,  # no bots play: the setting's default
        postgres_url=args.postgres_url,
        redis_url=args.redis_url,
        keep=args.keep,
        say=profiles.say,
        command="lab.bench_round_start",
        database_prefix=args.database_prefix,
    )
    if status:
        return profiles.fail(f"the benchmark's driver failed (exit status {status})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
