"""A team battle's rounds (docs/tournaments.md#team-battles): Swiss rounds (whole games,
each seated from the standings, recorded as places), seated so that no table holds two
players of one team whenever the field allows (`spread`). The caller holds the event's
row lock."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.errors import ServiceError
from tournaments import roster
from tournaments.formats.swiss import rounds as swiss
from tournaments.formats.swiss.seating import first_dealers
from tournaments.formats.team_battle import spread
from tournaments.formats.team_battle.teams import team_of_users, teams_of
from tournaments.models import Entry, Event


def team_of_entries(event: Event, entries: list[Entry] | None = None) -> dict[int, int]:
    """Each entry's team (its index in `teams_of(event)`); an entry on no team is left
    out."""
    by_user = team_of_users(teams_of(event))
    everyone = roster.entries(event) if entries is None else entries
    return {e.pk: by_user[e.user_id] for e in everyone if e.user_id in by_user}


def draw(given: swiss.Inputs, team: dict[int, int]) -> swiss.Drawn:
    """A round drawn as a Swiss round is, every pair of teammates kept apart, then spread
    (`spread.spread`) where the search left two of a team at a table, each table turned
    so the player who has dealt first least often sits at seat 0 (pure: the verify page
    draws it again)."""
    pairs = tuple(spread.teammate_pairs(list(given.players), team))
    drawn = swiss.draw(replace(given, apart=given.apart + pairs))
    teams: dict[int | str, int] = dict(team.items())
    order: list[int | str] = [row.player for row in given.rows]
    tables = spread.spread(drawn.tables, teams, order)
    if [list(t) for t in drawn.tables] == tables:
        return drawn
    counts: dict[int | str, int] = dict(given.dealer_counts.items())
    turned = []
    for table, dealer in zip(tables, first_dealers(tables, counts), strict=True):
        at = table.index(dealer)
        turned.append(tuple(table[at:] + table[:at]))
    return swiss.Drawn(tables=tuple(turned), byes=drawn.byes)


class TeamRounds(swiss.SwissRounds):
    """Swiss rounds with the teams spread over the tables; every registered player
    plays for a team."""

    late_entry_refusal = gettext_lazy(
        "A team battle's teams are set when it starts: nobody enters it late."
    )

    def check_field(self, event: Event, count: int) -> None:
        """Refuse to start with a registered player on no team (named), and as a Swiss
        event refuses."""
        by_user = team_of_users(teams_of(event))
        loose = [
            e.user.get_username()
            for e in roster.entries(event)
            if e.status == Entry.REGISTERED and e.user_id not in by_user
        ]
        if loose:
            raise ServiceError(
                _("Registered but on no team: %(names)s. Add them to a team or remove their entry.")
                % {"names": ", ".join(sorted(loose))}
            )
        super().check_field(event, count)

    def drawn(self, event: Event, given: swiss.Inputs) -> swiss.Drawn:
        """Drawn as a Swiss round is, the teams spread over the tables (`draw`)."""
        return draw(given, team_of_entries(event))
