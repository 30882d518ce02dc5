"""Tune the medium bot's knobs by simulation (how it was done: docs/bots.md).

    python -m lab.bots.tune --knob theta --values 0.3,0.45,0.6,0.8 \\
        --preset scat --players 4 --games 800 --jobs 2

For each value, a medium bot with that value plays in seat 1 against medium bots with
the defaults in the other seats (the first dealer is random, so seats are fair); it
prints that seat's share of wins with a 95% interval and the lives (or points, or
chips) it lost or won per round, a finer measure than wins. Each value meets the same
deals (the same seeds), so values are compared on equal terms. The knobs:

- theta (lives): knock when the chance of a failed knock, times its cost in lives, is
  at most theta / players;
- beta (points, banking): knock when the chance to hold the highest hand is at least
  beta;
- potential: the weight of what the next draw may add to a hand;
- denial: how much it avoids feeding the next player a suit it was seen collecting.
"""

from __future__ import annotations

import argparse
import sys
import time
from multiprocessing import Pool

from games.engine.bots.knocking import KnockParams
from games.engine.bots.medium import MediumBot
from games.engine.game import apply_action, new_game
from games.engine.observation import observation
from games.engine.randomness import SeededDeckSource
from games.engine.rules import PRESETS, Rules
from lab.simulate import wilson_interval

KNOBS = ("theta", "beta", "potential", "denial")


def make_medium(seed: int, knob: str | None = None, value: float | None = None) -> MediumBot:
    """A medium bot with `knob` (one of KNOBS) set to `value`; without them, the default."""
    if knob is None or value is None:
        return MediumBot(seed)
    if knob == "theta":
        return MediumBot(seed, knock=KnockParams(theta=value))
    if knob == "beta":
        return MediumBot(seed, knock=KnockParams(beta=value))
    if knob == "potential":
        return MediumBot(seed, potential=value)
    if knob == "denial":
        return MediumBot(seed, denial=value)
    raise ValueError(f"There is no knob {knob!r}. Knobs: {', '.join(KNOBS)}.")


def play_chunk(job: tuple[Rules, int, str, float, int, int]) -> tuple[float, int, int, float]:
    """Games with the tuned bot in seat 0: its wins, games, rounds, and its net result
    per round summed (lives lost as negative, points or chips won as positive)."""
    rules, players, knob, value, games, seed = job
    bots = [make_medium(seed, knob, value)] + [
        make_medium(seed * 10 + s) for s in range(1, players)
    ]
    source = SeededDeckSource(seed)
    wins, rounds, net = 0.0, 0, 0.0
    for _ in range(games):
        state, _ = new_game(rules, players, source)
        seen = 0
        while state.turn is not None:
            state, _ = apply_action(state, bots[state.turn].choose(observation(state, state.turn)))
            result = state.last_round
            if result is not None and result.round_no != seen:
                seen = result.round_no
                rounds += 1
                net += result.points_won[0] + result.chips_won[0] - result.lives_lost[0]
        outcome = state.outcome  # set: the game is over
        if outcome is not None and 0 in outcome.winners:
            wins += 1 / len(outcome.winners)
    return wins, games, rounds, net


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.bots.tune")
    parser.add_argument("--knob", choices=KNOBS, required=True)
    parser.add_argument("--values", required=True, help="comma-separated values to try")
    parser.add_argument("--preset", default="scat", choices=sorted(PRESETS))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=800, help="games per value")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="processes to use")
    args = parser.parse_args(argv)
    rules = Rules.preset(args.preset)
    chunks = max(1, args.jobs * 4)
    print(
        f"{args.preset}, {args.players} players, {args.games} games per value, "
        f"tuned medium in seat 1 against default mediums; fair share "
        f"{1 / args.players:.1%}"
    )
    with Pool(args.jobs) as pool:
        for value in (float(v) for v in args.values.split(",")):
            started = time.perf_counter()
            jobs = [
                (rules, args.players, args.knob, value, args.games // chunks, args.seed * 1000 + i)
                for i in range(chunks)
            ]
            results = pool.map(play_chunk, jobs)
            wins = sum(r[0] for r in results)
            games = sum(r[1] for r in results)
            rounds = sum(r[2] for r in results)
            net = sum(r[3] for r in results)
            share, low, high = wilson_interval(wins, games)
            print(
                f"  {args.knob}={value:g}: wins {share:.1%} (95% CI {low:.1%} to "
                f"{high:.1%}), net per round {net / rounds:+.3f} over {rounds} rounds "
                f"({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
