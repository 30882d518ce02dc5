"""Team battles (docs/tournaments.md#team-battles): teams of 2 to 10 players the organizer
names at creation play Swiss rounds of whole games, no table holding two of one team
where the field allows; a team scores the sum of its best players' points each round
(how many: an option), and its players keep their individual standings beside it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy

from tournaments.formats.base import Format
from tournaments.formats.setup import ROUNDS, Option, Setup
from tournaments.formats.team_battle import exports, verify
from tournaments.formats.team_battle.pages import TeamPages
from tournaments.formats.team_battle.rounds import TeamRounds
from tournaments.formats.team_battle.teams import (
    best_field,
    check_best,
    check_teams,
    resolve_best,
    teams_field,
)

# `Event.format`'s value (ten characters at most, the column's width).
KEY = "teams"

# The teams, one a line: kept in `Event.format_options` as names and user ids.
TEAMS = Option(
    name="teams",
    field=teams_field,
    check=check_teams,
    default="",
    blank="",
    unused=[],
    own_line=True,
    column=False,
)
# How many of its players' points a team counts each round (blank: 3, or fewer).
BEST = Option(name="team_best", field=best_field, check=check_best, column=False)


@dataclass(frozen=True)
class TeamSetup(Setup):
    """Swiss's setup, and the best scores a team counts checked against its teams."""

    def check(self, given: Mapping[str, Any], table_size: int) -> dict[str, Any]:
        found = super().check(given, table_size)
        found["team_best"] = resolve_best(found["team_best"], found["teams"])
        return found


TEAM_BATTLE = Format(
    key=KEY,
    label=gettext_lazy("Team battle: Swiss rounds, teams spread over the tables"),
    description=gettext_lazy(
        "Team battle: teams of 2 to 10 players (written below) play a set number of Swiss "
        "rounds, no table seating two of one team where the field allows; each round a "
        "team scores its best players' points."
    ),
    template="tournaments/formats/team_battle.html",
    setup=TeamSetup(options=(ROUNDS, TEAMS, BEST), stand_in_scoring_applies=True),
    rounds=TeamRounds(),
    pages=TeamPages(),
    exports=exports,
    checks=verify,
)
