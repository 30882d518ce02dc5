"""Games between named bot "players" for the ratings benchmark (`lab.bench_ratings`).

A pool of named players, `PLAYERS_PER_LEVEL` of each bot level (easy-1 … hard-4), sits
down `seats` at a time, drawn at random; each game is played by new bots of the
players' levels and its places are read by `games.results.compute`, as the site does.
No database: the engine and the bots only.

Game `i` is fixed by the seed and `i` alone (who sits where, the decks, the bots'
seeds), so the games are the same whatever the number of worker processes, and a run
appends them to a JSON-lines file in order: an interrupted run resumes where it stopped.
The hard bot searches `hard_budget` simulated moves a decision (its own default, 8,000
with a 0.2 s limit, makes a three-seat game take about 6 s; 200, about 1.5 s).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any

from games.engine.bots import make_bot
from games.engine.game import new_game
from games.engine.randomness import SeededDeckSource
from games.engine.rules import Rules
from games.results import compute
from lab.simulate import play_move

LEVELS = ("easy", "medium", "hard")
PLAYERS_PER_LEVEL = 4
CHUNK = 5  # games per piece of work handed to a worker


def pool() -> list[str]:
    """The named players: easy-1 … easy-4, medium-1 …, hard-1 …"""
    return [f"{level}-{n}" for level in LEVELS for n in range(1, PLAYERS_PER_LEVEL + 1)]


def level_of(name: str) -> str:
    return name.rpartition("-")[0]


@dataclass(frozen=True)
class Job:
    preset: str
    seats: int
    seed: int
    hard_budget: int
    first: int
    count: int


def play_one(preset: str, seats: int, seed: int, index: int, hard_budget: int) -> dict[str, Any]:
    """Game `index`: who played (in seat order) and their places (1 = best, ties share)."""
    names = random.Random(seed * 1_000_003 + index).sample(pool(), seats)
    bots = []
    for seat, name in enumerate(names):
        # No clock: on a busy machine the hard bot's 0.2 s cut-off would weaken it by
        # the load; its budget of simulated moves alone decides how hard it thinks.
        options = {"budget": hard_budget, "max_seconds": None} if level_of(name) == "hard" else {}
        bots.append(make_bot(level_of(name), seed=index * 10 + seat, **options))
    rules = Rules.preset(preset)
    state, events = new_game(rules, seats, SeededDeckSource(seed * 100_000 + index))
    log = list(events)
    while state.turn is not None:
        _, state, events = play_move(bots, state)
        log.extend(events)
    rows = [(e.kind, e.seat, e.data, False) for e in log]
    places = [r.place for r in compute(state, rows, ended_early=False)]
    return {"game": index, "players": names, "places": places}


def _play_chunk(job: Job) -> list[dict[str, Any]]:
    return [
        play_one(job.preset, job.seats, job.seed, i, job.hard_budget)
        for i in range(job.first, job.first + job.count)
    ]


def play(
    path: Path, games: int, *, preset: str, seats: int, seed: int, hard_budget: int, jobs: int
) -> Iterator[int]:
    """Append games to `path` (JSON lines) until it holds `games`; yields the count as it
    grows. A file of another run (other settings) is refused rather than mixed in."""
    header = {"preset": preset, "seats": seats, "seed": seed, "hard_budget": hard_budget}
    done = read(path, header)
    if not done:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(header) + "\n")
    starts = range(len(done), games, CHUNK)
    work = [Job(preset, seats, seed, hard_budget, s, min(CHUNK, games - s)) for s in starts]
    count = len(done)
    yield count
    with path.open("a") as out:
        for chunk in _run(work, jobs):
            for game in chunk:
                out.write(json.dumps(game) + "\n")
            out.flush()
            count += len(chunk)
            yield count


def _run(work: Sequence[Job], jobs: int) -> Iterator[list[dict[str, Any]]]:
    if jobs == 1:
        yield from map(_play_chunk, work)
        return
    with get_context("spawn").Pool(jobs) as workers:
        yield from workers.imap(_play_chunk, work)


def read(path: Path, header: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The games stored in `path` (none if there is no file); with `header`, the file
    must have been written with those settings."""
    if not path.exists():
        return []
    lines = path.read_text().splitlines()
    if header is not None and lines and json.loads(lines[0]) != header:
        raise ValueError(f"{path} holds games of other settings: {lines[0]}")
    return [json.loads(line) for line in lines[1:] if line.strip()]
