"""A team battle's team standings (docs/tournaments.md#team-battles): pure Python, no
Django.

Each player scores every round as a Swiss player does (a game's points, or a bye's). A
team's **round score** is the sum of its best `best` players' points that round (all of
them when fewer played). Its **total** is the sum of its round scores. Teams rank by
total, then by **round wins** (rounds whose highest round score was theirs, shared or
not), then by all their players' points, every round counted; teams still level share a
rank (1, 2, 2, 4). Points add up as exact fractions, so equal totals compare equal.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

P = TypeVar("P", bound=Hashable)


def exact(points: float) -> Fraction:
    """A player's points as the fraction they stand for (a third of a point shared three
    ways comes as a float)."""
    return Fraction(points).limit_denominator(10**6)


@dataclass(frozen=True)
class TeamRow:
    rank: int
    team: int  # its index in the event's teams
    total: float
    round_wins: int
    all_points: float
    rounds: tuple[float | None, ...]  # each round's score (None: nobody played it)


def round_scores(
    members: Sequence[P],
    points: Mapping[P, Mapping[int, float]],
    rounds: int,
    best: int,
) -> list[Fraction | None]:
    """A team's score in each round 1..`rounds`: its best `best` players' points that
    round (`points`: each player's points by round; a round they have no points in is
    not theirs), None when none of them has points in it."""
    found: list[Fraction | None] = []
    for n in range(1, rounds + 1):
        scored = sorted(
            (exact(points[p][n]) for p in members if n in points.get(p, {})), reverse=True
        )
        found.append(sum(scored[:best], Fraction(0)) if scored else None)
    return found


def team_standings(
    teams: Sequence[Sequence[P]],
    points: Mapping[P, Mapping[int, float]],
    rounds: int,
    best: int,
) -> list[TeamRow]:
    """Every team ranked (see the module docstring): `teams`, each its players;
    `points`, each player's points by round number."""
    scores = [round_scores(members, points, rounds, best) for members in teams]
    wins = [0] * len(teams)
    for n in range(rounds):
        played = [v for s in scores if (v := s[n]) is not None]
        if not played:
            continue
        top = max(played)
        for k, s in enumerate(scores):
            wins[k] += s[n] == top
    totals = [sum((v for v in s if v is not None), Fraction(0)) for s in scores]
    everything = [
        sum((exact(v) for p in members for v in points.get(p, {}).values()), Fraction(0))
        for members in teams
    ]
    keys = {k: (totals[k], wins[k], everything[k]) for k in range(len(teams))}
    order = sorted(keys, key=lambda k: (-keys[k][0], -keys[k][1], -keys[k][2], k))
    rows: list[TeamRow] = []
    for at, k in enumerate(order):
        rank = rows[-1].rank if rows and keys[rows[-1].team] == keys[k] else at + 1
        rows.append(
            TeamRow(
                rank=rank,
                team=k,
                total=float(totals[k]),
                round_wins=wins[k],
                all_points=float(everything[k]),
                rounds=tuple(None if v is None else float(v) for v in scores[k]),
            )
        )
    return rows
