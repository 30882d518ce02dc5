"""What leaves a duplicate event's page (docs/tournaments.md#duplicate,
docs/tournaments.md#the-season): its standings as the CSV writes them, and each player's
season. The duplicate `Format.exports`."""

from __future__ import annotations

from django.utils.formats import get_format
from django.utils.translation import gettext as _

from tournaments.formats.duplicate.pages import ranked, standing_lines
from tournaments.formats.placings import SeasonResult
from tournaments.models import Event


def csv_rows(event: Event) -> list[list[str]]:
    """The standings as CSV rows: rank, player, percentage, matchpoints, top, boards."""
    table = [[_("Rank"), _("Player"), _("Percentage"), _("Matchpoints"), _("Top"), _("Boards")]]
    mark = get_format("DECIMAL_SEPARATOR")  # the file's figures as a program reads them

    def plain(figure: str) -> str:
        return figure.replace(mark, ".") if mark != "." else figure

    for line in standing_lines(event, None):
        table.append(
            [
                "" if line.rank is None else str(line.rank),
                _("%(name)s (withdrawn)") % {"name": line.name} if line.withdrawn else line.name,
                plain(line.percentage),
                plain(line.matchpoints),
                str(line.top),
                str(line.boards),
            ]
        )
    return table


def season(event: Event) -> list[SeasonResult]:
    """Matchpoints out of the tops, each board played counted as a game."""
    return [
        SeasonResult(row.player, rank, row.boards, row.matchpoints, row.top)
        for rank, row in ranked(event)
    ]
