"""How well the hard bot's imagined worlds guess the hands it cannot see:

    python -m lab.bots.calibration --preset scat --games 500 --jobs 2

Four medium bots play; seat 1's memory (and, unless `--no-watch`, its table watch:
every move seen, `inference.TableWatch`) is kept as a hard bot would keep it, and at
about half of seat 1's turns (before it draws) the world sampler deals `--worlds`
worlds. For every other player's hand the sampled values are compared with the true
one: the Brier score of "this hand beats mine" (what a knock decision rests on), the
error of the mean sampled value, and its bias. The games are the same for every
version of the sampler (the medium bots' moves do not depend on it), so two versions
are compared on equal terms in seconds, where a strength test takes many minutes
(docs/bots.md).
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
import time
from multiprocessing import Pool
from typing import NamedTuple

from games.engine.bots.common import strength
from games.engine.bots.inference import TableWatch
from games.engine.bots.knocking import KnockParams
from games.engine.bots.medium import MediumBot
from games.engine.bots.worlds import WorldSampler
from games.engine.cards import Card
from games.engine.game import apply_action, new_game
from games.engine.observation import observation
from games.engine.randomness import SeededDeckSource
from games.engine.rules import PRESETS, Rules
from games.engine.state import DRAW, GameState

PLAYERS = 4
CHUNK = 5  # games per job


class Score(NamedTuple):
    hands: int = 0  # opponent hands judged
    brier: float = 0.0  # summed squared error of P(the hand beats mine)
    error: float = 0.0  # summed |mean sampled value - true value|
    bias: float = 0.0  # summed mean sampled value - true value

    def add(self, other: Score) -> Score:
        return Score(
            self.hands + other.hands,
            self.brier + other.brier,
            self.error + other.error,
            self.bias + other.bias,
        )

    def summary(self) -> str:
        n = max(1, self.hands)
        return (
            f"{self.hands} hands: Brier of 'beats mine' {self.brier / n:.4f}, "
            f"mean value off by {self.error / n:.2f} points (bias {self.bias / n:+.2f})"
        )


def score_games(job: tuple[Rules, int, int, int, bool]) -> Score:
    rules, games, worlds, seed, watch = job
    source = SeededDeckSource(seed)
    rng = random.Random(seed)
    params = KnockParams()
    score = Score()
    for _ in range(games):
        bots = [MediumBot(seed * 10 + seat) for seat in range(PLAYERS)]
        table = TableWatch(random.Random(seed), params) if watch else None
        state, _ = new_game(rules, PLAYERS, source)
        while state.turn is not None:
            seat = state.turn
            obs = observation(state, seat)
            if seat == 0 and state.phase == DRAW and obs.hand and rng.random() < 0.5:
                # The memory as the hard bot holds it when it decides (updating is
                # idempotent: `choose` below updates it again with the same view). A
                # copy, so that what the watch adds leaves the medium bot's games as
                # they are.
                bots[0].memory.update(obs)
                memory = copy.deepcopy(bots[0].memory)
                buried = table.buried(obs) if table is not None else None
                if buried:
                    memory.dead |= buried - set(obs.hand)
                sampler = WorldSampler(obs, memory, random.Random(rng.random()), params, table)
                if sampler.ok:
                    score = score.add(_judge(state, obs.hand, sampler, worlds))
            action = bots[seat].choose(obs)
            if table is not None:
                table.watch(obs if seat == 0 else observation(state, 0), seat, action)
            state, _ = apply_action(state, action)
    return score


def _judge(state: GameState, hand: tuple[Card, ...], sampler: WorldSampler, worlds: int) -> Score:
    rules = state.rules
    mine = strength(hand, rules)[0]
    sampled = [sampler.sample(i).hands for i in range(worlds)]
    score = Score()
    for seat in range(1, PLAYERS):
        if state.players[seat].out:
            continue
        true = strength(state.hands[seat], rules)[0]
        values = [strength(hands[seat], rules)[0] for hands in sampled]
        beats = sum(v > mine for v in values) / worlds
        mean = sum(values) / worlds
        score = score.add(Score(1, (beats - (true > mine)) ** 2, abs(mean - true), mean - true))
    return score


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.bots.calibration")
    parser.add_argument("--preset", default="scat", choices=sorted(PRESETS))
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--worlds", type=int, default=40, help="worlds per judged turn")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="processes to use")
    parser.add_argument(
        "--no-watch", action="store_true", help="guess without watching the other players' moves"
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.worlds < 1:
        parser.error("--games and --worlds must be at least 1")
    rules = Rules.preset(args.preset)
    jobs = [
        (
            rules,
            min(CHUNK, args.games - start),
            args.worlds,
            args.seed * 100_000 + start,
            not args.no_watch,
        )
        for start in range(0, args.games, CHUNK)
    ]
    started = time.perf_counter()
    total = Score()
    with Pool(args.jobs) as pool:
        for done, score in enumerate(pool.imap(score_games, jobs), 1):
            total = total.add(score)
            print(f"\r  {done}/{len(jobs)} chunks, {total.hands} hands", end="", flush=True)
    print(
        f"\n{args.preset}, {args.games} games: {total.summary()} "
        f"({time.perf_counter() - started:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
