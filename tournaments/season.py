"""A club's season standings: every event of the club that started in a calendar year,
added up per player. An event's own standings decide its ranks (`records.standings`);
the season adds points and maxima across events, so the percentage compares players
who played different numbers of events or rounds, and ranks by points, then
percentage, then events won."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from clubs.models import Club
from tournaments import duplicate_records, records
from tournaments.models import Event


@dataclass
class SeasonRow:
    user_id: int
    name: str
    events: int = 0
    games: int = 0
    points: float = 0.0
    maximum: float = 0.0
    wins: int = 0
    best: int | None = None
    rank: int = 0
    event_ranks: list[tuple[Event, int]] = field(default_factory=list)

    @property
    def percentage(self) -> float:
        return 100 * self.points / self.maximum if self.maximum else 0.0


def years(club: Club) -> list[int]:
    """The years the club has started events in, newest first."""
    return sorted(
        {e.started_at.year for e in club.events.filter(started_at__isnull=False)}, reverse=True
    )


def season(club: Club, year: int) -> list[SeasonRow]:
    """The season's rows, best first; players who share points, percentage and wins share
    a rank. Running events count with the rounds finished so far."""
    events = club.events.filter(started_at__year=year).order_by("started_at", "pk")
    rows: dict[int, SeasonRow] = {}
    for event in events:
        entries = {e.pk: e for e in records.entries(event)}
        if event.format == Event.DUPLICATE:
            _add_duplicate(rows, event, entries)
            continue
        for row in records.standings(event):
            if row.games == 0 and row.byes == 0:
                continue
            entry = entries[row.player]
            season_row = rows.setdefault(
                entry.user_id, SeasonRow(user_id=entry.user_id, name=entry.user.get_username())
            )
            season_row.events += 1
            season_row.games += row.games
            season_row.points += row.points
            season_row.maximum += row.maximum
            season_row.event_ranks.append((event, row.rank))
            if event.status == Event.FINISHED and row.rank == 1:
                season_row.wins += 1
            if season_row.best is None or row.rank < season_row.best:
                season_row.best = row.rank
    ordered = sorted(rows.values(), key=_key, reverse=True)
    for i, row in enumerate(ordered):
        row.rank = ordered[i - 1].rank if i and _key(ordered[i - 1]) == _key(row) else i + 1
    return ordered


def _add_duplicate(rows: dict[int, SeasonRow], event: Event, entries: dict[int, Any]) -> None:
    """A duplicate event counts its matchpoints as points out of its tops, and each
    board played as a game (docs/design.md §18)."""
    for rank, row in duplicate_records.ranked(event):
        entry = entries[row.player]
        season_row = rows.setdefault(
            entry.user_id, SeasonRow(user_id=entry.user_id, name=entry.user.get_username())
        )
        season_row.events += 1
        season_row.games += row.boards
        season_row.points += row.matchpoints
        season_row.maximum += row.top
        season_row.event_ranks.append((event, rank))
        if event.status == Event.FINISHED and rank == 1:
            season_row.wins += 1
        if season_row.best is None or rank < season_row.best:
            season_row.best = rank


def _key(row: SeasonRow) -> tuple[Any, ...]:
    return (round(row.points, 6), round(row.percentage, 6), row.wins)
