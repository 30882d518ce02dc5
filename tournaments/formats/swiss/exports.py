"""What leaves a Swiss event's page (docs/tournaments.md#swiss,
docs/tournaments.md#the-season): its standings as the CSV writes them, and each player's
season. The Swiss `Format.exports`."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments import roster
from tournaments.formats.placings import SeasonResult
from tournaments.formats.swiss import results
from tournaments.formats.swiss import standings as tally
from tournaments.formats.swiss.pages import played, table_wins_column, tiebreak_labels
from tournaments.models import Event


def csv_rows(event: Event) -> list[list[str]]:
    names = roster.names(roster.entries(event))
    labels = tiebreak_labels(event)
    rows = results.standings(event)
    return tally.csv_rows(
        rows,
        event.rounds,
        labels,
        names.__getitem__,
        table_wins=table_wins_column(event),
        ranked=played(rows),
        translate=_,
    )


def season(event: Event) -> list[SeasonResult]:
    """Points as the event scores them, out of the most each player could have scored
    (byes included)."""
    return [
        SeasonResult(row.player, row.rank, row.games, row.points, row.maximum)
        for row in results.standings(event)
        if row.games or row.byes
    ]
