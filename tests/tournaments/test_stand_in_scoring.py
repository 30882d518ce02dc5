"""The stand-in policy (docs/tournaments.md#stand-ins): what a round a bot played for a player who
did not come scores them (`Event.stand_in_scoring`: the bot's result, a bye's points,
none), in the pure standings and in a Swiss event's standings, placings, CSV and page;
when a seat is marked `RoundSeat.stood_in`; the formats it does not apply to; the create
form with JavaScript off."""

from __future__ import annotations

import csv
import html
import io
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Club
from games import services as games
from games.models import GamePlayer
from tests.games.playing import play_out
from tests.tournaments.test_pages import good_data
from tournaments import formats, services
from tournaments.formats.swiss import results
from tournaments.formats.swiss import standings as tally
from tournaments.formats.team_battle import TEAM_BATTLE
from tournaments.models import Entry, Event, Round, RoundSeat, RoundTable

BOT = None


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


# ---- the pure standings -------------------------------------------------------------


def seat(player: Any, place: int, lives_lost: int = 0, stood_in: bool = False) -> Any:
    return tally.SeatResult(player, place, lives_lost, stood_in)


# Round 1: a bot stood in for "a" and won table 1 (a, b, c); "d" won table 2 (d, e, bot).
ROUND_1 = (
    tally.TableResult(1, 1, (seat("a", 1, stood_in=True), seat("b", 2, 1), seat("c", 3, 2))),
    tally.TableResult(1, 2, (seat("d", 1), seat("e", 2, 1), seat(BOT, 3, 2))),
)
PLAYERS = ["a", "b", "c", "d", "e"]


def rows(policy: str, tiebreaks: tuple[str, ...] = (), tables: Any = ROUND_1) -> dict:
    found = tally.standings(
        PLAYERS,
        tables,
        (),
        tally.Scoring(),
        tiebreaks,
        seed=0,
        stand_in=tally.StandIn(policy, bye_points=1.5),
    )
    return {row.player: row for row in found}


@pytest.mark.parametrize(
    ("policy", "points", "rank"),
    [(tally.STAND_IN_PLAYED, 2, 1), (tally.STAND_IN_BYE, 1.5, 2), (tally.STAND_IN_ZERO, 0, 4)],
)
def test_a_stood_in_round_scores_by_the_policy_and_the_others_as_played(
    policy: str, points: float, rank: int
):
    got = rows(policy)
    assert got["a"].points == points
    assert got["a"].rank == rank
    assert got["a"].cells[1] == tally.Cell(1, 1, points, stood_in=True)
    # The game still counts as theirs: its maximum, and the lives the bot lost.
    assert got["a"].games == 1 and got["a"].maximum == 2 and got["a"].lives_lost == 0
    # The opponents' results are as played: the bot's place outlasted b and c.
    assert (got["b"].points, got["c"].points, got["d"].points) == (1, 0, 2)
    assert got["d"].rank == 1


def test_only_the_bots_result_played_in_full_gives_a_table_win_and_tiebreak_credit():
    tiebreaks = ("table_wins", "outlasted_sum", "opponents_average")
    played = rows(tally.STAND_IN_PLAYED, tiebreaks)["a"]
    assert played.table_wins == 1
    assert played.tiebreaks == (1, 1.0, 0.5)  # outlasted b (1) and c (0); their average
    zero = rows(tally.STAND_IN_ZERO, tiebreaks)
    assert zero["a"].table_wins == 0
    assert zero["a"].tiebreaks == (0, 0.0, 0.5)  # nothing outlasted; opponents still met
    # b's opponents' average counts a's final score as the policy made it: (0 + 0) / 2.
    assert zero["b"].tiebreaks[2] == 0.0
    assert rows(tally.STAND_IN_PLAYED, tiebreaks)["b"].tiebreaks[2] == 1.0  # (2 + 0) / 2


