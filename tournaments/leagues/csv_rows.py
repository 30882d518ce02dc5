"""A league's table as a CSV file (docs/tournaments.md#leagues): one row per player, their
rank ("not yet ranked" under the minimum), name, counted points and each event's value,
a dropped one marked "(dropped)", an event they did not play left empty."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.leagues.reading import Table
from tournaments.leagues.wording import figure


def rows(found: Table) -> list[list[str]]:
    head = [_("Rank"), _("Player"), _("Counted points"), _("Events")]
    head += [event.name for event in found.events]
    lines = [head]
    for row in found.rows:
        rank = str(row.rank) if row.rank is not None else _("not yet ranked")
        cells = [rank, row.name, figure(row.points), str(row.events)]
        for cell in row.cells:
            if cell is None:
                cells.append("")
            elif cell.counted:
                cells.append(figure(cell.value))
            else:
                cells.append(_("%(points)s (dropped)") % {"points": figure(cell.value)})
        lines.append(cells)
    return lines
