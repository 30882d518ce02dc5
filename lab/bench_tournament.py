"""`python -m lab.bench_tournament`: how well and how fast tournaments.seating seats
Swiss rounds at multi-seat tables.

    python -m lab.bench_tournament              # 100 seeds, a few minutes
    python -m lab.bench_tournament --seeds 10   # a quick look
    python -m lab.bench_tournament --no-swiss   # only issue 24's knockout and duplicate

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
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from lab.bench import issue24
from tournaments.seating import record_meetings, seat_round, table_sizes

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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m lab.bench_tournament",
        description="Swiss seating: repeat pairs vs random and greedy, and seating time.",
    )
    parser.add_argument("--seeds", type=int, default=100, help="events per field and method")
    issue24.add_arguments(parser)  # --knockout, --duplicate, --no-swiss (issue 24)
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    issue24.run(args, say)
    if args.no_swiss:
        return 0
    summary = []
    seconds_200: list[float] = []
    for n in FIELDS:
        sizes = table_sizes(n, 4, 3, 4).sizes
        shape = ", ".join(f"{sizes.count(s)}x{s}" for s in sorted(set(sizes), reverse=True))
        say(f"{n} players ({shape}), {ROUNDS} rounds, {args.seeds} seeds:")
        repeats = {m: [] for m in METHODS}
        ranges = {m: [] for m in METHODS}
        for seed in range(args.seeds):
            for method in METHODS:
                event = play(n, seed, SEATERS[method])
                repeats[method].append(event.repeats)
                ranges[method].extend(event.ranges)
                if n == 200 and method == "optimiser":
                    seconds_200.extend(event.seconds)
            if (seed + 1) % 10 == 0 or seed + 1 == args.seeds:
                so_far = "  ".join(f"{m} {statistics.fmean(repeats[m]):.2f}" for m in METHODS)
                say(f"  {seed + 1}/{args.seeds} seeds; mean repeat pairs so far: {so_far}")
        for method in METHODS:
            summary.append(
                f"  {n:>3} players  {method:<9}  repeat pairs/event "
                f"{statistics.fmean(repeats[method]):6.2f} (max {max(repeats[method]):3d})"
                f"  mean table score range {statistics.fmean(ranges[method]):5.2f}"
            )
    say("")
    say(f"Summary ({args.seeds} seeds, {ROUNDS} rounds; ranges over rounds 2-{ROUNDS}):")
    for line in summary:
        say(line)
    say(
        f"  seating 200 players (optimiser, one core): median "
        f"{statistics.median(seconds_200) * 1000:.0f} ms, max {max(seconds_200) * 1000:.0f} ms"
        f" over {len(seconds_200)} rounds"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
