"""What a team battle's pages show (docs/tournaments.md#team-battles): a Swiss event's
(the round's tables, the individual standings, who met whom), each player's team beside
their name, and the team standings above them, on the event page, the projector and
the printed standings alike. Places and points only: nothing here comes near a card."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import page_parts, roster
from tournaments.formats import printed
from tournaments.formats.pages import Cell, Column, StandingsTable
from tournaments.formats.screen_parts import ScreenRow, ScreenStandings
from tournaments.formats.swiss import results
from tournaments.formats.swiss import standings as tally
from tournaments.formats.swiss.pages import (
    StandingLine,
    SwissFacts,
    SwissPages,
    played,
    round_head,
)
from tournaments.formats.team_battle import scores
from tournaments.formats.team_battle.rounds import team_of_entries
from tournaments.formats.team_battle.teams import Team, best_of, teams_of
from tournaments.models import Event, Round
from tournaments.page_parts import RoundFacts
from tournaments.words import number


@dataclass
class PlayerLine(StandingLine):
    """An individual standings row with the player's team after their name."""

    team: str = ""

    @property
    def figures(self) -> list[Cell]:
        return [Cell(self.team), *super().figures]


@dataclass
class TeamLine:
    """A team standings row (`tournaments.formats.pages.Line`): its rank, its name, and
    its total, round wins, all its players' points and each round's score."""

    lead: int
    name: str
    total: str
    round_wins: int
    all_points: str
    rounds: list[str]
    mine: bool = False
    withdrawn: bool = False

    @property
    def figures(self) -> list[Cell]:
        return [
            Cell(self.total, "num"),
            Cell(self.round_wins, "num"),
            Cell(self.all_points, "num"),
            *(Cell(score, "num") for score in self.rounds),
        ]


def team_rows(
    event: Event, teams: list[Team], entry_team: dict[int, int], rows: list[tally.Row[int]]
) -> list[scores.TeamRow]:
    """The team standings from the individual ones (each player's points by round)."""
    points = {row.player: {n: cell.points for n, cell in row.cells.items()} for row in rows}
    members: list[list[int]] = [[] for _ in teams]
    for entry_id, k in entry_team.items():
        members[k].append(entry_id)
    return scores.team_standings(members, points, event.rounds, best_of(event))


def team_lines(
    teams: list[Team], found: list[scores.TeamRow], mine: int | None = None
) -> list[TeamLine]:
    return [
        TeamLine(
            lead=row.rank,
            name=teams[row.team].name,
            total=number(row.total),
            round_wins=row.round_wins,
            all_points=number(row.all_points),
            rounds=["" if v is None else number(v) for v in row.rounds],
            mine=row.team == mine,
        )
        for row in found
    ]


def team_columns(event: Event) -> list[Column]:
    return [
        Column(_("Rank")),
        Column(_("Team")),
        Column(_("Points"), "num"),
        Column(_("Round wins"), "num"),
        Column(_("All players' points"), "num"),
        *(Column(round_head(n), "num") for n in range(1, event.rounds + 1)),
    ]


def best_text(event: Event) -> str:
    best = best_of(event)
    return (
        ngettext(
            "Each round a team scores its best player's points.",
            "Each round a team scores the sum of its best %(count)s players' points.",
            best,
        )
        % {"count": best}
        + " "
        + _(
            "Teams rank by their points, then by round wins (the rounds they scored most in, "
            "shared or not), then by all their players' points; teams still level share a rank."
        )
    )


