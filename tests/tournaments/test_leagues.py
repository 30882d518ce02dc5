"""A club's leagues (docs/tournaments.md#leagues): six finished card-table events, a league
of the best 4 by points per place checked against the test's own count, the dropped
results marked on the page, the sheet, the projector and in the CSV; the season as the
league of its year with today's rule; every refusal writing nothing; who may change a
league."""

from __future__ import annotations

import csv
import io
from datetime import time, timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs.models import Club, Membership
from games.errors import ServiceError
from tournaments import season, services
from tournaments.cards import card_results
from tournaments.leagues import reading, table, writes
from tournaments.leagues.writes import Terms
from tournaments.models import Event, EventSeries, League, Round

pytestmark = pytest.mark.django_db

POINTS = (10.0, 6.0, 3.0)  # 1st, 2nd, 3rd; 4th takes part
TAKING_PART = 1.0
# Each event's places, by player: six events of four players among p1..p6.
PLACES = [
    {"p1": 1, "p2": 2, "p3": 3, "p4": 4},
    {"p2": 1, "p5": 2, "p1": 3, "p3": 4},
    {"p4": 1, "p1": 2, "p5": 3, "p2": 4},
    {"p3": 1, "p6": 2, "p4": 3, "p1": 4},
    {"p1": 1, "p3": 2, "p6": 3, "p2": 4},
    {"p5": 1, "p2": 2, "p4": 3, "p1": 4},
]


