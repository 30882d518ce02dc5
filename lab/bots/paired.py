"""Compare two bots on the same deals, a round at a time (how docs/bots.md's hard-bot
experiments were measured):

    python -m lab.bots.paired --level hard --preset scat --rounds 300 --players 4

Each round is dealt twice from the same seed and standings: once with the bot under
test in seat 1, once with a medium bot there, against medium bots in the other seats
(`--players 2`: the heads-up rounds that end a game, where the hard bot gains most,
docs/bots.md). Bots that watch the table are shown every move. Rounds in which both
make the same moves come out the same, so the difference in seat 1's
equity at the round's end (`equity`: its lives, points or chips, squared, over
everyone's) measures the bot's moves with far less noise than whole games. Prints the
mean difference with its standard error as it goes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

from games.engine.actions import Action
from games.engine.bots import LEVELS, make_bot
from games.engine.bots.rollout import final_equity
from games.engine.game import new_game
from games.engine.randomness import SeededDeckSource
from games.engine.rules import PRESETS, Rules
from games.engine.state import GameState, PlayerState
from lab.simulate import play_move


def round_moves(
    rules: Rules, seed: int, standings: tuple[PlayerState, ...], first: Any
) -> Iterator[tuple[int, Action, GameState]]:
    """Play one round from `standings` (one per player) with `first` in seat 0 and
    medium bots in the others: each move as the seat, its action and the state after
    (the last one the state after the round)."""
    players = len(standings)
    state, _ = new_game(rules, players, SeededDeckSource(seed))
    state = state._replace(players=standings)
    bots = [first] + [make_bot("medium", seed * 10 + s) for s in range(1, players)]
    round_no = state.round_no
    while state.turn is not None and state.round_no == round_no:
        seat = state.turn
        action, state, _ = play_move(bots, state)
        yield seat, action, state


def play_round(rules: Rules, seed: int, standings: tuple[PlayerState, ...], first: Any) -> float:
    """Seat 0's equity after one round from `standings`, with `first` in seat 0."""
    state = list(round_moves(rules, seed, standings, first))[-1][2]
    return final_equity(state, 0)


def random_standings(rules: Rules, rng: random.Random, players: int) -> tuple[PlayerState, ...]:
    """Standings as they are met in games: lives from full down to the county."""
    lives = [rng.choice(range(rules.lives + 1)) for _ in range(players)]
    return tuple(PlayerState(life, 0, rules.chips) for life in lives)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.bots.paired")
    parser.add_argument("--level", default="hard", choices=sorted(LEVELS))
    parser.add_argument(
        "--options", default="{}", help='bot options as JSON, e.g. {"budget": 8000}'
    )
    parser.add_argument("--preset", default="scat", choices=sorted(PRESETS))
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--players", type=int, default=4, help="players at the table")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        options = json.loads(args.options)
        make_bot(args.level, 0, **options)
    except (ValueError, TypeError) as error:
        parser.error(f"--options: {error}")
    rules = Rules.preset(args.preset)
    if not 2 <= args.players <= rules.max_players:
        parser.error(f"--players must be 2 to {rules.max_players} for {args.preset}")
    if args.rounds < 2:
        parser.error("--rounds must be at least 2")
    rng = random.Random(args.seed)
    diffs: list[float] = []
    started = time.perf_counter()
    for i in range(args.rounds):
        standings = random_standings(rules, rng, args.players)
        seed = args.seed * 100_000 + i
        tested = play_round(rules, seed, standings, make_bot(args.level, seed, **options))
        medium = play_round(rules, seed, standings, make_bot("medium", seed))
        diffs.append(tested - medium)
        if (i + 1) % 50 == 0 or i + 1 == args.rounds:
            print(_summary(diffs, args.level, time.perf_counter() - started), flush=True)
    return 0


def _summary(diffs: list[float], level: str, seconds: float) -> str:
    n = len(diffs)
    mean = sum(diffs) / n
    error = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
    changed = sum(1 for d in diffs if d) / n
    return (
        f"{n} rounds: {level} minus medium, seat 1's equity {mean:+.4f} ± {error:.4f} "
        f"(one standard error); rounds that came out differently {changed:.0%} ({seconds:.0f} s)"
    )


if __name__ == "__main__":
    sys.exit(main())
