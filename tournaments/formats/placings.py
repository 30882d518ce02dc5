"""How a format ranks its players for the rest of the app
(docs/club-night.md#the-end-of-the-evening): each player's place as the podium and their
own line say it (`Placing`), the podium itself, and each player's result as a club's
season adds it up (`SeasonResult`). Plain shapes, the same in every format; the formats'
`pages` and `exports` roles fill them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.utils.translation import gettext as _

from tournaments.words import ordinal


@dataclass(frozen=True)
class SeasonResult:
    """One player's result in one event, as a club's season adds it up
    (tournaments.season): their rank in the event, the games they played, and the
    points they scored out of the most they could have (docs/tournaments.md#the-season)."""

    entry_id: int
    rank: int
    games: int
    points: float
    maximum: float


@dataclass(frozen=True)
class Placing:
    """One player's place in a finished event, as the podium and their own line on the
    event page say it (docs/club-night.md#the-end-of-the-evening): their rank as the
    standings show it, shared or not, and what the format ranks by, in its words:
    `score` short (the podium's "4 points", "winner", "62.5%"), `detail` whole (the
    player's own line)."""

    entry_id: int
    name: str
    rank: int
    shared: bool
    score: str
    detail: str
    withdrawn: bool = False
    # A knockout's: the deal (or round) they went out on (None: still in, or the winner).
    out_deal: int | None = None

    @property
    def place(self) -> str:
        """ "7th", or "=7th" when shared (as a knockout's standings write it)."""
        return ("=" if self.shared else "") + ordinal(self.rank)


@dataclass(frozen=True)
class Step:
    """One step of the podium: a place and everyone who shares it."""

    rank: int
    place: str  # "1st", "=1st"
    names: tuple[str, ...]
    score: str


PODIUM = 3  # the places on the podium


def podium(placings: list[Placing]) -> list[Step]:
    """The first three places, players who share a place on one step. A place shared
    by several takes the places after it: 1st, =2nd, =2nd leaves no 3rd step."""
    steps: dict[int, list[Placing]] = {}
    for placing in placings:
        if placing.rank <= PODIUM:
            steps.setdefault(placing.rank, []).append(placing)
    return [
        Step(
            rank,
            together[0].place,
            tuple(
                _("%(name)s (withdrawn)") % {"name": p.name} if p.withdrawn else p.name
                for p in together
            ),
            together[0].score,
        )
        for rank, together in sorted(steps.items())
    ]


def shared_ranks(ranks: list[int]) -> set[int]:
    """The ranks more than one player holds."""
    return {rank for rank, count in Counter(ranks).items() if count > 1}