class TeamFacts(SwissFacts):
    """A Swiss event's facts (`SwissFacts`), each player's team beside them, and the
    team standings. Words, numbers and HTML only, as its parent: cached alike."""

    def __init__(self, round_facts: RoundFacts, rows: list[tally.Row[int]]) -> None:
        super().__init__(round_facts, rows)
        event = round_facts.event
        self.teams = teams_of(event)
        self.entry_team = team_of_entries(event, list(round_facts.entries.values()))
        self.standings = [
            PlayerLine(
                **{f.name: getattr(line, f.name) for f in fields(StandingLine)},
                team=team_name(self.teams, self.entry_team, row.player),
            )
            for line, row in zip(self.standings, rows, strict=True)
        ]
        self.standing_html = [self._row_html(r) for r in self.standings]
        self.columns = [*self.columns[:2], Column(_("Team")), *self.columns[2:]]
        self.team_rows = team_rows(event, self.teams, self.entry_team, rows)
        self.team_columns = team_columns(event)

    def context(self, me: int | None) -> dict[str, Any]:
        found = super().context(me)
        mine = None if me is None else self.entry_team.get(me)
        found["team_table"] = StandingsTable(
            # Not the section's heading: two regions of one name are one landmark twice.
            caption=_("Each team's points, best first"),
            columns=self.team_columns,
            rows=team_lines(self.teams, self.team_rows, mine) if self.played else [],
            unranked=[(team.name, k == mine) for k, team in enumerate(self.teams)],
            not_ranked=_("Not ranked until a game of round 1 is over."),
        )
        return found


def team_name(teams: list[Team], entry_team: dict[int, int], entry_id: int) -> str:
    """The name of `entry_id`'s team ("" on none)."""
    k = entry_team.get(entry_id)
    return "" if k is None else teams[k].name


def member_names(teams: list[Team]) -> list[tuple[str, list[str]]]:
    """Each team's name and its players' names (as every page names them)."""
    users = get_user_model().objects.filter(pk__in=[p for t in teams for p in t.players])
    named = {user.pk: user.get_username() for user in users}
    return [(team.name, [named.get(p, "?") for p in team.players]) for team in teams]


class TeamPages(SwissPages):
    live_facts_cache = 1  # TeamFacts: no model, nobody's marks

    def heading(self, event: Event) -> str:
        return ngettext(
            "Team battle, %(count)s round", "Team battle, %(count)s rounds", event.rounds
        ) % {"count": event.rounds}

    def live_facts(self, event: Event) -> TeamFacts:
        facts = page_parts.round_facts(event, self)
        everyone = list(facts.entries.values())
        return TeamFacts(facts, results.standings(event, everyone=everyone))

    def about_context(self, event: Event) -> dict[str, Any]:
        return {
            **super().about_context(event),
            "team_members": member_names(teams_of(event)),
            "best_text": best_text(event),
        }

    def projector_context(self, event: Event) -> dict[str, Any]:
        """The Swiss projector's part, and the team standings by points and round
        wins above the players'."""
        found = super().projector_context(event)
        teams = teams_of(event)
        everyone = roster.entries(event)
        rows = results.standings(event, everyone=everyone)
        ranked = played(rows)
        entry_team = team_of_entries(event, everyone)
        players: ScreenStandings = found["standings"]
        # Each player's team after their figures (the Swiss rows are in `rows`' order).
        found["standings"] = replace(
            players,
            columns=[*players.columns, _("Team")],
            numbers=len(players.columns),
            rows=[
                replace(line, cells=[*line.cells, team_name(teams, entry_team, row.player)])
                for line, row in zip(players.rows, rows, strict=True)
            ],
        )
        found["team_standings"] = ScreenStandings(
            caption=_("Team standings"),
            rank_label=_("Rank"),
            columns=[_("Points"), _("Round wins")],
            rows=[
                ScreenRow(
                    str(row.rank) if ranked else "",
                    teams[row.team].name,
                    [number(row.total), str(row.round_wins)],
                )
                for row in team_rows(event, teams, entry_team, rows)
            ],
        )
        return found

    def printed_round(self, event: Event, round_: Round) -> printed.PrintedRound:
        """The Swiss printed round, each player's team after their name."""
        found = super().printed_round(event, round_)
        teams = teams_of(event)
        entry_team = team_of_entries(event)
        by_seat = {
            (seat.table.number, seat.position + 1): entry_team.get(seat.entry_id or 0)
            for seats in roster.seated_tables(round_)
            for seat in seats
        }
        for table in found.tables:
            for seat in table.seats:
                if (k := by_seat.get((table.number, seat.seat))) is not None:
                    seat.name = _("%(name)s (%(team)s)") % {
                        "name": seat.name,
                        "team": teams[k].name,
                    }
        return found
