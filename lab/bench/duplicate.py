"""How much luck duplicate scoring takes out of 31 (issue 24's duplicate figure).

An event: 16 players at 4 tables of 4 seats, 4 rounds of 4 boards (16 boards), the
seats rotated each round (`rotation` with tables moving, so every player holds every
seat once and meets more players). Every seat is the same bot level; each player is
their own bot, seeded by the event and the player, so players differ only by the
bot's random choices and by luck.

- **Duplicate**: a board is one deal (a deck order drawn from the event's seed and a
  dealer seat, `board % 4`), dealt with `FixedDecks` to every table, everyone starting
  it with the rules' lives. Each result (lives lost, then hand value) is compared with
  the same seat at the other tables: matchpoint percentages
  (`tournaments.formats.duplicate.matchpoints`).
- **Random deals**: the same event, but each table gets its own deck for every board.
  Scored two ways: the same matchpoint percentages (seat k compared with seat k at the
  other tables, who held other cards), and plain lives kept (the rules' lives minus the
  lives lost, added up over the 16 deals).

With identical bots no player is better than another, so every bit of spread between
the players' scores in an event is luck (the cards, and the bots' own coin flips).
"""

from __future__ import annotations

import random
import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any

from games.engine.actions import Action
from games.engine.bots import make_bot
from games.engine.bots.medium import MediumBot
from games.engine.cards import full_deck
from games.engine.game import new_game
from games.engine.observation import Observation
from games.engine.randomness import FixedDecks
from games.engine.rules import Rules
from games.engine.state import DISCARD
from lab.simulate import play_move
from tournaments.formats.duplicate.matchpoints import Result, percentages, rotation

RULES = Rules.preset("scat")
TABLES = 4
SEATS = 4
ROUNDS = 4
BOARDS_PER_ROUND = 4


class SlippingMedium(MediumBot):
    """The medium bot, but a share `slips` of its discards is a random card instead of
    its choice (a person's slip of attention). The medium bot draws no random numbers,
    so at 0 every table given the same cards plays them the same way."""

    def __init__(self, seed: int = 0, slips: float = 0.0) -> None:
        super().__init__(seed)
        self.slips = slips
        self._random = random.Random(seed)

    def decide(self, obs: Observation) -> Action:
        if obs.phase == DISCARD and len(obs.legal) > 1 and self._random.random() < self.slips:
            return self._random.choice([a for a in obs.legal if not getattr(a, "knock", False)])
        return super().decide(obs)


# The fields measured: every seat the same kind of bot, each player its own seed.
FIELDS: dict[str, Callable[[int], Any]] = {
    "medium": lambda seed: make_bot("medium", seed=seed),
    "medium, 5% slips": lambda seed: SlippingMedium(seed, 0.05),
    "medium, 20% slips": lambda seed: SlippingMedium(seed, 0.20),
    "easy": lambda seed: make_bot("easy", seed=seed),
}


def play_board(
    players: Sequence[int], deck: tuple, dealer: int, bot_seed: int, field: str
) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """One deal from `deck` with `dealer`: lives lost and hand values per seat; each
    player's bot is seeded by `bot_seed` and the player."""
    names = [f"P{p}" for p in players]
    state, _ = new_game(RULES, names, FixedDecks([deck]), dealer=dealer)
    bots = [FIELDS[field](bot_seed * 1000 + p) for p in players]
    while state.last_round is None:
        _, state, _ = play_move(bots, state)
    result = state.last_round
    return result.lives_lost, tuple(v or 0.0 for v in result.values)


