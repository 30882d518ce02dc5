"""The knockout and duplicate figures of issue 24 in `python -m lab.bench_tournament`:
its command-line options and the run, kept here so that the bench's `main` only calls
in (see `lab.bench.knockout` and `lab.bench.duplicate`)."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from lab.bench import duplicate, knockout


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--knockout",
        type=int,
        default=20,
        metavar="EVENTS",
        help="simulated 50-player knockouts per balancer (0: none; default 20)",
    )
    parser.add_argument(
        "--duplicate",
        type=int,
        default=30,
        metavar="EVENTS",
        help="simulated 16-board duplicate events per field and way (0: none; default 30)",
    )
    parser.add_argument(
        "--no-swiss", action="store_true", help="only the knockout and duplicate figures"
    )


def run(args: argparse.Namespace, say: Callable[[str], None]) -> None:
    """Print the figures asked for, each part's progress and then its summary."""
    parts = (("knockout", knockout.figures), ("duplicate", duplicate.figures))
    for name, figures in parts:
        events = getattr(args, name)
        if events < 0:
            raise SystemExit(f"--{name} must be 0 or more")
        if not events:
            continue
        started = time.perf_counter()
        lines = figures(events, say)
        say("")
        for line in lines:
            say(line)
        say(f"  ({name} figures took {time.perf_counter() - started:.0f} s)")
        say("")
