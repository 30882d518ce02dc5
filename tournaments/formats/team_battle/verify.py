"""A team battle's rounds drawn again from its revealed seed
(docs/fair-seating.md#drawing-again): each round as a Swiss round is drawn again
(`tournaments.formats.swiss.verify.check_round`), through the team battle's own
`rounds.draw`, which keeps teammates apart with the teams the event was created with;
then the lots."""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from django.utils.translation import gettext as _

from tournaments.formats import seat_checks
from tournaments.formats.seat_checks import Check
from tournaments.formats.swiss import rounds as swiss
from tournaments.formats.swiss import verify as swiss_verify
from tournaments.formats.team_battle import rounds, spread
from tournaments.formats.team_battle.teams import teams_of
from tournaments.models import Event, Round


def seating_checks(event: Event) -> list[Check]:
    """Each round drawn again, then the lots (the team battle's `Format.checks`)."""
    names = seat_checks.entry_names(event)
    found = [check_round(event, round_, names) for round_ in event.round_set.order_by("number")]
    if "lots" in event.tiebreaks:
        found.append(swiss_verify.lots_check(event, names))
    return found


def check_round(event: Event, round_: Round, names: Mapping[Hashable, str]) -> Check:
    team = rounds.team_of_entries(event)

    def notes(drawn: swiss.Drawn) -> list[str]:
        tables = [[who for who in t if not isinstance(who, str)] for t in drawn.tables]
        players = {p for t in tables for p in t} | set(drawn.byes)
        said = [
            _("Teammates kept apart, the teams as the event was created with them: %(teams)s.")
            % {
                "teams": "; ".join(
                    f"{t.name}: "
                    + ", ".join(names.get(p, "?") for p in sorted(players) if team.get(p) == k)
                    for k, t in enumerate(teams_of(event))
                )
            }
        ]
        if spread.clashes(tables, team):
            said.append(_("The field did not allow every table one player of a team at most."))
        return said

    return swiss_verify.check_round(
        event, round_, names, draw=lambda given: rounds.draw(given, team), notes=notes
    )
