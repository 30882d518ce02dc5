"""How well the hard bot judges the risk of its knocks:

    python -m lab.bots.knock_check --players 3 --rounds 500 --jobs 2

A hard bot in seat 1 plays single rounds against medium bots, from standings as they are
met in games (dealt as the paired test deals them, `paired.round_moves`). At each of its
knocks it has read, from the hands its table watch holds likely, the chance of being
caught lowest (`HardBot.watched_risk`, kept by `RiskReadingHardBot`); the round then
shows whether it was. Printed: the knocks grouped by that chance, each group's mean
chance next to the share caught, and the totals. A well judged risk has the two close in
every group. This found that the risk left out the discard pile in the other players'
last turns, and so was about half the rate at which knocks were caught with three or
four players (docs/bots.md).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from multiprocessing import Pool

from games.engine.actions import Knock
from games.engine.bots.hard import HardBot
from games.engine.bots.worlds import WorldSampler
from games.engine.observation import Observation
from games.engine.rules import PRESETS, Rules
from lab.bots.paired import random_standings, round_moves

CHUNK = 25  # rounds per job
BINS = (0.0, 0.03, 0.08, 0.15, 0.25, 0.35, 1.0)

Knocked = tuple[float, bool]  # the risk read, and whether the knock was caught


class RiskReadingHardBot(HardBot):
    """A hard bot that keeps the chance of being caught lowest it read from the watched
    hands at its last knock decision (None where medium's table judged it)."""

    knock_risk: float | None = None

    def knock_ratio(self, obs: Observation, worlds: Callable[[], WorldSampler | None]) -> float:
        self.knock_risk = None
        return super().knock_ratio(obs, worlds)

    def watched_risk(
        self, obs: Observation, value: float, worlds: Callable[[], WorldSampler | None]
    ) -> float | None:
        self.knock_risk = super().watched_risk(obs, value, worlds)
        return self.knock_risk


def knocks_in_rounds(job: tuple[Rules, int, int, int]) -> list[Knocked]:
    """Seat 0's knocks judged by its read risk in `rounds` rounds of `players`."""
    rules, players, rounds, seed = job
    rng = random.Random(seed)
    found: list[Knocked] = []
    for i in range(rounds):
        standings = random_standings(rules, rng, players)
        hard = RiskReadingHardBot(seed + i)
        risk = None
        for seat, action, state in round_moves(rules, seed + i, standings, hard):
            if seat == 0 and type(action) is Knock:
                risk = hard.knock_risk  # read as it knocked
            after = state.players[0]
        if risk is not None:
            before = standings[0]
            found.append((risk, after.lives < before.lives or (after.out and not before.out)))
    return found


def report(knocks: list[Knocked]) -> list[str]:
    """Lines of the calibration table: per group of read risk, mean risk and share caught."""
    lines = [f"{'read risk':>12}  {'knocks':>6}  {'mean risk':>9}  {'caught':>14}"]
    for low, high in zip(BINS, BINS[1:], strict=False):
        group = [k for k in knocks if low <= k[0] < high or (high == 1.0 and k[0] == 1.0)]
        if group:
            lines.append(_line(f"{low:.2f}-{high:.2f}", group))
    if knocks:
        lines.append(_line("all", knocks))
    return lines


def _line(label: str, group: list[Knocked]) -> str:
    n = len(group)
    risk = sum(r for r, _ in group) / n
    caught = sum(c for _, c in group) / n
    error = math.sqrt(max(caught * (1 - caught), 0.25 / n) / n)
    return f"{label:>12}  {n:>6}  {risk:>9.3f}  {caught:>6.3f} ± {error:.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.bots.knock_check")
    parser.add_argument("--preset", default="scat", choices=sorted(PRESETS))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="processes to use")
    args = parser.parse_args(argv)
    rules = Rules.preset(args.preset)
    if rules.scoring != "lives":
        parser.error(f"{args.preset} does not score lives: its knocks are not caught lowest")
    if not 2 <= args.players <= rules.max_players:
        parser.error(f"--players must be 2 to {rules.max_players} for {args.preset}")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    jobs = [
        (rules, args.players, min(CHUNK, args.rounds - start), args.seed * 100_000 + start)
        for start in range(0, args.rounds, CHUNK)
    ]
    started = time.perf_counter()
    knocks: list[Knocked] = []
    with Pool(args.jobs) as pool:
        for done, found in enumerate(pool.imap(knocks_in_rounds, jobs), 1):
            knocks.extend(found)
            print(f"\r  {done}/{len(jobs)} chunks, {len(knocks)} knocks", end="", flush=True)
    print(f"\n{args.preset}, {args.players} players, {args.rounds} rounds:")
    print("\n".join(report(knocks)))
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
