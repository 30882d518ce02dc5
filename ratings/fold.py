"""Ratings as a fold over rated games, with openskill's Plackett–Luce model.

Pure Python (openskill, no Django): the Celery task rates one game with `rate`, and
`manage.py rebuild_ratings` folds every rated game with the same `rate` in the same
order, so the two give exactly the same floats (docs/ratings.md#rebuild).

- Everyone starts at openskill's prior, μ = 25, σ = 25/3.
- Bots play at their level's fixed rating (`ratings.bots`) and are never updated: they
  anchor the scale. A seat whose account was deleted plays at the prior, also fixed.
- Places rank the players (1 = best); players who share a place tie.
- A person's weight is 1 − ½·(bot moves / all their moves): ½ when a bot or the timer
  made every move for them. openskill multiplies a gain by the weight and divides a loss
  by it, so a player who left the game to the bot gains less from a good place and loses
  more from a bad one. The weights are used as given (`weight_bounds` None): openskill's
  default rescales each team's weights to 1–2, which makes a one-player team's always 2.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

from ratings.bots import BOT_RATINGS

MODEL = PlackettLuce()
# Weights as given (see above). The compiled constructor refuses None; the attribute,
# which `rate` reads, takes it.
MODEL.weight_bounds = None
MU, SIGMA = MODEL.mu, MODEL.sigma

# Displayed = SCALE·(μ − 3σ) + TARGET (openskill's `ordinal(alpha, target)`). SCALE: 400
# displayed points are 10:1 odds between two settled players (c = √2·β, β = 25/6, so
# 10:1 is Δμ = c·ln 10 ≈ 13.6 → 30 a unit of μ). TARGET puts a player at the prior's
# μ who has just settled (σ = SETTLED_SIGMA) at 1500.
SCALE = 30.0
SETTLED_SIGMA = 5.5
MIN_GAMES = 10
TARGET = 1500.0 - SCALE * (MU - 3 * SETTLED_SIGMA)
# A person who let the bot play every move still counts this much.
MIN_WEIGHT = 0.5


@dataclass(frozen=True)
class Skill:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def displayed(self) -> int:
        return displayed(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return provisional(self.sigma, self.games)


@dataclass(frozen=True)
class Player:
    """One seat of a finished game: a person (`user_id`), a bot (`bot_level`), or a
    deleted account (neither)."""

    place: int
    user_id: int | None = None
    bot_level: str = ""
    bot_moves: int = 0
    moves: int = 0  # all the moves made at this seat, by the person or for them

    @property
    def weight(self) -> float:
        if self.user_id is None or not self.bot_moves or not self.moves:
            return 1.0
        return 1.0 - (1.0 - MIN_WEIGHT) * min(1.0, self.bot_moves / self.moves)


@dataclass(frozen=True)
class Record:
    """A rated game's result: its family, when it finished and its seats."""

    game_id: int
    family: str
    finished_at: datetime
    players: tuple[Player, ...]

    @property
    def key(self) -> tuple[datetime, int]:
        """The fold's order: finishing time, then id."""
        return (self.finished_at, self.game_id)


@dataclass(frozen=True)
class Change:
    """What one rated game did to one person's rating."""

    user_id: int
    place: int
    weight: float
    before: Skill
    after: Skill


def displayed(mu: float, sigma: float) -> int:
    """The number shown: openskill's ordinal μ − 3σ, scaled (see SCALE and TARGET)."""
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(z=3.0, alpha=SCALE, target=TARGET))


def provisional(sigma: float, games: int) -> bool:
    """Shown with "?" and kept off leaderboards: too few games, or σ still high."""
    return games < MIN_GAMES or sigma > SETTLED_SIGMA


def fixed_skill(player: Player, family: str) -> Skill:
    """The rating a bot (or a deleted account) plays at."""
    if player.bot_level:
        mu, sigma = BOT_RATINGS[family][player.bot_level]
        return Skill(mu, sigma)
    return Skill()


def rate(record: Record, current: Callable[[int], Skill]) -> list[Change]:
    """The changes `record` makes, given each person's `current` rating (by user id)."""
    skills = [
        current(p.user_id) if p.user_id is not None else fixed_skill(p, record.family)
        for p in record.players
    ]
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    ranks = [float(p.place) for p in record.players]
    weights = [[p.weight] for p in record.players]
    rated = MODEL.rate(teams, ranks=ranks, weights=weights)
    return [
        Change(
            user_id=p.user_id,
            place=p.place,
            weight=p.weight,
            before=s,
            after=Skill(team[0].mu, team[0].sigma, s.games + 1),
        )
        for p, s, team in zip(record.players, skills, rated, strict=True)
        if p.user_id is not None
    ]


State = dict[tuple[str, int], Skill]


def fold(
    records: Iterable[Record], state: State | None = None
) -> Iterator[tuple[Record, list[Change]]]:
    """Rate `records` in order from `state` ((family, user id) → rating; updated in
    place), yielding each record with its changes."""
    state = {} if state is None else state
    for record in records:
        changes = rate(record, _reader(state, record.family))
        for change in changes:
            state[(record.family, change.user_id)] = change.after
        yield record, changes


def _reader(state: State, family: str) -> Callable[[int], Skill]:
    """A person's current rating in `family` (the prior if they have none yet)."""
    return lambda user_id: state.get((family, user_id), Skill())