def test_head_to_head_gives_a_stood_in_seat_nothing_of_the_bots_but_its_opponents_their_due():
    # a (stood in, a bye's 1.5), b and e level on 1.5 after round 2; a and b met in
    # round 1, b and e tied for 2nd in round 2.
    round_2 = (
        tally.TableResult(2, 1, (seat("b", 2), seat("c", 1), seat("e", 2))),
        tally.TableResult(2, 2, (seat("a", 3), seat("d", 1), seat(BOT, 2))),
    )
    got = rows(tally.STAND_IN_BYE, ("head_to_head",), ROUND_1 + round_2)
    assert got["a"].points == got["b"].points == got["e"].points == 1.5
    # The bot outlasted b for a: not a's. b, behind the bot, earns only its tie with e.
    assert [got[p].tiebreaks for p in "abe"] == [(0.0,), (0.5,), (0.5,)]
    assert [got[p].rank for p in "abe"] == [5, 3, 3]  # after d (4) and c (2)
    played = rows(tally.STAND_IN_PLAYED, ("head_to_head",), ROUND_1 + round_2)
    assert played["a"].points == 2


def test_the_csv_cell_says_a_bot_played():
    found = tally.standings(
        PLAYERS, ROUND_1, (), tally.Scoring(), (), 0, stand_in=tally.StandIn("bye", 1.5)
    )
    table = tally.csv_rows(found, 1, [], str)
    by_name = {row[1]: row for row in table[1:]}
    assert by_name["a"][2] == "1.5"
    assert by_name["a"][-1] == "T1 P1 (1.5), a bot played"
    assert by_name["b"][-1] == "T1 P2 (1)"


def test_an_unknown_policy_is_refused_and_the_models_choices_are_the_policies():
    with pytest.raises(ValueError, match="unknown stand-in policy"):
        tally.StandIn("half")
    assert tuple(dict(Event.STAND_IN_SCORING)) == tally.STAND_IN_POLICIES


# ---- a Swiss event: a bot stands in for p1 in round 1 -------------------------------------


def swiss_night(
    make_event: Any, ann: Any, members: list[Any], capture: Any, policy: str, **options: Any
) -> tuple[Event, Entry]:
    """A one-round Swiss of six at two tables of three, a bot standing in for p1 in
    round 1, played out; then the places fixed: p1's bot won p1's table, and the other
    table finished in seat order."""
    options = {"rounds": 1, "table_size": 3, "table_min": 3, "table_max": 3, **options}
    event = make_event(stand_in_scoring=policy, bye_points=1.5, tiebreaks=[], **options)
    for user in [ann, *members[:5]]:
        services.register(event=event, user=user)
    round_ = services.start_event(event=event, by=ann)
    absent = Entry.objects.get(event=event, user=members[0])
    with capture(execute=True):
        services.stand_in(event=event, entry=absent, by=ann, on=True)
    mine = RoundSeat.objects.get(table__round=round_, entry=absent)
    assert mine.stood_in
    assert list(RoundSeat.objects.filter(stood_in=True)) == [mine]
    with capture(execute=True):
        for table in round_.tables.select_related("game"):
            play_out(table.game)
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    for table in round_.tables.all():
        seats = list(table.seats.order_by("position"))
        seats.sort(key=lambda s: s.pk != mine.pk)  # p1 first at theirs
        for place, s in enumerate(seats, start=1):
            RoundSeat.objects.filter(pk=s.pk).update(place=place)
    return event, absent


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("policy", "points", "rank"),
    [
        (Event.STAND_IN_PLAYED, "2", 1),
        (Event.STAND_IN_BYE, "1.5", 2),
        (Event.STAND_IN_ZERO, "0", 4),
    ],
)
def test_a_swiss_event_scores_the_stood_in_round_by_its_policy_everywhere(
    make_event: Any,
    ann: Any,
    members: list[Any],
    django_capture_on_commit_callbacks: Any,
    policy: str,
    points: str,
    rank: int,
):
    event, absent = swiss_night(
        make_event, ann, members, django_capture_on_commit_callbacks, policy
    )
    rows = {row.player: row for row in results.standings(event)}
    assert rows[absent.pk].points == float(points)
    assert rows[absent.pk].rank == rank
    # Everyone else scores as played: 2, 1, 0 at each table.
    others = sorted(row.points for player, row in rows.items() if player != absent.pk)
    assert others == [0, 0, 1, 1, 2]

    # The podium and p1's own line say the same.
    placing = next(p for p in formats.of(event).pages.placings(event) if p.entry_id == absent.pk)
    assert placing.rank == rank
    assert placing.score.startswith(points + " point")

    # The CSV.
    response = Client().get(reverse("tournaments:standings_csv", args=[event.pk]))
    table = list(csv.reader(io.StringIO(response.content.decode())))
    line = next(row for row in table if row[2] == "p1")  # after the "final" column
    assert line[1] == str(rank) and line[3] == points
    assert line[-1].endswith(f"P1 ({points}), a bot played")

    # The event page: its standings cell, and the rule in "About this event".
    page = html.unescape(Client().get(event.get_absolute_url()).content.decode())
    assert "(a bot played)" in page
    said = {
        Event.STAND_IN_PLAYED: "A round a bot plays for someone: the bot's result counts in full.",
        Event.STAND_IN_BYE: "A round a bot plays for someone: scores a bye's points (1.5).",
        Event.STAND_IN_ZERO: "A round a bot plays for someone: scores no points.",
    }
    assert said[policy] in page
    assert sum(text in page for text in said.values()) == 1


