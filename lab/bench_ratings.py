"""`python -m lab.bench_ratings`: does the rating predict, how fast does it rebuild, and
the bots' fixed ratings (docs/ratings.md#figures).

    python -m lab.bench_ratings bench              # 5,000 games (resumable), figures
    python -m lab.bench_ratings bench --games 500  # a quick look
    python -m lab.bench_ratings bots               # the table for ratings/bots.py

`bench` plays games between named bot "players" of the three levels (lab.rating_games;
12 players, three at a table, no database) into var/rating-games.jsonl, folds their
ratings with `ratings.fold` (the code the site rates with) and prints:

- after the first `--warmup` games, each level's mean μ and displayed rating, and
  whether they order hard > medium > easy;
- over the games after that, openskill's predicted win probability (taken before each
  game is rated) against how often the player won (a shared win counts 1/k): a
  reliability table, and the Brier score against a constant prediction (1/seats);
- the fold's speed: `ratings.fold.fold` (what `rebuild_ratings` runs between reading
  the results and writing the rows) over 100,000 synthetic four-seat games among 2,000
  players, on one core.

`bots` plays `--games` games per family among the named bots and prints each level's
fixed rating: μ and σ averaged over its named bots, shifted so medium sits at μ = 25.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from games.engine.bots.hard import BUDGET
from lab.rating_games import LEVELS, level_of, play, pool, read
from ratings.fold import MODEL, MU, Player, Record, Skill, State, fixed_skill, fold

GAMES_FILE = Path("var/rating-games.jsonl")
AT = datetime(2026, 1, 1, tzinfo=UTC)
FAMILY_PRESETS = {"lives": "scat", "points": "french_canadian", "banking": "banking"}
BINS = 10


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.bench_ratings")
    commands = parser.add_subparsers(dest="command", required=True)
    bench = commands.add_parser("bench", help="prediction and rebuild-speed figures")
    bench.add_argument("--games", type=int, default=5000)
    bench.add_argument("--warmup", type=int, default=1000)
    bench.add_argument("--file", type=Path, default=GAMES_FILE)
    bench.add_argument("--rebuild-games", type=int, default=100_000)
    bots = commands.add_parser("bots", help="the bots' fixed ratings, per family")
    bots.add_argument("--games", type=int, default=300)
    for sub in (bench, bots):
        sub.add_argument("--seats", type=int, default=3)
        sub.add_argument("--seed", type=int, default=1)
        sub.add_argument("--jobs", type=int, default=2)
        sub.add_argument(
            "--hard-budget",
            type=int,
            default=BUDGET,
            help="the hard bot's simulated moves per decision (default: its own; "
            "200 plays about four times faster, and measures as strong as medium)",
        )
    args = parser.parse_args(argv)
    try:
        return _bots(args) if args.command == "bots" else _bench(args)
    except ValueError as error:  # a games file of other settings
        parser.error(str(error))


def _play(path: Path, preset: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    settings = {"preset": preset, "seats": args.seats, "seed": args.seed}
    for count in play(path, args.games, hard_budget=args.hard_budget, jobs=args.jobs, **settings):
        sys.stderr.write(f"\r  {path.name}: {count}/{args.games} games ")
        sys.stderr.flush()
    sys.stderr.write("\n")
    return read(path)[: args.games]


def records(games: Iterable[dict[str, Any]], family: str = "lives") -> list[Record]:
    """The played games as the fold's records: each named player a person (by pool index)."""
    index = {name: n for n, name in enumerate(pool())}
    return [
        Record(
            game_id=g["game"],
            family=family,
            finished_at=AT,
            players=tuple(
                Player(place=place, user_id=index[name])
                for name, place in zip(g["players"], g["places"], strict=True)
            ),
        )
        for g in games
    ]


def level_table(state: State, family: str = "lives") -> dict[str, tuple[float, float, float]]:
    """Each level's mean μ, mean σ and mean displayed rating over its named players."""
    found: dict[str, tuple[float, float, float]] = {}
    for level in LEVELS:
        skills = [
            state.get((family, n), Skill())
            for n, name in enumerate(pool())
            if level_of(name) == level
        ]
        found[level] = (
            statistics.fmean(s.mu for s in skills),
            statistics.fmean(s.sigma for s in skills),
            statistics.fmean(s.displayed for s in skills),
        )
    return found


def _bench(args: argparse.Namespace) -> int:
    games = _play(args.file, "scat", args)
    if len(games) <= args.warmup:
        print(f"Only {len(games)} games: need more than --warmup {args.warmup}.")
        return 1
    all_records = records(games)
    state: State = {}
    list(fold(all_records[: args.warmup], state))
    levels = level_table(state)
    print(f"{len(games)} Scat games, {args.seats} seats, among {len(pool())} named bots")
    print(f"(hard bot budget {args.hard_budget}, seed {args.seed}).\n")
    print(f"After the first {args.warmup} games:")
    print("  level    mean mu  mean sigma  mean displayed")
    for level, (mu, sigma, shown) in levels.items():
        print(f"  {level:<7} {mu:8.2f} {sigma:10.2f} {shown:14.0f}")
    ordered = levels["hard"][0] > levels["medium"][0] > levels["easy"][0]
    print(f"  hard > medium > easy: {'yes' if ordered else 'NO'}\n")
    predictions = _predict(all_records[args.warmup :], state)
    _reliability(predictions, len(games) - args.warmup)
    means = ", ".join(f"{level} {mu:.2f}" for level, (mu, _, _) in level_table(state).items())
    print(f"Mean mu after all {len(games)} games: {means}.\n")
    _rebuild_speed(args.rebuild_games)
    return 0


