"""How long a bot takes to decide: `python -m lab bench-bot --level hard`.

Plays whole games with the bot in the first seat and medium bots in the others, and
times every decision of the first seat (`choose`, memory included) until it has made
the number asked for; a bot that watches the table (the hard bot) is shown the other
moves, and that time is reported apart. Each decision is timed by the clock and by the
processor time of its thread (`time.thread_time`), which the machine's other work
barely changes, with the load average (`os.getloadavg`) before and after. A
benchmark, not a test.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.engine.bots import make_bot
from games.engine.game import apply_action, new_game
from games.engine.observation import observation
from games.engine.randomness import SeededDeckSource
from games.engine.rules import Rules


@dataclass
class Timings:
    level: str
    seconds: list[float] = field(default_factory=list)  # one per decision, by the clock
    cpu: list[float] = field(default_factory=list)  # ... in processor time
    watching: list[float] = field(default_factory=list)  # one per other player's move
    games: int = 0
    load_before: str = ""
    load_after: str = ""

    def summary(self) -> str:
        text = f"{self.level}: {len(self.seconds)} decisions in {self.games} games; "
        text += _figures(self.seconds)
        if self.cpu:
            text += f"\n  processor time: {_figures(self.cpu)}"
        if self.watching:
            text += f"\n  watching {len(self.watching)} moves: {_figures(self.watching)}"
        if self.load_before:
            text += f"\n  load average before {self.load_before}, after {self.load_after}"
        return text


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def _figures(times: list[float]) -> str:
    return ", ".join(
        f"{name} {percentile(times, share) * 1000:.1f} ms"
        for name, share in (("p50", 0.5), ("p95", 0.95), ("p99", 0.99), ("max", 1.0))
    )


def time_decisions(
    level: str,
    rules: Rules,
    players: int,
    decisions: int,
    seed: int,
    progress: Callable[[Timings], None] | None = None,
    **options: Any,
) -> Timings:
    """`options` go to the timed bot (`max_seconds=None`: the hard bot without its clock)."""
    timings = Timings(level, load_before=_load())
    source = SeededDeckSource(seed)
    bot = make_bot(level, seed, **options)
    while len(timings.seconds) < decisions:
        others = [make_bot("medium", seed * 100 + s) for s in range(1, players)]
        state, _ = new_game(rules, players, source)
        while state.turn is not None and len(timings.seconds) < decisions:
            seat = state.turn
            obs = observation(state, seat)
            if seat == 0:
                started, cpu = time.perf_counter(), time.thread_time()
                action = bot.choose(obs)
                timings.cpu.append(time.thread_time() - cpu)
                timings.seconds.append(time.perf_counter() - started)
            else:
                action = others[seat - 1].choose(obs)
                if hasattr(bot, "watch"):
                    started = time.perf_counter()
                    bot.watch(observation(state, 0), seat, action)
                    timings.watching.append(time.perf_counter() - started)
            state, _ = apply_action(state, action)
        timings.games += 1
        if progress:
            progress(timings)
    timings.load_after = _load()
    return timings


def _load() -> str:
    return " ".join(f"{figure:.2f}" for figure in os.getloadavg())
