"""`python -m lab.bench_tournament`: how well and how fast tournaments.formats.swiss.seating seats
Swiss rounds at multi-seat tables, then a full simulated event on the production
profile's real processes.

    python -m lab.bench_tournament                  # everything, about ten minutes
    python -m lab.bench_tournament --seeds 10       # a quick look at the seating
    python -m lab.bench_tournament --skip-seating   # no Swiss seating figures
    python -m lab.bench_tournament --skip-event     # no full event (no servers)
    python -m lab.bench_tournament --no-swiss       # only issue 24's knockout and duplicate

First, issue 24's figures (lab.bench.knockout, lab.bench.duplicate; --knockout and
--duplicate set how many events, 0 for none): table balancing in a simulated
knockout, and the luck duplicate scoring takes out. Then Swiss seating:

For each field (64 players at tables of four, 30 at six tables of four and two of
three, 200 at tables of four) and each seed, one six-round event is played three
times, seated by the optimiser (seat_round), at random, and greedily by score (sorted
by score, ties at random, tables filled from the top, no search). The game results
are the same for all three: each player draws a finishing value per round from the
seed, so who outlasts whom at a table depends only on who sits there. Scores are
opponents outlasted, ½ for each tie.

Prints the mean number of repeat pairs per event (a pair seated together that had
met before, counted each round it happens), the mean score range at a table (how
well score groups hold), and the optimiser's seating time per round for 200 players
(median and max; one process, so one core).

The event (lab.bench.event; --players 32 --rounds 5): a club's Swiss event at tables of
four on the production profile set up from nothing (a scratch PostgreSQL database,
Redis emptied, migrate, load_presets; two Daphne, two Celery workers, beat), every
player's seat played by a bot (`--bot-delay` seconds before each move). Prints the wall
time from the start to the final standings and, for each round after the first, the
time from the last game of the round before ending to its games being playable (target:
p95 at most 2 s). Without PostgreSQL or Redis the event is skipped, with the reason.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from lab.bench import issue24
from tournaments.formats.swiss.seating import record_meetings, seat_round, table_sizes

ROUNDS = 6
# Finishing values are drawn from this many levels: two players at a table tie with
# probability 1/TIE_LEVELS, about what a shared last-round elimination gives in 31.
TIE_LEVELS = 12
FIELDS = (64, 30, 200)
METHODS = ("optimiser", "random", "greedy")

Tables = list[list[int]]
Seater = Callable[[list[int], dict[int, float], dict[frozenset, int], tuple[int, ...], str], Tables]


def say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def chunk(order: list[int], sizes: tuple[int, ...]) -> Tables:
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables


def seat_random(players, scores, met, sizes, seed) -> Tables:
    return chunk(random.Random(seed).sample(players, len(players)), sizes)


def seat_greedy(players, scores, met, sizes, seed) -> Tables:
    rng = random.Random(seed)
    tiebreak = {p: rng.random() for p in players}
    return chunk(sorted(players, key=lambda p: (-scores.get(p, 0), tiebreak[p])), sizes)


def seat_optimiser(players, scores, met, sizes, seed) -> Tables:
    return seat_round(players, scores, met, sizes, seed)


SEATERS: dict[str, Seater] = {
    "optimiser": seat_optimiser,
    "random": seat_random,
    "greedy": seat_greedy,
}


@dataclass
class Event:
    repeats: int = 0
    ranges: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)


def play(n: int, seed: int, seater: Seater) -> Event:
    """One event of ROUNDS rounds: repeat pairs, table score ranges, seating times."""
    sizes = table_sizes(n, 4, 3, 4).sizes
    players = list(range(n))
    # The same draws for every method: results depend only on who sits together.
    draws = random.Random(f"results-{n}-{seed}")
    finish = [[draws.randrange(TIE_LEVELS) for _ in players] for _ in range(ROUNDS)]
    scores: dict[int, float] = {p: 0.0 for p in players}
    met: dict[frozenset, int] = {}
    event = Event()
    for r in range(ROUNDS):
        start = time.perf_counter()
        tables = seater(players, scores, met, sizes, f"{seed}-{r}")
        event.seconds.append(time.perf_counter() - start)
        for table in tables:
            for i, a in enumerate(table):
                event.repeats += sum(met.get(frozenset((a, b)), 0) > 0 for b in table[i + 1 :])
            if r:  # Round one's scores are all zero: its ranges say nothing.
                event.ranges.append(max(scores[p] for p in table) - min(scores[p] for p in table))
        record_meetings(met, tables)
        values = finish[r]
        for table in tables:
            for p in table:
                scores[p] += sum(
                    1.0 if values[p] > values[q] else 0.5 if values[p] == values[q] else 0.0
                    for q in table
                    if q != p
                )
    return event


# As lab.bench.profiles has them (not imported here: the seating part needs no Django).
DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/postgres"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/14"


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m lab.bench_tournament",
        description="Swiss seating: repeat pairs vs random and greedy, and seating time; "
        "then a full event on the production profile.",
    )
    parser.add_argument("--seeds", type=int, default=100, help="events per field and method")
    issue24.add_arguments(parser)  # --knockout, --duplicate, --no-swiss (issue 24)
    parser.add_argument("--skip-seating", action="store_true", help="no seating figures")
    parser.add_argument("--skip-event", action="store_true", help="only the seating figures")
    parser.add_argument("--players", type=int, default=32, help="the event's players")
    parser.add_argument("--rounds", type=int, default=5, help="the event's rounds")
    parser.add_argument(
        "--bot-delay",
        type=float,
        default=0.1,
        help="seconds a bot waits before each move in the event (THIRTYONE_BOT_DELAY)",
    )
    parser.add_argument(
        "--postgres-url",
        default=os.environ.get("BENCH_POSTGRES_URL", DEFAULT_POSTGRES_URL),
        help="a server where the bench may create (and then drop) a database",
    )
    parser.add_argument(
        "--redis-url",
        default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS_URL),
        help="a Redis database the bench may empty",
    )
    from lab.bench import profiles  # django.conf only: settings are read on first use

    profiles.add_run_arguments(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.seeds < 1:
        return _fail("--seeds must be at least 1")
    if args.players < 2 or not 1 <= args.rounds < args.players or args.bot_delay < 0:
        return _fail("Use at least two players, 1 to players - 1 rounds and a bot delay >= 0.")
    if args.drive:
        return drive(args)
    issue24.run(args, say)
    if args.no_swiss:
        return 0
    if not args.skip_seating:
        seating_figures(args.seeds)
    if not args.skip_event:
        if not args.skip_seating:
            say("")
        return run_event(args)
    return 0


def _fail(message: str) -> int:
    sys.stderr.write(f"Error: {message}\n")
    return 1


def seating_figures(seeds: int) -> None:
    """The seating part: repeat pairs, score ranges and seating time."""
    summary = []
    seconds_200: list[float] = []
    for n in FIELDS:
        sizes = table_sizes(n, 4, 3, 4).sizes
        shape = ", ".join(f"{sizes.count(s)}x{s}" for s in sorted(set(sizes), reverse=True))
        say(f"{n} players ({shape}), {ROUNDS} rounds, {seeds} seeds:")
        repeats = {m: [] for m in METHODS}
        ranges = {m: [] for m in METHODS}
        for seed in range(seeds):
            for method in METHODS:
                event = play(n, seed, SEATERS[method])
                repeats[method].append(event.repeats)
                ranges[method].extend(event.ranges)
                if n == 200 and method == "optimiser":
                    seconds_200.extend(event.seconds)
            if (seed + 1) % 10 == 0 or seed + 1 == seeds:
                so_far = "  ".join(f"{m} {statistics.fmean(repeats[m]):.2f}" for m in METHODS)
                say(f"  {seed + 1}/{seeds} seeds; mean repeat pairs so far: {so_far}")
        for method in METHODS:
            summary.append(
                f"  {n:>3} players  {method:<9}  repeat pairs/event "
                f"{statistics.fmean(repeats[method]):6.2f} (max {max(repeats[method]):3d})"
                f"  mean table score range {statistics.fmean(ranges[method]):5.2f}"
            )
    say("")
    say(f"Summary ({seeds} seeds, {ROUNDS} rounds; ranges over rounds 2-{ROUNDS}):")
    for line in summary:
        say(line)
    say(
        f"  seating 200 players (optimiser, one core): median "
        f"{statistics.median(seconds_200) * 1000:.0f} ms, max {max(seconds_200) * 1000:.0f} ms"
        f" over {len(seconds_200)} rounds"
    )


def services_down(postgres_url: str, redis_url: str) -> str | None:
    """Why the event cannot run here (PostgreSQL or Redis does not answer), or None."""
    import psycopg
    import redis

    try:
        psycopg.connect(postgres_url, connect_timeout=3).close()
    except Exception as error:  # any failure to reach it is the reason to skip
        return f"PostgreSQL at {postgres_url} does not answer ({error})".strip()
    try:
        redis.Redis.from_url(redis_url, socket_connect_timeout=3, socket_timeout=3).ping()
    except Exception as error:
        return f"Redis at {redis_url} does not answer ({error})"
    return None


def run_event(args: argparse.Namespace) -> int:
    """The event part, from this process: the profile set up from nothing, the driver
    (`--drive`) run in it. A missing server skips it (exit status 0 for the seating)."""
    say(
        f"A full event: {args.players} players, {args.rounds} rounds, on the production profile ..."
    )
    why = services_down(args.postgres_url, args.redis_url)
    if why:
        say(f"The event part was skipped: {' '.join(why.split())}.")
        return 0
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")
    import django

    django.setup()
    from lab.bench import profiles

    status = profiles.run(
        profile="production",
        driver_args=[
            f"--players={args.players}",
            f"--rounds={args.rounds}",
            f"--bot-delay={args.bot_delay}",
        ],
        bot_delay=args.bot_delay,
        postgres_url=args.postgres_url,
        redis_url=args.redis_url,
        keep=args.keep,
        say=say,
        command="lab.bench_tournament",
    )
    if status:
        return _fail(f"the event's driver failed (exit status {status})")
    return 0


def drive(args: argparse.Namespace) -> int:
    """The child process, inside the production profile's environment."""
    from pathlib import Path

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")
    import django

    django.setup()
    from lab.bench import event as full_event

    log_dir = Path(args.log_dir)
    log_dir.mkdir(parents=True, exist_ok=True)
    plan = full_event.Plan(
        players=args.players, rounds=args.rounds, bot_delay=args.bot_delay, log_dir=log_dir
    )
    full_event.drive(plan, say)
    return 0


if __name__ == "__main__":
    sys.exit(main())
