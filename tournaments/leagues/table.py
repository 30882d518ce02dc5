"""A league's table from its players' event results (docs/tournaments.md#leagues): pure, no
Django. Each result is worth a value by the league's rule: today's season rule
("season": the points the event's format gives, docs/tournaments.md#the-season) or
points per place ("places": the list's points for the place, a shared place scoring
that place's points, places beyond the list the "taking part" points). A player's best
`counted` results are counted, the rest dropped; players with fewer than `minimum`
results are listed after the ranked ones, not yet ranked.

Ties, as the page states them: the season rule ranks by counted points, then the
percentage of the points there were to win in the counted events, then events won
(today's season); the places rule by counted points, then events won, then the better
best place. Players equal on all of them share a rank. Wins and the best place are
read from the counted results, so a dropped result never breaks a tie.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

SEASON = "season"
PLACES = "places"


@dataclass(frozen=True)
class Result:
    """One player's result in one event of the league: `column`, the event's place in
    the league's order; the rest as `formats.placings.SeasonResult` says it, and `won`,
    a finished event's first place (a running event's leader has won nothing yet)."""

    column: int
    rank: int
    games: int
    points: float
    maximum: float
    won: bool


@dataclass(frozen=True)
class Rule:
    """How the league scores: `kind` SEASON or PLACES, `place_points` for 1st, 2nd…,
    `taking_part` for a place beyond them, the best `counted` results (None: every one)
    and the `minimum` results to be ranked."""

    kind: str = SEASON
    place_points: tuple[float, ...] = ()
    taking_part: float = 0.0
    counted: int | None = None
    minimum: int = 0

    def value(self, result: Result) -> float:
        if self.kind == SEASON:
            return result.points
        if 1 <= result.rank <= len(self.place_points):
            return self.place_points[result.rank - 1]
        return self.taking_part


@dataclass(frozen=True)
class Line:
    """One result as the table shows it: its value by the rule, counted or dropped."""

    result: Result
    value: float
    counted: bool


@dataclass
class Row:
    """A player's line of the table: their results in the league's order, `rank` None
    while they have fewer than the minimum."""

    user_id: int
    name: str
    lines: list[Line] = field(default_factory=list)
    cells: list[Line | None] = field(default_factory=list)  # one per column
    rank: int | None = None
    shared: bool = False

    @property
    def ranked(self) -> bool:
        return self.rank is not None

    @property
    def events(self) -> int:
        return len(self.lines)

    @property
    def counted(self) -> list[Line]:
        return [line for line in self.lines if line.counted]

    @property
    def dropped(self) -> int:
        return self.events - len(self.counted)

    @property
    def points(self) -> float:
        return sum(line.value for line in self.counted)

    @property
    def games(self) -> int:
        return sum(line.result.games for line in self.counted)

    @property
    def maximum(self) -> float:
        return sum(line.result.maximum for line in self.counted)

    @property
    def percentage(self) -> float:
        return 100 * self.points / self.maximum if self.maximum else 0.0

    @property
    def wins(self) -> int:
        return sum(line.result.won for line in self.counted)

    @property
    def best(self) -> int | None:
        return min((line.result.rank for line in self.counted), default=None)


def standings(
    players: Iterable[tuple[int, str, list[Result]]], rule: Rule, columns: int
) -> list[Row]:
    """The table, best first: each (user id, name, results) a row, the ranked ones by
    the rule's order, then those not yet ranked in the same order."""
    rows = [_row(user_id, name, results, rule, columns) for user_id, name, results in players]
    ranked = sorted((r for r in rows if r.events >= rule.minimum), key=_key(rule), reverse=True)
    waiting = [r for r in rows if r.events < rule.minimum]
    keys = [_key(rule)(row) for row in ranked]
    for i, row in enumerate(ranked):
        row.rank = ranked[i - 1].rank if i and keys[i - 1] == keys[i] else i + 1
    for i, row in enumerate(ranked):
        row.shared = (i > 0 and keys[i - 1] == keys[i]) or (
            i + 1 < len(ranked) and keys[i + 1] == keys[i]
        )
    return ranked + sorted(waiting, key=_key(rule), reverse=True)


def _row(user_id: int, name: str, results: list[Result], rule: Rule, columns: int) -> Row:
    """The player's results, the best `rule.counted` marked counted: by value, then the
    better place, then the earlier event."""
    order = sorted(results, key=lambda r: (-rule.value(r), r.rank, r.column))
    keep = len(order) if rule.counted is None else rule.counted
    chosen = {id(result) for result in order[:keep]}
    lines = [
        Line(result, rule.value(result), id(result) in chosen)
        for result in sorted(results, key=lambda r: r.column)
    ]
    cells: list[Line | None] = [None] * columns
    for line in lines:
        if 0 <= line.result.column < columns:
            cells[line.result.column] = line
    return Row(user_id, name, lines, cells)


def _key(rule: Rule) -> _Key:
    return _Key(rule.kind)


@dataclass(frozen=True)
class _Key:
    """A row's place in the order, greater first (rounded, so sums that differ by a
    float's last bits tie)."""

    kind: str

    def __call__(self, row: Row) -> tuple[float, ...]:
        points = round(row.points, 6)
        if self.kind == SEASON:
            return (points, round(row.percentage, 6), row.wins)
        best = row.best
        return (points, row.wins, -best if best is not None else float("-inf"))
