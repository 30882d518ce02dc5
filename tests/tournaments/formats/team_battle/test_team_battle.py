"""A team battle played through (docs/tournaments.md#team-battles): four teams of four over
three rounds, its tables checked for teammates, its team scores and individual standings
computed here from the recorded places and compared with what the pages, the projector,
the print and the CSV show."""

from __future__ import annotations

import csv
import io
from fractions import Fraction
from typing import Any

import pytest
from django.urls import reverse

from tests.tournaments.formats.team_battle.conftest import teams_text
from tests.tournaments.test_services import play_round, register_all
from tournaments import season, services
from tournaments.formats import FORMATS
from tournaments.models import Event, Round, RoundSeat

pytestmark = pytest.mark.django_db


def outlasted(places: list[int]) -> list[Fraction]:
    """Each seat's points: one for every opponent in a worse place, half for a tie."""
    return [
        sum(
            (Fraction(1) if p < q else Fraction(1, 2) if p == q else Fraction(0))
            for j, q in enumerate(places)
            if j != i
        )
        or Fraction(0)
        for i, p in enumerate(places)
    ]


def text(value: Fraction) -> str:
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def test_four_teams_of_four_over_three_rounds(
    client: Any,
    ann: Any,
    squads: dict[str, list[Any]],
    team_event: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = team_event(teams_text(squads), table_size=4, table_min=4, table_max=4)
    assert event.format_options["team_best"] == 3
    everyone = [u for users in squads.values() for u in users]
    register_all(event, everyone)
    services.start_event(event=event, by=ann)
    team_of = {u.pk: name for name, users in squads.items() for u in users}
    for number in (1, 2, 3):
        round_ = Round.objects.get(event=event, number=number)
        # Four tables of four, each seating one player of every team.
        for table in round_.tables.all():
            seats = list(table.seats.select_related("entry"))
            assert len(seats) == 4
            assert all(s.entry_id is not None for s in seats)
            assert sorted(team_of[s.entry.user_id] for s in seats) == sorted(squads)
        play_round(round_, django_capture_on_commit_callbacks)
    event.refresh_from_db()
    assert event.status == Event.FINISHED

    # The test's own arithmetic: each player's points a round, from the places.
    points: dict[int, dict[int, Fraction]] = {u.pk: {} for u in everyone}
    for table in Round.objects.filter(event=event).values_list("pk", flat=True):
        seats = list(
            RoundSeat.objects.filter(table__round_id=table)
            .select_related("table__round", "entry")
            .order_by("table__number", "position")
        )
        by_table: dict[int, list[RoundSeat]] = {}
        for seat in seats:
            by_table.setdefault(seat.table.number, []).append(seat)
        for sat in by_table.values():
            for seat, won in zip(sat, outlasted([s.place for s in sat]), strict=True):
                points[seat.entry.user_id][seat.table.round.number] = won
    totals = {name: Fraction(0) for name in squads}
    for name, users in squads.items():
        for n in (1, 2, 3):
            best = sorted((points[u.pk][n] for u in users), reverse=True)[:3]
            totals[name] += sum(best, Fraction(0))
    individual = {u.username: sum(points[u.pk].values(), Fraction(0)) for u in everyone}

    # The CSV: a row a player (after its status column), their team's figures beside
    # their own, best first.
    response = client.get(reverse("tournaments:standings_csv", args=[event.pk]))
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][1:8] == [
        "Rank",
        "Player",
        "Team",
        "Team rank",
        "Team points",
        "Team round wins",
        "Points",
    ]
    lines = rows[1:]
    assert {row[2]: (row[3], row[5], row[7]) for row in lines} == {
        u.username: (team_of[u.pk], text(totals[team_of[u.pk]]), text(individual[u.username]))
        for u in everyone
    }
    figures = [Fraction(row[7]) for row in lines]
    assert figures == sorted(figures, reverse=True)
    # Teams ranked by their totals (a tie is broken further, so ranks only never rise).
    ranks = {row[3]: (int(row[4]), Fraction(row[5])) for row in lines}
    by_total = sorted(ranks.values(), key=lambda pair: -pair[1])
    assert [rank for rank, _ in by_total] == sorted(rank for rank, _ in by_total)
    assert 1 in {rank for rank, _ in ranks.values()}

    # The event page, the projector and the printed standings show both tables.
    leader = max(totals, key=lambda name: totals[name])
    for url in (
        event.get_absolute_url(),
        reverse("tournaments:screen", args=[event.pk]),
        reverse("tournaments:print_standings", args=[event.pk]),
    ):
        page = client.get(url).content.decode()
        assert "Team standings" in page, url
        assert page.count(leader) >= 2, url  # the team table, and beside its players
        for user in everyone:
            assert user.username in page, url

    # The seating is drawn again from the revealed seed and matches, round by round.
    checks = FORMATS["teams"].checks.seating_checks(event)
    assert [c.outcome for c in checks[:3]] == ["matches"] * 3, [c.lines for c in checks]

    # The club's season counts each player's own points, as a Swiss event's
    # (docs/tournaments.md#team-battles).
    seasons = season.season(event.club, event.started_at.year).rows
    assert {row.name: Fraction(row.points).limit_denominator(4) for row in seasons} == individual
    assert all(row.events == 1 for row in seasons)
