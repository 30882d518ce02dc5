"""A club's season standings: every event of the club that started in a calendar year,
added up per player (docs/tournaments.md#the-season). The season is the league of the
year's events with today's rule (docs/tournaments.md#leagues): every result counted, no
minimum, ranked by points, then percentage, then events won. `leagues.reading` computes
it, as it computes every league's table.
"""

from __future__ import annotations

from dataclasses import dataclass

from clubs.models import Club
from tournaments.leagues import reading
from tournaments.leagues.table import SEASON, Row, Rule
from tournaments.models import Event

# Today's rule: each event's points as its format gives them, every one counted.
RULE = Rule(kind=SEASON)


@dataclass
class Season:
    rows: list[Row]
    missing: list[Event]  # events whose figures could not be computed


def years(club: Club) -> list[int]:
    """The years the club has started events in, newest first."""
    return sorted(
        {e.started_at.year for e in club.events.filter(started_at__isnull=False)}, reverse=True
    )


def events(club: Club, year: int) -> list[Event]:
    """The season's events: those that started in `year`, in the order they started."""
    return list(club.events.filter(started_at__year=year).order_by("started_at", "pk"))


def season(club: Club, year: int) -> Season:
    """The season's rows, best first; players who share points, percentage and wins share
    a rank. Running events count with what is decided so far."""
    found = reading.table(events(club, year), RULE, f"season of {club.slug}")
    return Season(found.rows, found.missing)
