"""Do the collusion signals find colluding bots, and leave honest ones alone?

    python -m lab.collusion --games 1000 --seed 1        (make bench-collusion)

Two fields of four-player games (Scat by default), each scored by the site's own code
(`fairplay.collusion`): an honest one, where `--pool` medium bots meet at random, and a
colluding one, where each game seats one of `--pairs` pairs of colluding bots
(`lab.bots.collude`: they feed and spare each other) with two honest bots from a pool
of 40. Prints the detection rate (colluding pairs flagged) after 1/4, 1/2 and all of
their games, and the false-positive rate (honest pairs flagged) of the honest field,
each with a 95% Wilson interval, and how honest pairs' p-values compare with the
thresholds they would cross by chance. The review's signal (`THROW`) needs the bots'
review of every game and is left out here.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Hashable, Sequence

from fairplay.collusion import facts, stats
from games.engine.bots import MediumBot
from games.engine.events import Event
from games.engine.game import apply_action, new_game
from games.engine.observation import observation
from games.engine.randomness import SeededDeckSource
from games.engine.rules import PRESETS, Rules
from lab.bots.collude import ColludingBot
from lab.simulate import wilson_interval

Player = str
Game = tuple[list[stats.Count], list[Player]]


def play(
    rules: Rules,
    seed: int,
    players: Sequence[Player],
    partners: dict[Player, Player],
    rate: float = 1.0,
) -> Game:
    """One game with `players` in seat order (a player in `partners` colludes with its
    partner, helping at `rate` of the chances); the signals' counts by person, and who
    played."""
    seats = {name: seat for seat, name in enumerate(players)}
    bots: list[MediumBot | ColludingBot] = [
        ColludingBot(seed * 10 + s, seats[partners[name]], rate=rate)
        if name in partners
        else MediumBot(seed * 10 + s)
        for s, name in enumerate(players)
    ]
    state, events = new_game(rules, len(players), SeededDeckSource(seed))
    log: list[Event] = list(events)
    while state.turn is not None and not state.is_over:
        seat = state.turn
        obs = observation(state, seat)
        bot = bots[seat]
        action = (
            bot.choose_knowing(state, obs) if isinstance(bot, ColludingBot) else bot.choose(obs)
        )
        state, events = apply_action(state, action)
        log += events
    tally: Counter[tuple[Player, Player, str]] = Counter()
    hits: Counter[tuple[Player, Player, str]] = Counter()
    for sighting in facts.sightings(log, range(len(players))):
        key = (players[sighting.actor], players[sighting.partner], sighting.signal)
        tally[key] += 1
        hits[key] += sighting.hit
    counts = [stats.Count(a, b, s, n, hits[(a, b, s)]) for (a, b, s), n in tally.items()]
    return counts, list(players)


def score(games: Sequence[Game]) -> list[stats.PairScore]:
    together: Counter[frozenset[Hashable]] = Counter()
    counts: list[stats.Count] = []
    for found, players in games:
        counts += found
        for i, a in enumerate(players):
            for b in players[i + 1 :]:
                together[frozenset((a, b))] += 1
    return stats.pair_scores(counts, together)


Pick = Callable[[int], tuple[list[Player], dict[Player, Player]]]


def field(
    rules: Rules, games: int, seed: int, pick: Pick, label: str, rate: float = 1.0
) -> list[Game]:
    """`games` games, the g-th seating `pick(g)`, with progress on stderr."""
    played = []
    started = time.perf_counter()
    for g in range(games):
        players, partners = pick(g)
        played.append(play(rules, seed * 100_000 + g, players, partners, rate))
        if (g + 1) % 100 == 0 or g + 1 == games:
            speed = (g + 1) / (time.perf_counter() - started)
            print(f"  {label}: {g + 1}/{games} games ({speed:.0f}/s)", file=sys.stderr, flush=True)
    return played


def rate_line(label: str, hits: int, trials: int) -> str:
    share, low, high = wilson_interval(hits, trials)
    return f"{label}: {hits} of {trials} = {share:.1%} (95% CI {low:.1%} to {high:.1%})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.collusion")
    parser.add_argument("--preset", default="scat", choices=sorted(PRESETS))
    parser.add_argument("--games", type=int, default=1000, help="games in each field")
    parser.add_argument("--pool", type=int, default=24, help="honest players in the honest field")
    parser.add_argument("--pairs", type=int, default=50, help="colluding pairs")
    parser.add_argument(
        "--rates",
        type=float,
        nargs="+",
        default=[1.0, 0.3],
        help="shares of their chances at which the colluders help (one field each)",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.games < args.pairs or args.pool < 4 or args.pairs < 1:
        parser.error("--games must be at least --pairs, --pool at least 4, --pairs at least 1")
    rules = Rules.preset(args.preset)
    rng = random.Random(args.seed)
    honest_pool = [f"h{i}" for i in range(args.pool)]

    def honest(_: int) -> tuple[list[Player], dict[Player, Player]]:
        return rng.sample(honest_pool, 4), {}

    others = [f"o{i}" for i in range(40)]

    def colluding(g: int) -> tuple[list[Player], dict[Player, Player]]:
        a, b = f"c{g % args.pairs}a", f"c{g % args.pairs}b"
        players = [a, b, *rng.sample(others, 2)]
        rng.shuffle(players)
        return players, {a: b, b: a}

    started = time.perf_counter()
    print(f"{args.preset}, 4 players, seed {args.seed}", file=sys.stderr)
    honest_games = field(rules, args.games, args.seed, honest, "honest field")
    honest_scores = [s for s in score(honest_games) if s.games >= stats.MIN_GAMES]
    met = Counter(frozenset(p) for _, players in honest_games for p in _pairs(players))
    print(f"\nalpha {stats.ALPHA}, at least {stats.MIN_GAMES} games together")
    print(
        rate_line(
            f"honest pairs flagged ({args.games} games of {args.pool} players, "
            f"median {sorted(met.values())[len(met) // 2]} games a pair)",
            sum(s.flagged for s in honest_scores),
            len(honest_scores),
        )
    )
    for threshold in (0.01, 0.05):
        below = sum(s.p_value < threshold for s in honest_scores)
        print(
            f"  honest pairs with p < {threshold}: {below} of {len(honest_scores)} "
            f"(by chance about {threshold:.0%} or fewer)"
        )
    print(f"  hit rates: {_rates(honest_games, lambda a, b: True)}")
    per_pair = args.games // args.pairs
    colluders = [frozenset((f"c{i}a", f"c{i}b")) for i in range(args.pairs)]
    for rate in args.rates:
        label = f"colluding field, helping at {rate:.0%} of chances"
        games_played = field(rules, args.games, args.seed + 1, colluding, label, rate)
        print(f"colluding pairs helping at {rate:.0%} of their chances:")
        for part in (4, 2, 1):
            scores = {s.pair: s for s in score(games_played[: args.games // part])}
            flagged = sum(scores[p].flagged for p in colluders if p in scores)
            print(
                "  "
                + rate_line(f"flagged after {per_pair // part} games each", flagged, args.pairs)
            )
        scores = {s.pair: s for s in score(games_played)}
        wrong = sum(s.flagged for p, s in scores.items() if p not in colluders)
        print(f"  other pairs of that field flagged: {wrong}")
        print(f"  hit rates between partners: {_rates(games_played, _partners)}")
    print(f"in {time.perf_counter() - started:.0f} s")
    return 0


def _partners(a: Hashable, b: Hashable) -> bool:
    return str(a).startswith("c") and str(a)[:-1] == str(b)[:-1]


def _rates(games: Sequence[Game], keep: Callable[[Hashable, Hashable], bool]) -> str:
    """Each signal's hits over opportunities between the pairs `keep` keeps."""
    parts = []
    for signal in (facts.FEED, facts.SPARE):
        n = sum(
            c.opportunities
            for g, _ in games
            for c in g
            if c.signal == signal and keep(c.actor, c.partner)
        )
        k = sum(
            c.hits for g, _ in games for c in g if c.signal == signal and keep(c.actor, c.partner)
        )
        parts.append(f"{signal} {k}/{n} = {k / n:.1%}" if n else f"{signal} none")
    return ", ".join(parts)


def _pairs(players: Sequence[Player]) -> list[tuple[Player, Player]]:
    return [(a, b) for i, a in enumerate(players) for b in players[i + 1 :]]


if __name__ == "__main__":
    raise SystemExit(main())
