"""Play many games between bots, fast, and count what happened.

    python -m lab simulate --preset scat --players 4 --games 10000 --seed 1

Prints progress while it runs and a summary at the end (or JSON with --json): games,
rounds, each seat's wins with a 95% confidence interval, average turns per round, and
rounds per second.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Any, Protocol

from games.engine.actions import Action
from games.engine.bots import make_bot
from games.engine.events import Event
from games.engine.game import apply_action, new_game
from games.engine.observation import Observation, observation
from games.engine.randomness import SeededDeckSource
from games.engine.rules import Rules


class Bot(Protocol):
    name: str

    def choose(self, obs: Observation) -> Action: ...


@dataclass
class Tally:
    seats: int
    games: int = 0
    rounds: int = 0
    turns: int = 0
    drawn_games: int = 0
    wins: list[float] = field(default_factory=list)  # a shared (drawn) win counts a fraction
    seconds: float = 0.0

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.seats

    def win_share(self, seat: int) -> tuple[float, float, float]:
        """Share of games won by `seat` with a 95% Wilson score interval."""
        return wilson_interval(self.wins[seat], self.games)

    def as_dict(self, bot_names: Sequence[str]) -> dict[str, Any]:
        seats = []
        for seat in range(self.seats):
            share, low, high = self.win_share(seat)
            seats.append(
                {
                    "seat": seat,
                    "bot": bot_names[seat],
                    "wins": self.wins[seat],
                    "share": share,
                    "ci95": [low, high],
                }
            )
        return {
            "games": self.games,
            "rounds": self.rounds,
            "drawn_games": self.drawn_games,
            "turns_per_round": self.turns / self.rounds if self.rounds else 0.0,
            "rounds_per_second": self.rounds / self.seconds if self.seconds else 0.0,
            "seconds": self.seconds,
            "fair_share": 1 / self.seats,
            "seats": seats,
        }


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float, float]:
    if trials == 0:
        return 0.0, 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return p, max(0.0, centre - margin), min(1.0, centre + margin)


def play_game(
    rules: Rules, bots: Sequence[Bot], deck_source: Any, max_actions: int = 1_000_000
) -> tuple[Any, int, int]:
    """One whole game; returns the final state, the rounds played and the turns taken."""
    state, _ = new_game(rules, len(bots), deck_source)
    watchers = _watchers(bots)
    actions = 0
    turns = 0
    turn_ending = _TURN_ENDING
    while state.turn is not None:
        # `play_move`, with the bots that watch the table found once a game.
        seat = state.turn
        action = bots[seat].choose(observation(state, seat))
        if watchers:
            _show(watchers, state, seat, action)
        state, events = apply_action(state, action)
        for event in events:
            if event.kind in turn_ending:
                turns += 1
        actions += 1
        if actions > max_actions:
            raise RuntimeError("A game went on for more than a million moves.")
    return state, state.round_no, turns


def play_move(bots: Sequence[Bot], state: Any) -> tuple[Action, Any, list[Event]]:
    """The seat to move chooses from its observation, the bots that watch the table are
    shown the move, and it is applied: the move, the new state and its events."""
    seat = state.turn
    action = bots[seat].choose(observation(state, seat))
    show_move(bots, state, seat, action)
    state, events = apply_action(state, action)
    return action, state, events


def show_move(bots: Sequence[Bot], state: Any, seat: int, action: Any) -> None:
    """Show `seat`'s move in `state` to every other bot that watches the table (the
    hard bot), each with its own view before the move, as a player sees it."""
    _show(_watchers(bots), state, seat, action)


def _watchers(bots: Sequence[Bot]) -> list[tuple[int, Any]]:
    """The seats whose bots watch the table, with their `watch`."""
    return [(seat, bot.watch) for seat, bot in enumerate(bots) if hasattr(bot, "watch")]


def _show(watchers: list[tuple[int, Any]], state: Any, seat: int, action: Any) -> None:
    for other, watch in watchers:
        if other != seat:
            watch(observation(state, other), seat, action)


# One of these ends each turn (a draw is followed by a discard).
_TURN_ENDING = frozenset({"discarded", "knocked", "stood", "exchanged", "thrown_down", "passed"})


def simulate(
    rules: Rules,
    bots: Sequence[Bot],
    games: int,
    seed: int,
    progress: Callable[[Tally], None] | None = None,
    progress_every: float = 1.0,
) -> Tally:
    tally = Tally(seats=len(bots))
    source = SeededDeckSource(seed)
    started = last_report = time.perf_counter()
    for _ in range(games):
        state, rounds, turns = play_game(rules, bots, source)
        tally.games += 1
        tally.rounds += rounds
        tally.turns += turns
        winners = state.outcome.winners
        if len(winners) > 1:
            tally.drawn_games += 1
        for seat in winners:
            tally.wins[seat] += 1 / len(winners)
        now = time.perf_counter()
        tally.seconds = now - started
        if progress and now - last_report >= progress_every:
            progress(tally)
            last_report = now
    tally.seconds = time.perf_counter() - started
    return tally


def merge(tallies: Sequence[Tally]) -> Tally:
    """One tally of several (the chunks of `simulate_chunks`). Its `seconds` are left
    at zero for the caller, who knows the wall time the chunks took together."""
    total = Tally(seats=tallies[0].seats)
    for part in tallies:
        total.games += part.games
        total.rounds += part.rounds
        total.turns += part.turns
        total.drawn_games += part.drawn_games
        total.wins = [a + b for a, b in zip(total.wins, part.wins, strict=True)]
    return total


CHUNK_GAMES = 25  # games per piece of work handed to a worker process


def play_chunk(job: tuple[Rules, tuple[str, ...], int, int]) -> Tally:
    """`games` games between new bots of `levels`, from `seed` (run in a worker)."""
    rules, levels, games, seed = job
    bots = [make_bot(level, seed=seed * 100 + seat) for seat, level in enumerate(levels)]
    return simulate(rules, bots, games, seed)


def simulate_chunks(
    rules: Rules,
    levels: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[Tally], None] | None = None,
) -> Tally:
    """Like `simulate`, with the games split into chunks of `CHUNK_GAMES`, each played
    by new bots from its own seed (`seed * 100_000 + i`), in this process or in `jobs`
    worker processes. The chunks are the same whatever `jobs` is, so a run is repeatable
    for the same `games` and `seed` on any number of cores (the hard bot's safety time
    limit aside)."""
    sizes = [CHUNK_GAMES] * (games // CHUNK_GAMES)
    if games % CHUNK_GAMES:
        sizes.append(games % CHUNK_GAMES)
    work = [(rules, tuple(levels), n, seed * 100_000 + i) for i, n in enumerate(sizes)]
    done: list[Tally] = []
    started = time.perf_counter()

    def collect(parts: Iterable[Tally]) -> Tally:
        for part in parts:
            done.append(part)
            if progress:
                tally = merge(done)
                tally.seconds = time.perf_counter() - started
                progress(tally)
        tally = merge(done)
        tally.seconds = time.perf_counter() - started
        return tally

    if jobs == 1:
        return collect(map(play_chunk, work))
    with get_context("spawn").Pool(jobs) as pool:
        return collect(pool.imap_unordered(play_chunk, work))


def report(tally: Tally, bot_names: Sequence[str], rules_name: str) -> str:
    data = tally.as_dict(bot_names)
    lines = [
        f"{rules_name}: {tally.games} games, {tally.rounds} rounds "
        f"({tally.drawn_games} games drawn) in {tally.seconds:.1f} s",
        f"  {data['turns_per_round']:.1f} turns per round, "
        f"{data['rounds_per_second']:.0f} rounds per second",
        f"  fair share of wins: {data['fair_share']:.1%}",
    ]
    for seat in data["seats"]:
        low, high = seat["ci95"]
        lines.append(
            f"  seat {seat['seat'] + 1} ({seat['bot']}): {seat['wins']:g} wins, "
            f"{seat['share']:.1%} (95% CI {low:.1%} to {high:.1%})"
        )
    return "\n".join(lines)


def print_progress(tally: Tally, total: int) -> None:
    rate = tally.rounds / tally.seconds if tally.seconds else 0
    sys.stderr.write(
        f"\r  {tally.games}/{total} games, {tally.rounds} rounds, {rate:.0f} rounds/s "
    )
    sys.stderr.flush()
