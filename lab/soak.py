"""`python -m lab.soak`: bot tables play for a long time on the embedded profile's real
processes (`make run`'s), and it prints the process restarts, stalled tables and moves
a second it saw (`make soak`: 20 tables, 30 minutes). Run from the repository's root.

    python -m lab.soak --tables 20 --minutes 30
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m lab.soak",
        description="Play bot tables for a long time on make run's processes; "
        "count crashes and stalls.",
    )
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.75,
        help="seconds a bot waits before each move (THIRTYONE_BOT_DELAY)",
    )
    from lab.bench import profiles  # django.conf only: settings are read on first use

    profiles.add_run_arguments(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")
    import django

    django.setup()
    from django.conf import settings

    from lab.bench import profiles, soak

    args = parser().parse_args(argv)
    if args.tables < 1 or args.minutes <= 0 or args.bot_delay < 0.2:
        return profiles.fail("Use at least one table, a positive time, a bot delay >= 0.2 s.")

    if args.drive:
        log_dir = Path(args.log_dir)
        log_dir.mkdir(parents=True, exist_ok=True)
        passed = soak.drive(
            args.tables, args.minutes, log_dir, Path(settings.VAR_DIR), profiles.say
        )
        if not passed:
            return profiles.fail("the soak saw restarts or stalls")
        return 0
    status = profiles.run(
        profile="embedded",
        driver_args=[f"--tables={args.tables}", f"--minutes={args.minutes}"],
        bot_delay=args.bot_delay,
        postgres_url="",
        redis_url="",
        keep=args.keep,
        say=profiles.say,
        command="lab.soak",
    )
    if status:
        return profiles.fail(f"the soak failed (exit status {status})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
