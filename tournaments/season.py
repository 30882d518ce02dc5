"""A club's season standings: every event of the club that started in a calendar year,
added up per player (docs/tournaments.md#the-season). Each event's format says what a player's
result there is worth (`Format.exports.season`: their rank, games, points and the most
they could have scored); the season adds points and maxima across events, so the
percentage compares players who played different numbers of events or rounds, and
ranks by points, then percentage, then events won.

An event whose figures cannot be computed (a bug, a broken row) is left out and named
on the page, with the reason in the log: the season of every other event still shows.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from clubs.models import Club
from tournaments import formats, roster
from tournaments.formats.placings import SeasonResult
from tournaments.models import Event

log = logging.getLogger(__name__)


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


@dataclass
class Season:
    rows: list[SeasonRow]
    missing: list[Event]  # events whose figures could not be computed


def years(club: Club) -> list[int]:
    """The years the club has started events in, newest first."""
    return sorted(
        {e.started_at.year for e in club.events.filter(started_at__isnull=False)}, reverse=True
    )


def season(club: Club, year: int) -> Season:
    """The season's rows, best first; players who share points, percentage and wins share
    a rank. Running events count with what is decided so far."""
    events = club.events.filter(started_at__year=year).order_by("started_at", "pk")
    rows: dict[int, SeasonRow] = {}
    missing = []
    for event in events:
        try:
            results = formats.of(event).exports.season(event)
        except Exception:
            log.exception("season of %s: event %s left out", club.slug, event.pk)
            missing.append(event)
            continue
        _add(rows, event, results)
    ordered = sorted(rows.values(), key=_key, reverse=True)
    for i, row in enumerate(ordered):
        row.rank = ordered[i - 1].rank if i and _key(ordered[i - 1]) == _key(row) else i + 1
    return Season(ordered, missing)


def _add(rows: dict[int, SeasonRow], event: Event, results: list[SeasonResult]) -> None:
    entries = {e.pk: e for e in roster.entries(event)}
    for result in results:
        entry = entries[result.entry_id]
        row = rows.setdefault(
            entry.user_id, SeasonRow(user_id=entry.user_id, name=entry.user.get_username())
        )
        row.events += 1
        row.games += result.games
        row.points += result.points
        row.maximum += result.maximum
        row.event_ranks.append((event, result.rank))
        if event.status == Event.FINISHED and result.rank == 1:
            row.wins += 1
        if row.best is None or result.rank < row.best:
            row.best = result.rank


def _key(row: SeasonRow) -> tuple[Any, ...]:
    return (round(row.points, 6), round(row.percentage, 6), row.wins)
