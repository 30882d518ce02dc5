"""What leaves a team battle's page (docs/tournaments.md#team-battles,
docs/tournaments.md#the-season): its standings as the CSV writes them (the players', each
with their team's figures), and each player's season, as a Swiss event's."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments import roster
from tournaments.formats.placings import SeasonResult
from tournaments.formats.swiss import exports as swiss
from tournaments.formats.swiss import results
from tournaments.formats.swiss.pages import played
from tournaments.formats.team_battle.pages import team_rows
from tournaments.formats.team_battle.rounds import team_of_entries
from tournaments.formats.team_battle.teams import teams_of
from tournaments.models import Event
from tournaments.words import format_number


def csv_rows(event: Event) -> list[list[str]]:
    """The Swiss standings, one row a player, with their team, its rank, its points and
    its round wins after the player: one table, both standings (a team's figures on
    each of its players' rows)."""
    everyone = roster.entries(event)
    rows = results.standings(event, everyone=everyone)
    teams = teams_of(event)
    entry_team = team_of_entries(event, everyone)
    ranked = played(rows)
    by_team = {row.team: row for row in team_rows(event, teams, entry_team, rows)}
    players = swiss.csv_rows(event)
    head = [_("Team"), _("Team rank"), _("Team points"), _("Team round wins")]
    found = [[*players[0][:2], *head, *players[0][2:]]]
    # The Swiss rows follow the standings' order, as `rows` does.
    for row, line in zip(rows, players[1:], strict=True):
        k = entry_team.get(row.player)
        team = by_team.get(k) if k is not None else None
        figures = (
            ["", "", "", ""]
            if k is None or team is None
            else [
                teams[k].name,
                str(team.rank) if ranked else "",
                format_number(team.total),
                str(team.round_wins),
            ]
        )
        found.append([*line[:2], *figures, *line[2:]])
    return found


def season(event: Event) -> list[SeasonResult]:
    """Each player's points, as a Swiss event's (a team's score is the team's)."""
    return swiss.season(event)
