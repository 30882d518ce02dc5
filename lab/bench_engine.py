"""`python -m lab bench-engine`: the engine's speed against a minimal engine's, in one run.

    python -m lab bench-engine                 # 3 runs of 6 slices of 100 games each
    python -m lab bench-engine --runs 5 --slices 10 --games 50

"Ours" is `lab simulate`'s loop with its default bots (Scat, four baseline bots: an
observation for every move, `apply_action` with its checks and events); "mutable" is
the same games on the engine's mutable state (`lab.mutable_games`: the baseline bots'
choices read off the state, no observations, no events kept); "minimal" is
`lab.minimal_engine`, the same game shape on plain mutable values with greedy players.
Each run plays them in turn in each slice (which goes first rotating from slice to
slice), so load from other work on the machine falls on all alike, and prints each
one's rounds per second (and turns per second: their rounds differ a little in length)
by processor time (`time.process_time`, what the process itself spent) and by the
clock, and ours over minimal. Then the medians of the runs, and the load average
(`os.getloadavg`) before and after. On a shared machine trust the same-run ratio: the
absolute figures move with the load. A benchmark, not a test.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from games.engine.bots import make_bot
from games.engine.rules import Rules
from lab import minimal_engine, mutable_games
from lab.simulate import simulate

PLAYERS = 4


@dataclass
class Totals:
    """What one engine played in a run, and the time it took."""

    rounds: int = 0
    turns: int = 0
    cpu: float = 0.0  # seconds of processor time
    wall: float = 0.0  # seconds by the clock

    def add(self, rounds: int, turns: int, cpu: float, wall: float) -> None:
        self.rounds += rounds
        self.turns += turns
        self.cpu += cpu
        self.wall += wall

    @property
    def rounds_per_second(self) -> float:
        return self.rounds / self.cpu if self.cpu else 0.0

    @property
    def turns_per_second(self) -> float:
        return self.turns / self.cpu if self.cpu else 0.0

    @property
    def rounds_per_wall_second(self) -> float:
        return self.rounds / self.wall if self.wall else 0.0


@dataclass
class Run:
    ours: Totals = field(default_factory=Totals)
    minimal: Totals = field(default_factory=Totals)
    mutable: Totals = field(default_factory=Totals)

    @property
    def ratio(self) -> float:
        """Ours over minimal, rounds per second of processor time."""
        return self.ours.rounds_per_second / self.minimal.rounds_per_second

    @property
    def turns_ratio(self) -> float:
        return self.ours.turns_per_second / self.minimal.turns_per_second

    @property
    def mutable_ratio(self) -> float:
        """The mutable state over minimal, rounds per second of processor time."""
        return self.mutable.rounds_per_second / self.minimal.rounds_per_second

    def line(self, label: str) -> str:
        return (
            f"{label}: ours {self.ours.rounds_per_second:,.0f} rounds/s "
            f"({self.ours.turns_per_second:,.0f} turns/s; by the clock "
            f"{self.ours.rounds_per_wall_second:,.0f} rounds/s), minimal "
            f"{self.minimal.rounds_per_second:,.0f} rounds/s "
            f"({self.minimal.turns_per_second:,.0f} turns/s; by the clock "
            f"{self.minimal.rounds_per_wall_second:,.0f}); ours/minimal {self.ratio:.3f} "
            f"(turns {self.turns_ratio:.3f}); mutable {self.mutable.rounds_per_second:,.0f} "
            f"rounds/s, mutable/minimal {self.mutable_ratio:.3f}"
        )


def _timed(play: Callable[[], tuple[int, int]], totals: Totals) -> None:
    cpu, wall = time.process_time(), time.perf_counter()
    rounds, turns = play()
    totals.add(rounds, turns, time.process_time() - cpu, time.perf_counter() - wall)


def ours(rules: Rules, games: int, seed: int) -> tuple[int, int]:
    """`lab simulate`'s loop with its default bots: rounds and turns played."""
    bots = [make_bot("baseline") for _ in range(PLAYERS)]
    tally = simulate(rules, bots, games, seed)
    return tally.rounds, tally.turns


def minimal(games: int, seed: int) -> tuple[int, int]:
    return minimal_engine.simulate(PLAYERS, games, seed)


def mutable(rules: Rules, games: int, seed: int) -> tuple[int, int]:
    """The same games on the mutable state: rounds and turns played."""
    return mutable_games.simulate(rules, PLAYERS, games, seed)


def run(games: int, slices: int, seed: int) -> Run:
    """One run: `slices` slices of `games` games each of the three engines, in turn."""
    rules = Rules.preset("scat")
    result = Run()
    for i in range(slices):
        slice_seed = seed * 1000 + i

        def play_ours(slice_seed: int = slice_seed) -> tuple[int, int]:
            return ours(rules, games, slice_seed)

        def play_mutable(slice_seed: int = slice_seed) -> tuple[int, int]:
            return mutable(rules, games, slice_seed)

        def play_minimal(slice_seed: int = slice_seed) -> tuple[int, int]:
            return minimal(games, slice_seed)

        engines = [
            (play_ours, result.ours),
            (play_mutable, result.mutable),
            (play_minimal, result.minimal),
        ]
        for play, totals in engines[i % 3 :] + engines[: i % 3]:
            _timed(play, totals)
    return result


def _load() -> str:
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())


def bench(runs: int, games: int, slices: int, seed: int, echo: Callable[[str], None]) -> list[Run]:
    echo(
        f"Scat, {PLAYERS} players, default bots; {runs} runs of {slices} slices of "
        f"{games} games each engine, in turn; rounds per second of processor time"
    )
    echo(f"load average before (1, 5, 15 min): {_load()}")
    results = []
    for number in range(1, runs + 1):
        result = run(games, slices, seed + number - 1)
        results.append(result)
        echo(result.line(f"run {number}") + f"; load {_load()}")

    def median(figure: Callable[[Run], float]) -> float:
        return statistics.median(figure(r) for r in results)

    echo(
        f"median of {runs} runs: ours {median(lambda r: r.ours.rounds_per_second):,.0f} "
        f"rounds/s, minimal {median(lambda r: r.minimal.rounds_per_second):,.0f} rounds/s, "
        f"ours/minimal {median(lambda r: r.ratio):.3f} "
        f"(turns per second {median(lambda r: r.turns_ratio):.3f}); mutable "
        f"{median(lambda r: r.mutable.rounds_per_second):,.0f} rounds/s, mutable/minimal "
        f"{median(lambda r: r.mutable_ratio):.3f}"
    )
    echo(f"load average after (1, 5, 15 min): {_load()}")
    return results