def _predict(later: Sequence[Record], state: State) -> list[tuple[float, float, int]]:
    """(predicted win probability, observed win share, seats) for each seat of `later`,
    predicted from the ratings before each game, which is then rated."""
    out = []
    for record in later:
        teams = [
            [MODEL.rating(mu=s.mu, sigma=s.sigma)]
            for s in (_skill_before(state, record, p) for p in record.players)
        ]
        chances = MODEL.predict_win(teams)
        winners = sum(p.place == 1 for p in record.players)
        for player, chance in zip(record.players, chances, strict=True):
            won = 1 / winners if player.place == 1 else 0.0
            out.append((chance, won, len(record.players)))
        list(fold([record], state))
    return out


def _skill_before(state: State, record: Record, player: Player) -> Skill:
    """`player`'s rating before `record`, as `fold` reads it (here every seat is a
    named bot rated as a person, with a user id)."""
    if player.user_id is None:
        return fixed_skill(player, record.family)
    return state.get((record.family, player.user_id), Skill())


def _reliability(predictions: list[tuple[float, float, int]], games: int) -> None:
    print(f"Predicted win probability against wins, over the next {games} games:")
    print("  predicted   seats  mean predicted  observed")
    for b in range(BINS):
        low, high = b / BINS, (b + 1) / BINS
        inside = [
            (p, y) for p, y, _ in predictions if low <= p < high or (b == BINS - 1 and p == 1)
        ]
        if inside:
            mean_p = statistics.fmean(p for p, _ in inside)
            observed = statistics.fmean(y for _, y in inside)
            print(f"  {low:.1f}-{high:.1f}  {len(inside):7d}  {mean_p:14.3f}  {observed:8.3f}")
    brier = statistics.fmean((p - y) ** 2 for p, y, _ in predictions)
    constant = statistics.fmean((1 / n - y) ** 2 for _, y, n in predictions)
    print(f"  Brier score: {brier:.4f}; constant 1/seats: {constant:.4f}; ", end="")
    print(f"skill 1 - B/B0 = {1 - brier / constant:.3f}\n")


def synthetic(games: int, players: int = 2000, seed: int = 1) -> list[Record]:
    """Four-seat games among `players` people, now and then with a bot, a tie or a
    player the bot played for: the shapes the site's results take."""
    rng = random.Random(seed)
    out = []
    for g in range(games):
        seated = rng.sample(range(players), 4)
        places = [1, 2, 3, 4]
        if rng.random() < 0.2:
            places = [1, 2, 2, 4]
        rng.shuffle(places)
        seats = [
            Player(
                place=places[0], user_id=seated[0], bot_moves=rng.choice((0, 0, 0, 12)), moves=40
            )
        ]
        seats += [Player(place=places[s], user_id=seated[s]) for s in (1, 2)]
        if rng.random() < 0.3:
            seats.append(Player(place=places[3], bot_level=rng.choice(LEVELS)))
        else:
            seats.append(Player(place=places[3], user_id=seated[3]))
        out.append(Record(game_id=g, family="lives", finished_at=AT, players=tuple(seats)))
    return out


def _rebuild_speed(games: int) -> None:
    """The fold's speed, by the clock and by this process's CPU time (the same on an
    idle machine; on a busy one the CPU time is the one-core figure)."""
    made = synthetic(games)
    started, cpu = time.perf_counter(), time.process_time()
    count = sum(1 for _ in fold(made, {}))
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    print(f"Rebuild fold (ratings.fold.fold, one process), {count:,} synthetic four-seat games")
    print(f"among 2,000 players: {cpu:.1f} s of CPU, {count / cpu:,.0f} games/s")
    print(f"({seconds:.1f} s by the clock, {count / seconds:,.0f} games/s).")


def _bots(args: argparse.Namespace) -> int:
    print("BOT_RATINGS = {")
    for family, preset in FAMILY_PRESETS.items():
        # Scat's are the bench's games (the same settings), when it has played them.
        path = GAMES_FILE if preset == "scat" else GAMES_FILE.with_name(f"bot-games-{preset}.jsonl")
        games = _play(path, preset, args)
        state: State = {}
        list(fold(records(games, family), state))
        levels = level_table(state, family)
        shift = MU - levels["medium"][0]
        cells = ", ".join(
            f'"{level}": ({mu + shift:.2f}, {sigma:.2f})'
            for level, (mu, sigma, _) in levels.items()
        )
        print(f'    "{family}": {{{cells}}},  # {len(games)} games of {preset}')
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