def phone(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def card_event(
    make_event: Any, ann: Any, users: dict[str, Any], places: dict[str, int], k: int
) -> Event:
    """A finished one-round event at one card table of four, its places entered by the
    organizer: each player's place as `places` says."""
    event = make_event(
        name=f"Thursday {k + 1}",
        starts_at=timezone.now() + timedelta(days=k + 1),
        venue=Event.CARDS,
        rounds=1,
        table_size=4,
        table_min=4,
        table_max=4,
        bots_fill=False,
        advance=Event.MANUAL,
    )
    for name in places:
        services.register(event=event, user=users[name])
    services.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    services.start_round(round_=round_, by=ann)
    table_ = round_.tables.get()
    seated = [
        s.entry.user.username
        for s in table_.seats.select_related("entry__user").order_by("position")
    ]
    card_results.submit_result(
        round_table=table_,
        by=ann,
        places=[places[name] for name in seated],
        reason="Entered from the sheet",
    )
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    return event


@pytest.fixture
def six(make_event: Any, ann: Any, members: list[Any]) -> list[Event]:
    users = {u.username: u for u in members}
    return [card_event(make_event, ann, users, places, k) for k, places in enumerate(PLACES)]


def own_count(best: int) -> dict[str, tuple[float, list[float]]]:
    """The test's own count: each player's values per event by the points list, their
    best `best` summed, and the values dropped (sorted)."""
    values: dict[str, list[float]] = {}
    for places in PLACES:
        for name, place in places.items():
            worth = POINTS[place - 1] if place <= len(POINTS) else TAKING_PART
            values.setdefault(name, []).append(worth)
    found = {}
    for name, mine in values.items():
        ordered = sorted(mine, reverse=True)
        found[name] = (sum(ordered[:best]), sorted(ordered[best:]))
    return found


def best_four(club: Club, ann: Any, events: list[Event], **changes: Any) -> League:
    terms = {
        "name": "Thursday league 2027",
        "events": events,
        "rule": League.PLACES,
        "place_points": "10, 6, 3",
        "taking_part": TAKING_PART,
        "counted": 4,
        "minimum": 3,
        **changes,
    }
    return writes.create_league(by=ann, club=club, terms=Terms(**terms))


# ---- the table ----------------------------------------------------------------------------


def test_a_league_of_six_events_counts_each_players_best_four(
    club: Club, ann: Any, six: list[Event]
) -> None:
    league = best_four(club, ann, six)
    assert league.planned_count == 6
    found = reading.league_table(league)
    expected = own_count(4)
    by_name = {row.name: row for row in found.rows}
    assert set(by_name) == set(expected)
    for name, (total, dropped) in expected.items():
        row = by_name[name]
        assert row.points == pytest.approx(total), name
        assert sorted(line.value for line in row.lines if not line.counted) == dropped, name
        assert len(row.counted) == min(4, row.events)
    # p1 played all six: 10, 3, 6, 1, 10, 1 -> 29, two 1s dropped.
    assert by_name["p1"].points == 29 and by_name["p1"].dropped == 2
    # Ranked by counted points; p6 played 2 of the 3 needed: listed last, not ranked.
    ranked = [(row.rank, row.name) for row in found.rows if row.ranked]
    assert ranked == [(1, "p1"), (2, "p2"), (3, "p3"), (4, "p5"), (5, "p4")]
    assert [row.name for row in found.rows][-1] == "p6" and not by_name["p6"].ranked
    # Each event's column holds the player's own value in it.
    for column, places in enumerate(PLACES):
        for name, place in places.items():
            cell = by_name[name].cells[column]
            assert cell is not None and cell.result.rank == place


def test_the_league_page_print_projector_and_csv_mark_the_dropped_results(
    client: Any, club: Club, ann: Any, six: list[Event]
) -> None:
    league = best_four(club, ann, six)
    args = [club.slug, league.pk]
    page = client.get(reverse("tournaments:league", args=args)).content.decode()
    assert "Thursday league 2027" in page
    # p1's two dropped 1s and p2's one: three struck-through results, each said in words.
    assert (
        page.count(
            '<s class="league-dropped">1</s> <span class="league-dropped-label">dropped</span>'
        )
        == 3
    )
    assert '<strong class="league-counted">10</strong>' in page
    assert "not yet ranked (2 of 3 events)" in page
    assert "Ties: more counted points, then more events won, then the better best place" in page
    assert "best 4 results of 6 events count" in page
    for name in ("print", "screen"):
        sheet = client.get(reverse(f"tournaments:league_{name}", args=args))
        assert sheet.status_code == 200
        text = sheet.content.decode()
        assert text.count("dropped</span>") == 3 and "p6" in text
    body = client.get(reverse("tournaments:league_csv", args=args))
    assert body["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(body.content.decode())))
    head = rows[0]
    assert head[:4] == ["Rank", "Player", "Counted points", "Events"]
    assert head[4:] == [e.name for e in six]
    by_name = {row[1]: row for row in rows[1:]}
    expected = own_count(4)
    assert {name: float(row[2]) for name, row in by_name.items()} == {
        name: total for name, (total, _) in expected.items()
    }
    assert by_name["p1"][0] == "1" and by_name["p6"][0] == "not yet ranked"
    # p1: 10, 3, 6, 1 (dropped), 10, 1 (dropped): the later of two equal results goes.
    assert by_name["p1"][4:] == ["10", "3", "6", "1 (dropped)", "10", "1 (dropped)"]
    assert by_name["p6"][4:] == ["", "", "", "6", "3", ""]


def test_the_season_is_the_league_of_its_year_with_todays_rule(
    client: Any, club: Club, ann: Any, six: list[Event]
) -> None:
    year = six[0].started_at.year
    found = season.season(club, year)
    league = writes.create_league(
        by=ann, club=club, terms=Terms(name="All of them", events=six, rule=League.SEASON)
    )
    again = reading.league_table(league)
    seen = [(r.name, r.rank, r.points, r.maximum, r.wins, r.best, r.events) for r in found.rows]
    assert seen == [
        (r.name, r.rank, r.points, r.maximum, r.wins, r.best, r.events) for r in again.rows
    ]
    # The season rule: each event's points (a point per opponent outlasted), all counted.
    outlasted = {name: 0.0 for places in PLACES for name in places}
    for places in PLACES:
        for name, place in places.items():
            outlasted[name] += 4 - place
    assert {r.name: r.points for r in found.rows} == outlasted
    assert {r.name: r.wins for r in found.rows}["p1"] == 2
    page = client.get("/clubs/kitchen/season/").content.decode()
    assert "dropped" not in page and all(f">{name}</a>" in page for name in outlasted)


def test_ties_are_broken_by_wins_then_the_best_place_then_shared() -> None:
    rule = table.Rule(kind=table.PLACES, place_points=(5, 3, 1), counted=2)

    def result(column: int, rank: int) -> table.Result:
        return table.Result(column, rank, 1, 0, 0, won=rank == 1)

    rows = table.standings(
        [
            (1, "a", [result(0, 2), result(1, 2), result(2, 3)]),  # 3 + 3 = 6, no win
            (2, "b", [result(0, 1), result(1, 3), result(2, 4)]),  # 5 + 1 = 6, a win
            (3, "c", [result(0, 3), result(1, 1)]),  # 1 + 5 = 6, a win
            (4, "d", [result(0, 4), result(1, 2), result(2, 2)]),  # 3 + 3 = 6, no win
        ],
        rule,
        3,
    )
    assert [(r.name, r.rank, r.shared) for r in rows] == [
        ("b", 1, True),
        ("c", 1, True),
        ("a", 3, True),
        ("d", 3, True),
    ]
    assert [line.counted for line in rows[2].lines] == [True, True, False]


# ---- a weekly series ------------------------------------------------------------------------


def test_a_league_over_a_series_takes_its_first_planned_weeks(
    club: Club, ann: Any, six: list[Event]
) -> None:
    series = EventSeries.objects.create(
        club=club, template=six[0], weekday=3, local_time=time(19, 30), created_by=ann
    )
    for k, event in enumerate(six[:5]):
        event.series, event.occurrence = series, timezone.localdate() + timedelta(weeks=k)
        event.save(update_fields=["series", "occurrence"])
    league = writes.create_league(
        by=ann,
        club=club,
        terms=Terms(name="Series", series=series, planned=4, rule=League.SEASON, counted=3),
    )
    assert league.league_events() == six[:4] and league.planned_count == 4
    found = reading.league_table(league)
    assert all(len(row.counted) <= 3 for row in found.rows)


# ---- refusals ------------------------------------------------------------------------------


def test_every_refusal_is_a_sentence_and_writes_nothing(
    club: Club, ann: Any, six: list[Event], django_user_model: Any
) -> None:
    other = Club.objects.create(name="Other Club", slug="other")
    stranger = django_user_model.objects.create_user("zed", password="x" * 12)
    Membership.objects.create(club=other, user=stranger, role=Membership.OWNER)
    foreign = services.create_event(
        club=other,
        by=stranger,
        rule_set=six[0].rule_set,
        name="Elsewhere",
        starts_at=timezone.now() + timedelta(hours=1),
        turn_timer=0,
    )
    best_four(club, ann, six)
    before = list(League.objects.values_list("pk", "name", "counted"))
    refused = {
        "A league of 6 events cannot count the best 7": {"counted": 7},
        "A league counts at least its best result": {"counted": 0},
        "cannot ask for 7 of them to rank a player": {"minimum": 7},
        "Write the points as numbers": {"place_points": "10, seven, 5"},
        "none below 0": {"place_points": "10, -1"},
        "Give the points for 1st": {"place_points": " , "},
        "Elsewhere is an event of another club": {"events": [*six, foreign]},
        "already has a league named": {"name": "THURSDAY league 2027"},
        "Choose the league's events, or a weekly series": {"events": []},
        "Only Kitchen Club's organizers can do that": {"name": "x", "by": "member"},
    }
    member = Membership.objects.filter(club=club, role=Membership.MEMBER).first().user
    for sentence, changes in refused.items():
        by = member if changes.pop("by", None) else ann
        with pytest.raises(ServiceError, match=sentence):
            terms = {
                "name": "Second",
                "events": six,
                "rule": League.PLACES,
                "place_points": "10, 6, 3",
                "counted": 4,
                **changes,
            }
            writes.create_league(by=by, club=club, terms=Terms(**terms))
        assert list(League.objects.values_list("pk", "name", "counted")) == before, sentence


def test_the_form_says_n_over_m_and_makes_nothing(club: Club, ann: Any, six: list[Event]) -> None:
    url = reverse("tournaments:league_new", args=[club.slug])
    data = {
        "name": "Too many",
        "events": [e.pk for e in six[:3]],
        "rule": League.PLACES,
        "place_points": "10, 6, 3",
        "counted": "4",
    }
    page = phone(ann).post(url, data)
    assert page.status_code == 400
    assert "A league of 3 events cannot count the best 4: at most 3." in page.content.decode()
    assert not League.objects.exists()
    made = phone(ann).post(url, {**data, "counted": "2"}, follow=True)
    league = League.objects.get()
    assert made.redirect_chain[-1][0] == league.get_absolute_url()
    assert list(league.events.order_by("pk")) == six[:3] and league.counted == 2


# ---- who may change a league ----------------------------------------------------------------


def test_only_an_organizer_makes_changes_and_deletes_after_asking(
    client: Any, club: Club, ann: Any, members: list[Any], six: list[Event]
) -> None:
    league = best_four(club, ann, six)
    args = [club.slug, league.pk]
    member = phone(members[0])
    for name in ("league_edit", "league_delete"):
        assert member.get(reverse(f"tournaments:{name}", args=args)).status_code == 403
        assert (
            member.post(reverse(f"tournaments:{name}", args=args), {"name": "x"}).status_code == 403
        )
    assert member.get(reverse("tournaments:league_new", args=[club.slug])).status_code == 403
    assert client.get(reverse("tournaments:league_edit", args=args)).status_code == 302  # log in
    league.refresh_from_db()
    assert league.name == "Thursday league 2027"
    # Everyone reads it; the club's page links to it; only organizers see the controls.
    shown = client.get(reverse("tournaments:league", args=args)).content.decode()
    assert "Change the league" not in shown
    assert league.get_absolute_url() in client.get(club.get_absolute_url()).content.decode()
    listed = client.get(reverse("tournaments:leagues", args=[club.slug])).content.decode()
    assert league.get_absolute_url() in listed and "New league" not in listed
    organizer = phone(ann)
    assert "Change the league" in organizer.get(league.get_absolute_url()).content.decode()
    # Changing it: the form starts from what is stored.
    form = organizer.get(reverse("tournaments:league_edit", args=args)).content.decode()
    assert 'value="10, 6, 3"' in form
    organizer.post(
        reverse("tournaments:league_edit", args=args),
        {
            "name": "Thursday league",
            "events": [e.pk for e in six],
            "rule": League.PLACES,
            "place_points": "10, 6, 3",
            "taking_part": "1",
            "counted": "5",
            "minimum": "3",
        },
    )
    league.refresh_from_db()
    assert (league.name, league.counted) == ("Thursday league", 5)
    # Deleting asks first: the GET is a question, the POST deletes; the events stay.
    asked = organizer.get(reverse("tournaments:league_delete", args=args)).content.decode()
    assert "Delete the league?" in asked and League.objects.filter(pk=league.pk).exists()
    organizer.post(reverse("tournaments:league_delete", args=args))
    assert not League.objects.filter(pk=league.pk).exists()
    assert Event.objects.filter(pk__in=[e.pk for e in six]).count() == 6
