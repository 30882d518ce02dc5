"""Today's hard bot against the hard bot of a git revision, heads-up, on the same deals:

    python -m lab.bots.versus --games 2000 --revision 34b31bd --jobs 2 --out var/versus.jsonl

Each deal (a seed: the shuffles, the first dealer and both bots' own seeds) is played
twice, today's bot in the first seat and then in the second, the bot in each seat
keeping that seat's seed, so luck of the cards falls to both alike: two bots that make
the same moves win one game of each pair. Prints today's bot's share of the games won
with its 95% Wilson interval, and the mean per pair (0, ½ or 1) with a 95% interval
from the pairs' spread (the paired figure, tighter when the deals decide much).

The old bot is imported from the revision (`lab.bots.frozen`). Both play without the
0.2 s clock by default (`--clock` keeps it), so the result does not depend on how busy
the machine is. With `--out`, each pair is appended to a file as it ends and the pairs
already there are not played again: a long run can be stopped and resumed.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Iterable
from multiprocessing import get_context
from pathlib import Path

from games.engine.bots import HardBot
from games.engine.bots.hard import BUDGET, MAX_SECONDS
from games.engine.randomness import SeededDeckSource
from games.engine.rules import PRESETS, Rules
from lab.bots.frozen import bots_at
from lab.simulate import play_game, wilson_interval

REVISION = "34b31bd"  # the hard bot before the engine's speed-up (docs/bots.md, "Speed")

# One deal: (rules, seed, revision, clock, the old bot's budget and today's, None for the
# bots' own); its result: (seed, today's score in the game where it sat first, and in the
# game where it sat second).
Job = tuple[Rules, int, str, bool, int | None, int | None]
Pair = tuple[int, float, float]


def play_pair(job: Job) -> Pair:
    rules, seed, revision, clock, old_budget, today_budget = job
    old_bot = bots_at(revision).HardBot
    max_seconds = MAX_SECONDS if clock else None
    scores = []
    for today in (0, 1):
        bots = [
            HardBot(seed * 10 + seat, budget=today_budget or BUDGET, max_seconds=max_seconds)
            if seat == today
            else old_bot(seed * 10 + seat, budget=old_budget or BUDGET, max_seconds=max_seconds)
            for seat in (0, 1)
        ]
        state, _, _ = play_game(rules, bots, SeededDeckSource(seed))
        winners = state.outcome.winners
        scores.append(1 / len(winners) if today in winners else 0.0)
    return seed, scores[0], scores[1]


def summary(pairs: list[Pair]) -> str:
    games = 2 * len(pairs)
    wins = sum(a + b for _, a, b in pairs)
    share, low, high = wilson_interval(wins, games)
    means = [(a + b) / 2 for _, a, b in pairs]
    mean = sum(means) / len(means)
    spread = math.sqrt(sum((m - mean) ** 2 for m in means) / max(1, len(means) - 1))
    margin = 1.96 * spread / math.sqrt(len(means))
    mirrored = sum(1 for _, a, b in pairs if a + b == 1) / len(pairs)
    return (
        f"{games} games ({len(pairs)} deals, each played from both seats): today's hard bot "
        f"won {wins:g}, {share:.1%} (95% CI {low:.1%} to {high:.1%}); per deal "
        f"{mean:.3f} (95% CI {mean - margin:.3f} to {mean + margin:.3f}); deals split one "
        f"game each {mirrored:.0%}"
    )


def _done(path: Path | None) -> dict[int, Pair]:
    if path is None or not path.exists():
        return {}
    pairs = {}
    for line in path.read_text().splitlines():
        seed, first, second = json.loads(line)
        pairs[seed] = (seed, first, second)
    return pairs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.bots.versus")
    parser.add_argument("--games", type=int, default=2000, help="games (two per deal)")
    parser.add_argument("--revision", default=REVISION, help="the old bot's commit")
    parser.add_argument("--preset", default="scat", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--clock", action="store_true", help="keep the bots' 0.2 s clock")
    parser.add_argument("--budget", type=int, help="both bots' budget (default: their own)")
    parser.add_argument(
        "--today-budget", type=int, help="today's bot's budget, when it differs (a smaller one)"
    )
    parser.add_argument("--out", type=Path, help="append each deal here; resume from it")
    args = parser.parse_args(argv)
    if args.games < 2:
        parser.error("--games must be at least 2")
    rules = Rules.preset(args.preset)
    seeds = [args.seed * 1_000_000 + i for i in range((args.games + 1) // 2)]
    done = _done(args.out)
    pairs = [done[seed] for seed in seeds if seed in done]
    today_budget = args.today_budget or args.budget
    work = [
        (rules, seed, args.revision, args.clock, args.budget, today_budget)
        for seed in seeds
        if seed not in done
    ]
    started = time.perf_counter()

    def record(results: Iterable[Pair]) -> None:
        for pair in results:
            pairs.append(pair)
            if args.out is not None:
                with args.out.open("a") as file:
                    file.write(json.dumps(pair) + "\n")
            if len(pairs) % 25 == 0 or len(pairs) == len(seeds):
                seconds = time.perf_counter() - started
                print(f"{summary(pairs)} ({seconds:.0f} s)", flush=True)

    if args.jobs == 1:
        record(map(play_pair, work))
    else:
        with get_context("spawn").Pool(args.jobs) as pool:
            record(pool.imap_unordered(play_pair, work))
    if pairs:
        print(summary(pairs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
