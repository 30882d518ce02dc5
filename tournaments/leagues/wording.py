"""What a league's pages say about its rule (docs/tournaments.md#leagues): how it scores,
how many results count, the minimum to be ranked, how ties are broken and how counted
and dropped results are marked, each a whole sentence (docs/i18n.md), the same on the
page, the printed sheet and the projector."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.leagues.reading import Table
from tournaments.models import League


def figure(value: float) -> str:
    """A value as the pages and the file write it: 7, 7.5, 6.33 (two decimals at most)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class Said:
    scoring: str
    counting: str
    minimum: str | None
    ties: str
    marks: str
    played: str


def said(league: League, found: Table) -> Said:
    planned = league.planned_count
    return Said(
        scoring=_scoring(league),
        counting=_counting(league.counted, planned),
        minimum=(
            ngettext(
                "A player is ranked once they have played %(n)s event; until then they are listed "
                "after the ranked players, not yet ranked.",
                "A player is ranked once they have played %(n)s events; until then they are "
                "listed after the ranked players, not yet ranked.",
                league.minimum,
            )
            % {"n": league.minimum}
            if league.minimum
            else None
        ),
        ties=_ties(league.rule),
        marks=_(
            "A counted result is in bold; a dropped one is struck through and marked “dropped”."
        ),
        played=ngettext(
            "%(played)s of %(n)s event played.", "%(played)s of %(n)s events played.", planned
        )
        % {"played": len(found.played), "n": planned},
    )


def not_ranked(played: int, minimum: int) -> str:
    return _("not yet ranked (%(played)s of %(minimum)s events)") % {
        "played": played,
        "minimum": minimum,
    }


def _scoring(league: League) -> str:
    if league.rule == League.SEASON:
        return _(
            "Each event scores as in the club's season: its points as its format scores "
            "them, out of the most there were to win."
        )
    return _(
        "Points for each place: %(points)s for 1st, 2nd, 3rd and on; a place beyond them "
        "scores %(taking_part)s; players who share a place each score that place's points."
    ) % {
        "points": ", ".join(figure(p) for p in league.place_points),
        "taking_part": figure(league.taking_part),
    }


def _counting(counted: int | None, planned: int) -> str:
    if counted is None or counted >= planned:
        return ngettext(
            "Every result of its %(m)s event counts.",
            "Every result of its %(m)s events counts.",
            planned,
        ) % {"m": planned}
    return ngettext(
        "Each player's best %(n)s results of %(m)s event count; the others are dropped.",
        "Each player's best %(n)s results of %(m)s events count; the others are dropped.",
        planned,
    ) % {"n": counted, "m": planned}


def _ties(rule: str) -> str:
    if rule == League.SEASON:
        return _(
            "Ties: more counted points, then the higher percentage of the points there were "
            "to win, then more events won; players equal on all three share the rank."
        )
    return _(
        "Ties: more counted points, then more events won, then the better best place; "
        "players equal on all three share the rank."
    )