@pytest.mark.django_db
def test_a_stand_in_for_a_seated_round_marks_the_seat_when_its_games_start_and_im_back_keeps_it(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
):
    event = make_event(
        rounds=2, advance=Event.MANUAL, table_size=3, table_min=3, table_max=3, turn_timer=0
    )
    for user in [ann, *members[:5]]:
        services.register(event=event, user=user)
    waiting = services.start_event(event=event, by=ann)
    p1 = Entry.objects.get(event=event, user=members[0])
    p2 = Entry.objects.get(event=event, user=members[1])
    services.stand_in(event=event, entry=p1, by=ann, on=True)
    services.stand_in(event=event, entry=p2, by=ann, on=True)
    # Nothing is played yet: no seat is marked, and p2's seat is given back before the start.
    assert not RoundSeat.objects.filter(stood_in=True).exists()
    services.stand_in(event=event, entry=p2, by=ann, on=False)
    services.start_round(round_=waiting, by=ann)
    marked = RoundSeat.objects.filter(table__round=waiting, stood_in=True)
    assert list(marked.values_list("entry_id", flat=True)) == [p1.pk]
    # p1 arrives and says "I'm back": the round was partly the bot's, and stays marked.
    game = RoundTable.objects.get(round=waiting, seats__entry=p1).game
    assert game is not None
    with django_capture_on_commit_callbacks(execute=True):
        games.come_back(game_id=game.pk, user=members[0])
    p1.refresh_from_db()
    assert p1.stand_in_round is None
    assert not GamePlayer.objects.get(game=game, user=members[0]).away
    assert RoundSeat.objects.get(table__round=waiting, entry=p1).stood_in


@pytest.mark.django_db
def test_a_seat_whose_game_is_over_is_not_marked(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
):
    event = make_event(rounds=2, table_size=3, table_min=3, table_max=3)
    for user in [ann, *members[:5]]:
        services.register(event=event, user=user)
    round_ = services.start_event(event=event, by=ann)
    assert round_.status == Round.PLAYING
    p1 = Entry.objects.get(event=event, user=members[0])
    table = RoundTable.objects.get(round=round_, seats__entry=p1)
    with django_capture_on_commit_callbacks(execute=True):
        play_out(table.game)
    table.refresh_from_db()
    assert table.finished_at is not None
    services.stand_in(event=event, entry=p1, by=ann, on=True)  # too late for the game
    assert not RoundSeat.objects.filter(stood_in=True).exists()