def event(seed: int, duplicate: bool, field: str) -> list[Result[int]]:
    """Every seat's result on every board of one event."""
    start = [[t * SEATS + s for s in range(SEATS)] for t in range(TABLES)]
    schedule = rotation(start, ROUNDS, move_tables=True)
    results = []
    for board in range(ROUNDS * BOARDS_PER_ROUND):
        tables = schedule[board // BOARDS_PER_ROUND]
        for t, players in enumerate(tables):
            deck_seed = f"{seed}-{board}" if duplicate else f"{seed}-{board}-{t}"
            deck = list(full_deck(RULES.jokers))
            random.Random(deck_seed).shuffle(deck)
            # The bots' coin flips differ by player and board, never by the kind of event.
            lost, values = play_board(
                players, tuple(deck), board % SEATS, seed * 100 + board, field
            )
            for seat, player in enumerate(players):
                results.append(Result(board, t, seat, player, lost[seat], values[seat]))
    return results


def lives_kept(results: Sequence[Result[int]]) -> dict[int, int]:
    kept: dict[int, int] = {}
    for r in results:
        kept[r.player] = kept.get(r.player, 0) + RULES.lives - r.lives_lost
    return kept


def against_the_field(results: Sequence[Result[int]]) -> dict[int, float]:
    """Lives kept on each board minus the average kept by the same seat at the other
    tables, added up per player: a score in lives, like lives kept, that compares each
    result only with its own comparison (what duplicate scoring does, before ranks)."""
    groups: dict[tuple[int, int], list[Result[int]]] = defaultdict(list)
    for r in results:
        groups[r.board, r.seat].append(r)
    score: dict[int, float] = defaultdict(float)
    for group in groups.values():
        for r in group:
            others = [o.lives_lost for o in group if o is not r]
            score[r.player] += statistics.fmean(others) - r.lives_lost
    return dict(score)


def deciles(values: Sequence[float]) -> str:
    return " ".join(f"{d:.1f}" for d in statistics.quantiles(values, n=10, method="inclusive"))


SCORES = {
    "dup_mp": "duplicate boards, matchpoint %",
    "rnd_mp": "random deals, matchpoint %",
    "dup_field": "duplicate boards, lives vs same seat",
    "rnd_field": "random deals, lives vs same seat",
    "lives": "random deals, lives kept",
}


def spread(per_event: list[list[float]]) -> tuple[float, float]:
    """The std dev and the range among an event's players, averaged over events."""
    sd = statistics.fmean(statistics.pstdev(e) for e in per_event)
    return sd, statistics.fmean(max(e) - min(e) for e in per_event)


def figures(events: int, say: Callable[[str], None]) -> list[str]:
    """Play `events` events each way for every field; print progress; return the
    summary lines."""
    boards = ROUNDS * BOARDS_PER_ROUND
    lines = [
        f"Duplicate: {TABLES} tables x {SEATS} seats, {boards} boards ({ROUNDS} rounds of"
        f" {BOARDS_PER_ROUND}, seats rotated), one bot kind in every seat, {events} events"
        f" each way per field. Spread = std dev / range among the {TABLES * SEATS} players"
        " of an event, averaged over events; deciles over all players of all events."
    ]
    for field in FIELDS:
        scores: dict[str, list[list[float]]] = {key: [] for key in SCORES}
        for seed in range(events):
            dup = event(seed, True, field)
            rnd = event(seed, False, field)
            scores["dup_mp"].append([s.percentage for s in percentages(dup)])
            scores["rnd_mp"].append([s.percentage for s in percentages(rnd)])
            scores["dup_field"].append(list(against_the_field(dup).values()))
            scores["rnd_field"].append(list(against_the_field(rnd).values()))
            scores["lives"].append([float(v) for v in lives_kept(rnd).values()])
            if (seed + 1) % 10 == 0 or seed + 1 == events:
                say(
                    f"  {field}: {seed + 1}/{events} events; std dev of matchpoint %:"
                    f" duplicate {spread(scores['dup_mp'])[0]:.2f},"
                    f" random deals {spread(scores['rnd_mp'])[0]:.2f}"
                )
        lines.append(f"  {field}:")
        for key, title in SCORES.items():
            sd, span = spread(scores[key])
            unit = "%" if key.endswith("mp") else " lives"
            pooled = [x for e in scores[key] for x in e]
            lines.append(
                f"    {title:<37} std dev {sd:5.2f}{unit:<6} range {span:5.2f}"
                f"   deciles {deciles(pooled)}"
            )
    lines.append(
        f"  (lives kept: of {boards * RULES.lives}; 'lives vs same seat': lives kept minus"
        " the average of the same seat on the same board at the other tables)"
    )
    return lines
