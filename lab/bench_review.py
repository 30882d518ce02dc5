"""What the bots' review of a finished game costs, and how far its verdicts hold
(docs/bots.md#the-review-of-a-finished-game).

    python -m lab.bench_review --games 200 --players 4 --recheck 30

Plays `--games` games of medium bots with the engine alone (each seat stands in for a
person, and every seat is reviewed as if it were one), reviews each with the default
budget (`review.BUDGET`) and times it in processor time (`time.process_time`): the
review's seconds per game (median, p95, max), the decisions reviewed per game and how
the verdicts split. Then reviews the first `--recheck` games again at `--factor` times
the budget and compares the two runs decision by decision: the share whose verdict
(agree / mistake / big mistake, and the preferred move) is the same, and the
correlation of the costs.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence

from games.engine.bots import make_bot
from games.engine.bots.review import AGREE, BIG, BUDGET, Reviewed, review_game
from games.engine.events import Event
from games.engine.game import apply_action, new_game
from games.engine.observation import observation
from games.engine.randomness import SeededDeckSource
from games.engine.rules import Rules


def play(rules: Rules, players: int, seed: int) -> list[Event]:
    """One game of medium bots from `seed`: its event log."""
    bots = [make_bot("medium", seed=seed * 100 + seat) for seat in range(players)]
    state, events = new_game(rules, players, SeededDeckSource(seed))
    log = list(events)
    while state.turn is not None:
        seat = state.turn
        state, made = apply_action(state, bots[seat].choose(observation(state, seat)))
        log.extend(made)
    return log


def timed_review(
    events: Sequence[Event], players: int, key: int, budget: int
) -> tuple[list[Reviewed], float]:
    started = time.process_time()
    found = review_game(events, range(players), key, budget=budget)
    return found, time.process_time() - started


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    if len(xs) < 2 or statistics.pstdev(xs) == 0 or statistics.pstdev(ys) == 0:
        return float("nan")
    return statistics.correlation(xs, ys)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default="scat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=BUDGET)
    parser.add_argument("--recheck", type=int, default=30, help="games reviewed again")
    parser.add_argument("--factor", type=int, default=4, help="the recheck's budget, times")
    args = parser.parse_args(argv)
    rules = Rules.preset(args.preset)
    seconds: list[float] = []
    decisions: list[int] = []
    kinds: Counter[str] = Counter()
    logs: list[list[Event]] = []
    firsts: list[list[Reviewed]] = []
    began = time.perf_counter()
    for game in range(args.games):
        events = play(rules, args.players, args.seed * 100_000 + game)
        found, spent = timed_review(events, args.players, game, args.budget)
        seconds.append(spent)
        decisions.append(len(found))
        kinds.update(r.verdict.kind for r in found)
        if game < args.recheck:
            logs.append(events)
            firsts.append(found)
        if (game + 1) % 10 == 0 or game + 1 == args.games:
            print(
                f"{game + 1}/{args.games} games reviewed: median {statistics.median(seconds):.2f}"
                f" s a game, {time.perf_counter() - began:.0f} s so far",
                file=sys.stderr,
                flush=True,
            )
    total = sum(kinds.values())
    print(f"{args.preset}, {args.players} players, budget {args.budget} simulated moves a decision")
    print(
        f"review CPU per game ({args.games} games, process_time): median "
        f"{statistics.median(seconds):.2f} s, p95 {percentile(seconds, 0.95):.2f} s, "
        f"max {max(seconds):.2f} s, mean {statistics.fmean(seconds):.2f} s"
    )
    print(
        f"decisions reviewed per game: median {statistics.median(decisions):.0f}, "
        f"mean {statistics.fmean(decisions):.1f}; per decision "
        f"{1000 * sum(seconds) / max(1, total):.1f} ms"
    )
    print(
        "verdicts: "
        + ", ".join(
            f"{kind} {kinds[kind]} ({kinds[kind] / max(1, total):.1%})"
            for kind in (AGREE, "mistake", BIG)
        )
    )
    if logs:
        recheck(logs, firsts, args)
    return 0


def recheck(
    logs: list[list[Event]], firsts: list[list[Reviewed]], args: argparse.Namespace
) -> None:
    """The same games at `factor` times the budget: do the verdicts hold?"""
    same_kind = same_verdict = count = 0
    costs_a: list[float] = []
    costs_b: list[float] = []
    kind_pairs: Counter[tuple[str, str]] = Counter()
    seconds: list[float] = []
    for game, (events, first) in enumerate(zip(logs, firsts, strict=True)):
        second, spent = timed_review(events, args.players, game, args.budget * args.factor)
        seconds.append(spent)
        by_step = {(r.step, r.seat): r.verdict for r in second}
        for r in first:
            other = by_step.get((r.step, r.seat))
            if other is None:
                continue
            count += 1
            a, b = r.verdict, other
            kind_pairs[(a.kind, b.kind)] += 1
            same_kind += a.kind == b.kind
            same_verdict += a.kind == b.kind and a.preferred == b.preferred
            costs_a.append(a.cost)
            costs_b.append(b.cost)
    print(
        f"recheck at {args.factor}x the budget ({len(logs)} games, {count} decisions; "
        f"median {statistics.median(seconds):.2f} s a game):"
    )
    print(
        f"  same verdict (kind and preferred move) {same_verdict / max(1, count):.1%}, "
        f"same kind {same_kind / max(1, count):.1%}, "
        f"correlation of the costs {correlation(costs_a, costs_b):.3f}"
    )
    mistakes = [(a, b) for a, b in zip(costs_a, costs_b, strict=True) if a > 0 or b > 0]
    if mistakes:
        xs, ys = zip(*mistakes, strict=True)
        print(
            f"  over the {len(mistakes)} decisions either run called a mistake: correlation "
            f"{correlation(xs, ys):.3f}, mean cost {statistics.fmean(xs):.3f} against "
            f"{statistics.fmean(ys):.3f}"
        )
    print(
        "  kinds (default run -> larger run): "
        + ", ".join(f"{a}->{b} {n}" for (a, b), n in sorted(kind_pairs.items()))
    )


if __name__ == "__main__":
    raise SystemExit(main())