# ---- the formats it does not apply to ---------------------------------------------------


def test_only_swiss_rounds_score_points_of_their_own():
    # A team battle plays Swiss rounds (docs/tournaments.md#team-battles).
    applies = [k for k, fmt in formats.FORMATS.items() if fmt.setup.stand_in_scoring_applies]
    assert applies == [Event.SWISS, TEAM_BATTLE.key]


@pytest.mark.django_db
@pytest.mark.parametrize("fmt", [Event.KNOCKOUT, Event.TOP_Q, Event.DUPLICATE])
def test_a_knockout_or_duplicate_event_keeps_the_bots_result_whatever_was_chosen(
    make_event: Any, fmt: str
):
    options: dict[str, Any] = {"format": fmt, "stand_in_scoring": Event.STAND_IN_ZERO}
    if fmt == Event.TOP_Q:
        options["top_q"] = 2
    event = make_event(**options)
    assert event.stand_in_scoring == Event.STAND_IN_PLAYED
    page = Client().get(event.get_absolute_url()).content.decode()
    assert "A round a bot plays for someone" not in page


@pytest.mark.django_db
def test_a_knockout_deal_a_bot_plays_is_marked_and_its_standings_stand_as_played(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
):
    event = make_event(format=Event.KNOCKOUT, table_size=3, table_min=3, table_max=3)
    for user in [ann, *members[:5]]:
        services.register(event=event, user=user)
    round_ = services.start_event(event=event, by=ann)
    p1 = Entry.objects.get(event=event, user=members[0])
    with django_capture_on_commit_callbacks(execute=True):
        services.stand_in(event=event, entry=p1, by=ann, on=True)
    assert RoundSeat.objects.get(table__round=round_, entry=p1).stood_in
    page = Client().get(event.get_absolute_url()).content.decode()
    assert "a bot played" not in page  # a knockout's standings are its lives, as played


# ---- the create form, JavaScript off ------------------------------------------------------


@pytest.mark.django_db
def test_the_create_form_offers_the_policy_with_its_help_line(club: Club, ann: Any, scat: Any):
    page = logged_in(ann).get(reverse("tournaments:create", args=[club.slug])).content.decode()
    assert "A round a bot played for someone scores" in page
    assert "Swiss events only: when a player does not come" in page
    for value in tally.STAND_IN_POLICIES:
        assert f'name="stand_in_scoring" value="{value}"' in page
    assert 'value="played" id="id_stand_in_scoring_0" checked' in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("posted", "stored"),
    [({"stand_in_scoring": "bye"}, "bye"), ({"stand_in_scoring": "zero"}, "zero"), ({}, "played")],
)
def test_the_create_form_posts_the_policy(
    club: Club, ann: Any, scat: Any, posted: dict, stored: str
):
    response = logged_in(ann).post(
        reverse("tournaments:create", args=[club.slug]), good_data(scat, **posted), follow=True
    )
    assert response.status_code == 200
    assert Event.objects.get().stand_in_scoring == stored


@pytest.mark.django_db
def test_the_create_form_refuses_an_unknown_policy(club: Club, ann: Any, scat: Any):
    response = logged_in(ann).post(
        reverse("tournaments:create", args=[club.slug]),
        good_data(scat, stand_in_scoring="half"),
    )
    assert not Event.objects.exists()
    assert "Select a valid choice" in response.context["form"].errors["stand_in_scoring"][0]


@pytest.mark.django_db
def test_the_services_refuse_an_unknown_policy(make_event: Any):
    with pytest.raises(services.ServiceError, match="Choose what a round a bot played"):
        make_event(stand_in_scoring="half")
