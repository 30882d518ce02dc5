"""A team battle's rounds drawn again from its revealed seed
(docs/fair-seating.md#drawing-again): each round as a Swiss round is drawn again
(`tournaments.formats.swiss.verify`), through the team battle's own `rounds.draw`, which
keeps teammates apart with the teams the event was created with; then the lots."""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from django.utils.translation import gettext as _

from games.errors import ServiceError
from tournaments import keep_apart, roster
from tournaments.formats import seat_checks
from tournaments.formats.seat_checks import Check
from tournaments.formats.swiss import results
from tournaments.formats.swiss import rounds as swiss
from tournaments.formats.swiss import verify as swiss_verify
from tournaments.formats.team_battle import rounds, spread
from tournaments.formats.team_battle.teams import teams_of
from tournaments.formats.words import ROUND_WORDS
from tournaments.models import Bye, Event, Round


def seating_checks(event: Event) -> list[Check]:
    """Each round drawn again, then the lots (the team battle's `Format.checks`)."""
    names = seat_checks.entry_names(event)
    found = [check_round(event, round_, names) for round_ in event.round_set.order_by("number")]
    if "lots" in event.tiebreaks:
        found.append(swiss_verify.lots_check(event, names))
    return found


def check_round(event: Event, round_: Round, names: Mapping[Hashable, str]) -> Check:
    title = ROUND_WORDS.title(round_.number)
    as_of = results.AsOf.of(round_)
    if as_of is None:
        return seat_checks.unchecked(
            title,
            _("It was seated before rounds kept what their drawing saw: it cannot be drawn again."),
        )
    recorded = seat_checks.recorded_layout(round_)
    sat_out = set(Bye.objects.filter(round=round_).values_list("entry_id", flat=True))
    seated = {who for who in recorded.values() if who != seat_checks.BOT}
    players = [e.pk for e in roster.entries(event) if e.pk in seated or e.pk in sat_out]
    check = Check(title)
    apart = keep_apart.recorded(round_)
    given = swiss.inputs(event, round_.number, players, as_of, apart)
    check.lines += swiss_verify.input_lines(event, round_, given, as_of, names)
    check.lines += keep_apart.verify_line(apart, names)
    team = rounds.team_of_entries(event)
    check.lines.append(
        _("Teammates kept apart, the teams as the event was created with them: %(teams)s.")
        % {
            "teams": "; ".join(
                f"{t.name}: " + ", ".join(names.get(p, "?") for p in players if team.get(p) == k)
                for k, t in enumerate(teams_of(event))
            )
        }
    )
    try:
        drawn = rounds.draw(given, team)
    except ServiceError as error:
        check.differ(
            [_("The seed cannot seat the round's players: %(why)s") % {"why": error.message}]
        )
        return check
    expected, said = seat_checks.replay_organizer(
        round_, seat_checks.drawn_layout(drawn.tables), names
    )
    check.lines += said
    check.differ(seat_checks.compare_layouts(expected, recorded, names))
    if set(drawn.byes) != sat_out:
        check.differ([_("Byes: the seed gives other byes than the round gave.")])
    tables = [[who for who in t if not isinstance(who, str)] for t in drawn.tables]
    if spread.clashes(tables, team):
        check.lines.append(_("The field did not allow every table one player of a team at most."))
    games = {t.number: [t.game_id] for t in round_.tables.all() if t.game_id is not None}
    differences, count = seat_checks.compare_games(round_, games, names)
    check.differ(differences)
    return check
