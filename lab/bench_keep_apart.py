"""Keep-apart pairs in seating, measured (docs/fair-seating.md#keep-apart-pairs):
`python -m lab.bench_keep_apart` (`make bench-keep-apart`).

Seeded fields, each seated twice on the same seeds and the same simulated results:
by version 1 (pairs unknown) and version 2 (`apart`). Prints, per format, how many
pair-seatings (a pair both seated in one round, deal or duplicate round 1) version 2
kept apart, how many of the failures the field made unavoidable (no seating at those
table sizes splits every pair: `keep_apart.separable`), and for Swiss the cost in
repeat meetings per event (a pair meeting again), version 2 against version 1; for
knockouts the moves (version 2 must make as many). The product's own pure seating code
is run; the formats' package needs Django's settings, so they are set up first.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")
django.setup()

from tournaments.fairness import keep_apart  # noqa: E402  (after the settings)
from tournaments.formats.duplicate import rounds  # noqa: E402
from tournaments.formats.knockout import balancing  # noqa: E402
from tournaments.formats.swiss import seating  # noqa: E402


@dataclass
class Tally:
    seatings: int = 0  # pair-seatings: a pair both seated in one layout
    kept: int = 0  # of them, at different tables (version 2)
    unavoidable: int = 0  # failures where no seating at those sizes splits every pair
    v1_kept: int = 0  # the same pairs kept apart by version 1, by chance
    repeats_v1: list[int] = field(default_factory=list)
    repeats_v2: list[int] = field(default_factory=list)

    def add(
        self,
        tables_v2: Sequence[Sequence[Hashable | None]],
        tables_v1: Sequence[Sequence[Hashable | None]],
        pairs: list[tuple[int, int]],
    ) -> None:
        seated = {p for t in tables_v2 for p in t if p is not None}
        live = [p for p in pairs if p[0] in seated and p[1] in seated]
        if not live:
            return
        together = keep_apart.together(tables_v2, live)
        self.seatings += len(live)
        self.kept += len(live) - len(together)
        self.v1_kept += len(live) - len(keep_apart.together(tables_v1, live))
        if together:
            sizes = [sum(p is not None for p in t) for t in tables_v2]
            if not keep_apart.separable(sizes, live):
                self.unavoidable += len(together)

    def report(self, name: str) -> list[str]:
        failed = self.seatings - self.kept
        out = [
            f"{name}: kept apart in {self.kept} of {self.seatings} pair-seatings "
            f"({100 * self.kept / max(self.seatings, 1):.2f}%); {failed} not, "
            f"{self.unavoidable} of them unavoidable (the field allowed no seating "
            f"that splits every pair); version 1 by chance: {self.v1_kept} of {self.seatings}"
        ]
        if self.repeats_v1:
            v1, v2 = statistics.mean(self.repeats_v1), statistics.mean(self.repeats_v2)
            worse = sum(b > a for a, b in zip(self.repeats_v1, self.repeats_v2, strict=True))
            out.append(
                f"  repeat meetings per event: version 1 {v1:.3f}, version 2 {v2:.3f} "
                f"(+{v2 - v1:.3f}); events with more repeats under version 2: "
                f"{worse} of {len(self.repeats_v1)}"
            )
        return out


def random_pairs(rng: random.Random, players: Sequence[int], most: int) -> list[tuple[int, int]]:
    count = rng.randint(1, most)
    return keep_apart.canonical(tuple(rng.sample(list(players), 2)) for _ in range(count))


def swiss_event(
    seed: int, version2: bool, players: list[int], rounds: int, pairs: list[tuple[int, int]]
) -> tuple[list[list[list[int | str]]], int]:
    """One Swiss event's seatings and its repeat meetings; results drawn from a seed of
    their own, table by table, so both versions get the same luck."""
    luck = random.Random(f"results-{seed}")
    points: dict[int | str, float] = {}
    met: dict[frozenset[Hashable], int] = {}
    dealt: dict[int | str, int] = {}
    plan = seating.table_sizes(len(players), 4, 3, 5)
    everyone: list[int | str] = [*players, *[f"bot-{k}" for k in range(plan.bots_needed)]]
    layouts, repeats = [], 0
    for n in range(1, rounds + 1):
        tables = seating.seat_round(
            everyone,
            points,
            met,
            plan.sizes,
            f"bench-{seed}:{n}",
            dealer_counts=dealt,
            apart=pairs if version2 else (),
        )
        for table in tables:
            repeats += sum(
                1 for i, a in enumerate(table) for b in table[i + 1 :] if met.get(frozenset((a, b)))
            )
        seating.record_meetings(met, tables)
        for table in tables:
            order = luck.sample(table, len(table))
            for place, p in enumerate(order):
                points[p] = points.get(p, 0) + (len(table) - 1 - place)
        layouts.append(tables)
    return layouts, repeats


def bench_swiss(fields: int, tally: Tally) -> None:
    for seed in range(fields):
        rng = random.Random(seed)
        players = list(range(1, rng.randint(12, 40) + 1))
        rounds = rng.randint(4, 6)
        pairs = random_pairs(rng, players, 4)
        v2, r2 = swiss_event(seed, True, players, rounds, pairs)
        v1, r1 = swiss_event(seed, False, players, rounds, pairs)
        for a, b in zip(v2, v1, strict=True):
            tally.add(a, b, pairs)
        tally.repeats_v1.append(r1)
        tally.repeats_v2.append(r2)


def knockout_event(
    seed: int, version2: bool, players: list[int], seats: int, pairs: list[tuple[int, int]]
) -> tuple[list[tuple[balancing.Table[int], ...]], int]:
    """A balanced knockout of three lives: each deal one player at each table loses a
    life (drawn from the results' own seed); its layouts and its moves."""
    luck = random.Random(f"deals-{seed}")
    apart = pairs if version2 else ()
    tables = balancing.first_tables(players, seats, f"ko-{seed}", apart)
    lives = dict.fromkeys(players, 3)
    moved: dict[int, int] = {}
    layouts, moves = [tables], 0
    for n in range(1, 500):
        gone = []
        for table in tables:
            loser = table.players[luck.randrange(table.size)]
            lives[loser] -= 1
            if lives[loser] == 0:
                gone.append(loser)
        left = [p for p in lives if lives[p] > 0]
        if len(left) <= 1:
            break
        dealt = tuple(balancing.Table(t.number, t.seats, t.next_dealer() or 0) for t in tables)
        result = balancing.balance(
            balancing.remove_players(dealt, gone), moved, f"ko-{seed}:{n}", apart
        )
        balancing.record_moves(moved, result.moves)
        moves += len(result.moves)
        tables = result.tables
        layouts.append(tables)
        for p in gone:
            del lives[p]
    return layouts, moves


def bench_knockout(fields: int, tally: Tally) -> tuple[int, int]:
    moves = [0, 0]
    for seed in range(fields):
        rng = random.Random(10_000 + seed)
        players = list(range(1, rng.randint(12, 40) + 1))
        seats = rng.randint(4, 6)
        pairs = random_pairs(rng, players, 4)
        v2, m2 = knockout_event(seed, True, players, seats, pairs)
        v1, m1 = knockout_event(seed, False, players, seats, pairs)
        moves[0] += m1
        moves[1] += m2
        # The layouts differ once the deals do: each version is counted on its own
        # layouts, version 1's by chance on its own too.
        for k, a in enumerate(v2):
            b = v1[k] if k < len(v1) else a
            tally.add([t.seats for t in a], [t.seats for t in b], pairs)
    return moves[0], moves[1]


def bench_duplicate(fields: int, tally: Tally) -> None:
    for seed in range(fields):
        rng = random.Random(20_000 + seed)
        players = list(range(1, rng.randint(8, 40) + 1))
        pairs = random_pairs(rng, players, 4)
        v2 = rounds.first_round_tables(players, 4, f"dup-{seed}", pairs)
        v1 = rounds.first_round_tables(players, 4, f"dup-{seed}")
        tally.add(v2, v1, pairs)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--swiss", type=int, default=500, help="Swiss fields (12-40, 4-6 rounds)")
    parser.add_argument("--knockouts", type=int, default=300, help="balanced knockouts")
    parser.add_argument("--duplicates", type=int, default=500, help="duplicate round 1s")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    swiss, knockout, duplicate = Tally(), Tally(), Tally()
    bench_swiss(args.swiss, swiss)
    m1, m2 = bench_knockout(args.knockouts, knockout)
    bench_duplicate(args.duplicates, duplicate)
    lines = [
        f"{args.swiss} Swiss fields of 12-40 players over 4-6 rounds, tables of 3-5, "
        "1-4 random keep-apart pairs each:",
        *swiss.report("Swiss rounds"),
        f"{args.knockouts} balanced knockouts of 12-40 players at tables of 4-6, 3 lives:",
        *knockout.report("Knockout deals"),
        f"  moves: version 1 {m1}, version 2 {m2}",
        f"{args.duplicates} duplicate fields of 8-40 players at tables of 4:",
        *duplicate.report("Duplicate round 1 (every round)"),
        f"({time.perf_counter() - started:.0f} s)",
    ]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
