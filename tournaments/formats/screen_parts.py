"""What the projector view (tournaments.room.projector) shows, in shapes every format fills
alike: a standings list reduced to the few columns a room can read from its chairs.
Reading only, and no format here: the formats import these (docs/club-night.md#the-projector)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

# Rows a page without JavaScript shows; with it the page turns through them all.
TOP_ROWS = 10


@dataclass(frozen=True)
class ScreenRow:
    rank: str  # "3", "=3rd", or "" for a knockout player still in
    name: str
    cells: list[str]  # one per `ScreenStandings.columns`
    withdrawn: bool = False


@dataclass(frozen=True)
class ScreenStandings:
    caption: str
    rank_label: str  # "Rank" or "Place"
    columns: list[str]  # after the rank and the player
    rows: list[ScreenRow] = field(default_factory=list)
    # How many of `columns`, from the first, are numbers (set right, in even figures);
    # the others are words. None: all of them.
    numbers: int | None = None

    @property
    def heads(self) -> list[tuple[str, bool]]:
        """Each column's label, and whether it holds numbers."""
        count = len(self.columns) if self.numbers is None else self.numbers
        return [(label, k < count) for k, label in enumerate(self.columns)]

    @property
    def lines(self) -> list[tuple[ScreenRow, list[tuple[str, bool]]]]:
        """Each row, with its cells, each with whether it is a number."""
        kinds = [numeric for _, numeric in self.heads]
        return [(row, list(zip(row.cells, kinds, strict=True))) for row in self.rows]

    @property
    def top_label(self) -> str:
        """What a page without JavaScript says it shows: "1–10 of 24" (nothing when all)."""
        count = len(self.rows)
        if count <= TOP_ROWS:
            return ""
        return _("1–%(top)s of %(count)s") % {"top": TOP_ROWS, "count": count}
