"""tournaments.services: a whole Swiss event played through the services, and each
refusal writing nothing."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from clubs.models import Club, Membership
from games.models import Game, GameEvent, GamePlayer, RuleSet, Table
from games.services import ServiceError
from tests.games.playing import play_out
from tournaments import services
from tournaments.formats.swiss import results as records
from tournaments.formats.swiss.rounds import BOT_LEVEL
from tournaments.models import Bye, Correction, Entry, Event, Round, RoundSeat, RoundTable
from tournaments.services import clock

pytestmark = pytest.mark.django_db


def play_round(round_: Round, capture: Any) -> None:
    """Play every game of `round_` to its end; the on-commit hooks record the tables
    (and seat and start the next round) when the block ends."""
    with capture(execute=True):
        for table in round_.tables.select_related("game"):
            play_out(table.game)


def register_all(event: Event, users: list[Any]) -> None:
    for user in users:
        services.register(event=event, user=user)


def seated_entries(round_: Round) -> list[int]:
    return list(
        RoundSeat.objects.filter(table__round=round_, entry__isnull=False).values_list(
            "entry_id", flat=True
        )
    )


def test_a_whole_event_plays_its_rounds_by_itself(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(rounds=3, table_size=4, table_min=3, table_max=4)
    players = [ann, *members[:5]]  # six: two tables of three
    register_all(event, players)
    first = services.start_event(event=event, by=ann)
    assert first.status == Round.PLAYING
    for number in (1, 2, 3):
        round_ = Round.objects.get(event=event, number=number)
        assert round_.status == Round.PLAYING
        assert sorted(round_.tables.values_list("number", flat=True)) == [1, 2]
        # Everyone seated exactly once; no bots needed for six.
        assert Counter(seated_entries(round_)) == Counter(
            Entry.objects.filter(event=event).values_list("pk", flat=True)
        )
        for table in round_.tables.select_related("game"):
            # The system started it, with seat 0 dealing first.
            chosen = GameEvent.objects.get(game=table.game, kind="dealer_chosen")
            assert chosen.data == {"method": "chosen", "dealer": 0, "draws": []}
            assert table.table.starters == "system" and table.table.owner is None
        play_round(round_, django_capture_on_commit_callbacks)
        round_.refresh_from_db()
        assert round_.status == Round.FINISHED
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    assert event.round_set.count() == 3
    rows = records.standings(event)
    assert len(rows) == 6
    # Outlasted points: each game of three gives out 0 + 1 + 2.
    assert sum(row.points for row in rows) == pytest.approx(3 * 2 * 3)
    assert all(row.games == 3 for row in rows)
    # The places stored are the games' own.
    for seat in RoundSeat.objects.filter(table__round__event=event).select_related("table"):
        player = GamePlayer.objects.get(game=seat.table.game, position=seat.position)
        assert seat.place == player.place


def test_first_dealers_are_balanced_over_rounds(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(rounds=3, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:5]])
    services.start_event(event=event, by=ann)
    dealt: Counter[int] = Counter()
    for number in (1, 2, 3):
        round_ = Round.objects.get(event=event, number=number)
        for table in round_.tables.all():
            seats = list(table.seats.order_by("position").values_list("entry_id", flat=True))
            # Seat 0 deals first: one of those at the table who dealt first least often.
            assert dealt[seats[0]] == min(dealt[p] for p in seats)
            dealt[seats[0]] += 1
        play_round(round_, django_capture_on_commit_callbacks)
    assert max(dealt.values()) <= 2 and len(dealt) >= 4


def test_bots_fill_a_short_field_and_are_never_ranked(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(rounds=1, table_size=4, table_min=4, table_max=4)
    register_all(event, [ann, *members[:4]])  # five at tables of four: three bots
    round_ = services.start_event(event=event, by=ann)
    seats = RoundSeat.objects.filter(table__round=round_)
    assert seats.filter(entry__isnull=True).count() == 3
    assert set(seats.filter(entry__isnull=True).values_list("bot_level", flat=True)) == {BOT_LEVEL}
    play_round(round_, django_capture_on_commit_callbacks)
    rows = records.standings(event)
    assert len(rows) == 5 and all(row.player is not None for row in rows)


def test_without_bots_the_odd_player_gets_a_bye(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = make_event(rounds=2, table_size=3, table_min=3, table_max=3, bots_fill=False)
    register_all(event, [ann, *members[:3]])  # four at tables of three: one sits out
    round_ = services.start_event(event=event, by=ann)
    assert len(seated_entries(round_)) == 3
    bye = Bye.objects.get(round=round_)
    assert bye.points == event.bye_points == 1.0  # half a won game at three seats
    row = next(r for r in records.standings(event) if r.player == bye.entry_id)
    assert row.points == 1.0 and row.byes == 1


def test_the_last_two_tables_finishing_advance_the_round_once(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(rounds=2, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:5]])
    round_ = services.start_event(event=event, by=ann)
    tables = list(round_.tables.select_related("game"))
    for table in tables:
        play_out(table.game)  # outside the capture: nothing recorded yet
    assert [services.record_table(game_id=t.game_id) for t in tables] == [True, True]
    # Repeated and late deliveries change nothing.
    assert [services.record_table(game_id=t.game_id) for t in tables] == [False, False]
    assert event.round_set.count() == 2
    assert Round.objects.get(event=event, number=2).status == Round.PLAYING


def test_record_table_ignores_a_game_in_play_and_other_games(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = make_event(rounds=1, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:2]])
    round_ = services.start_event(event=event, by=ann)
    game = round_.tables.get().game
    assert services.record_table(game_id=game.pk) is False
    assert RoundTable.objects.get(game=game).finished_at is None
    assert services.record_table(game_id=10**9) is False


def test_a_round_opens_its_tables_in_queries_that_do_not_grow_with_the_tables(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    """Issue 27: a round's games.Tables and their seats are written in one query each,
    and its round tables in one, however many tables (each is still dealt on its own)."""
    event = make_event(rounds=2, advance=Event.MANUAL, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:5]])
    round_ = services.start_event(event=event, by=ann)
    with CaptureQueriesContext(connection) as queries:
        services.start_round(round_=round_, by=ann)
    statements = [q["sql"] for q in queries.captured_queries]

    def count(start: str) -> int:
        return sum(1 for sql in statements if sql.startswith(start))

    assert Game.objects.count() == 2
    assert count('INSERT INTO "games_table"') == 1
    assert count('INSERT INTO "games_seat"') == 1
    assert count('UPDATE "tournaments_roundtable"') == 1
    assert count('INSERT INTO "games_game"') == 2  # dealt one by one
    opened = Table.objects.filter(event_tables__round=round_).order_by("pk")
    assert [t.name for t in opened] == [
        "Tuesday Swiss · round 1, table 1",
        "Tuesday Swiss · round 1, table 2",
    ]
    assert all(t.starters == Table.STARTED_BY_SYSTEM and t.owner is None for t in opened)
    for table in RoundTable.objects.filter(round=round_).select_related("table", "game"):
        assert table.game.table_id == table.table_id
        seated = list(table.table.seats.order_by("position").values_list("user_id", flat=True))
        assert seated == [
            s.entry.user_id for s in table.seats.select_related("entry").order_by("position")
        ]


def test_manual_events_wait_for_the_organizer(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(rounds=2, advance=Event.MANUAL, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:5]])
    round_ = services.start_event(event=event, by=ann)
    assert round_.status == Round.SEATED and not Game.objects.exists()
    services.start_round(round_=round_, by=ann)
    with pytest.raises(ServiceError, match="already started"):
        services.start_round(round_=round_, by=ann)
    assert Game.objects.count() == 2
    play_round(round_, django_capture_on_commit_callbacks)
    second = Round.objects.get(event=event, number=2)
    assert second.status == Round.SEATED


def test_swap_and_lock_in_a_seated_round(make_event: Any, ann: Any, members: list[Any]) -> None:
    event = make_event(rounds=2, advance=Event.MANUAL, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:5]])
    round_ = services.start_event(event=event, by=ann)
    a = RoundSeat.objects.get(table__round=round_, table__number=1, position=1)
    b = RoundSeat.objects.get(table__round=round_, table__number=2, position=2)
    before = (a.entry_id, b.entry_id)
    services.swap_seats(round_=round_, by=ann, first=a, second=b)
    a.refresh_from_db()
    b.refresh_from_db()
    assert (b.entry_id, a.entry_id) == before
    services.lock_seat(seat=a, by=ann, locked=True)
    # A late entry reseats the round; the locked seat keeps its player.
    late = members[5]
    services.register(event=event, user=late)
    round_ = Round.objects.get(event=event, number=1)
    kept = RoundSeat.objects.get(table__round=round_, table__number=1, position=1)
    assert kept.entry_id == before[1] and kept.locked
    assert Entry.objects.get(user=late).pk in seated_entries(round_)


def test_withdrawing_mid_game_lets_a_bot_finish_and_the_results_stand(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(rounds=2, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:5]])
    round_ = services.start_event(event=event, by=ann)
    quitter = members[0]
    entry = Entry.objects.get(user=quitter)
    services.withdraw(event=event, entry=entry, by=quitter)
    game = RoundTable.objects.get(round=round_, seats__entry=entry).game
    player = GamePlayer.objects.get(game=game, user=quitter)
    assert player.away and player.away_reason == "withdrawn"
    with pytest.raises(ServiceError, match="already withdrawn"):
        services.withdraw(event=event, entry=entry, by=ann)
    play_round(round_, django_capture_on_commit_callbacks)
    second = Round.objects.get(event=event, number=2)
    assert entry.pk not in seated_entries(second)
    row = next(r for r in records.standings(event) if r.player == entry.pk)
    assert row.withdrawn and row.games == 1


def test_late_entry_until_half_the_rounds_have_started(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(rounds=3, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:4]])
    round_ = services.start_event(event=event, by=ann)
    late = services.register(event=event, user=members[4])
    assert late.first_round == 2
    bye = Bye.objects.get(entry=late)
    assert bye.late and bye.round == round_ and bye.points == event.bye_points
    play_round(round_, django_capture_on_commit_callbacks)
    assert late.pk in seated_entries(Round.objects.get(event=event, number=2))
    # Round 2 of 3 has started: more than half.
    with pytest.raises(ServiceError, match="too late"):
        services.register(event=event, user=members[5])
    assert not Entry.objects.filter(user=members[5]).exists()


def test_correcting_a_result_is_logged_and_the_standings_follow(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(rounds=1, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:2]])
    round_ = services.start_event(event=event, by=ann)
    seat = RoundSeat.objects.filter(table__round=round_).order_by("-place", "position").first()
    with pytest.raises(ServiceError, match="still being played"):
        services.correct_result(seat=seat, by=ann, place=1, reason="typo")
    play_round(round_, django_capture_on_commit_callbacks)
    seat.refresh_from_db()
    worst = RoundSeat.objects.filter(table__round=round_).order_by("-place").first()
    before = {r.player: r.points for r in records.standings(event)}
    with pytest.raises(ServiceError, match="reason"):
        services.correct_result(seat=worst, by=ann, place=1, reason=" ")
    with pytest.raises(ServiceError, match="1 to 3"):
        services.correct_result(seat=worst, by=ann, place=4, reason="scorer's slip")
    assert not Correction.objects.exists()
    services.correct_result(seat=worst, by=ann, place=1, reason="scorer's slip")
    correction = Correction.objects.get()
    assert (correction.old_place, correction.new_place) == (worst.place, 1)
    after = {r.player: r.points for r in records.standings(event)}
    assert after[worst.entry_id] > before[worst.entry_id]


# ---- refusals ---------------------------------------------------------------------


def test_create_refuses_bad_settings_and_creates_nothing(
    club: Club, ann: Any, scat: RuleSet, members: list[Any]
) -> None:
    start = timezone.now() + timedelta(hours=1)
    base = {"club": club, "by": ann, "name": "Night", "rule_set": scat, "starts_at": start}
    cases = [
        ({"by": members[0]}, "organizers"),
        ({"name": "  "}, "Name the event"),
        ({"rule_set": None}, "Choose the rules"),
        ({"rounds": 0}, "1 to 15 rounds"),
        ({"rounds": 16}, "1 to 15 rounds"),
        ({"table_size": 2, "table_min": 2}, "Tables seat 3 to 8"),
        ({"table_min": 5, "table_size": 4}, "Tables seat 3 to 8"),
        ({"table_max": 9}, "Tables seat 3 to 8"),
        ({"scoring": "places", "place_points": ()}, "points for 1st"),
        ({"scoring": "places", "place_points": (1, 3)}, "better place"),
        ({"tiebreaks": ["coin_toss"]}, "tie-break"),
        ({"tiebreaks": ["lots", "lots"]}, "tie-break"),
        ({"bye_points": 9}, "A bye scores 0 to"),
        ({"starts_at": None}, "when the event starts"),
        ({"turn_timer": 7}, "turn timer"),
        ({"player_cap": 1}, "cap"),
        ({"player_cap": 4, "rounds": 4}, "more than useful"),
    ]
    for change, message in cases:
        with pytest.raises(ServiceError, match=message):
            services.create_event(**{**base, **change})
    assert not Event.objects.exists()


def test_a_rule_set_that_cannot_seat_the_table_size_is_refused(
    club: Club, ann: Any, presets: None
) -> None:
    small = RuleSet.objects.create(name="Duel", preset="scat", changes={"max_players": 4})
    with pytest.raises(ServiceError, match="seats at most 4"):
        services.create_event(
            club=club,
            by=ann,
            name="Night",
            rule_set=small,
            starts_at=timezone.now(),
            table_max=5,
        )
    assert not Event.objects.exists()


def test_an_organizer_of_another_club_is_refused(
    make_event: Any, members: list[Any], django_user_model: Any
) -> None:
    event = make_event()
    other = Club.objects.create(name="Other", slug="other")
    boss = django_user_model.objects.create_user("boss", password="x" * 12)
    Membership.objects.create(club=other, user=boss, role=Membership.OWNER)
    with pytest.raises(ServiceError, match="organizers"):
        services.set_registration(event=event, by=boss, open=False)
    with pytest.raises(ServiceError, match="organizers"):
        services.start_event(event=event, by=boss)
    entry = services.register(event=event, user=members[0])
    with pytest.raises(ServiceError, match="Only the player"):
        services.withdraw(event=event, entry=entry, by=boss)
    event.refresh_from_db()
    assert event.registration_open and event.status == Event.UPCOMING
    assert Entry.objects.get().active


def test_registration_refusals(
    make_event: Any, ann: Any, members: list[Any], django_user_model: Any
) -> None:
    event = make_event(player_cap=2, rounds=1)
    services.register(event=event, user=members[0])
    with pytest.raises(ServiceError, match="already registered"):
        services.register(event=event, user=members[0])
    outsider = django_user_model.objects.create_user("out", password="x" * 12)
    with pytest.raises(ServiceError, match="Join Kitchen Club"):
        services.register(event=event, user=outsider)
    services.register(event=event, user=members[1])
    with pytest.raises(ServiceError, match="full"):
        services.register(event=event, user=members[2])
    Event.objects.filter(pk=event.pk).update(player_cap=None)
    services.set_registration(event=event, by=ann, open=False)
    with pytest.raises(ServiceError, match="closed"):
        services.register(event=event, user=members[3])
    assert Entry.objects.count() == 2


def test_invite_only_events_need_the_token(make_event: Any, django_user_model: Any) -> None:
    event = make_event(entry=Event.INVITE)
    guest = django_user_model.objects.create_user("guest", password="x" * 12)
    with pytest.raises(ServiceError, match="invite link"):
        services.register(event=event, user=guest, token="wrong")
    assert services.register(event=event, user=guest, token=event.invite_token).active


def test_check_in_window(make_event: Any, ann: Any, members: list[Any]) -> None:
    event = make_event(rounds=1, checkin_minutes=30, starts_at=timezone.now() + timedelta(hours=2))
    for user in members[:3]:
        services.register(event=event, user=user)
    with pytest.raises(ServiceError, match="opens 30 minutes"):
        services.check_in(event=event, user=members[0])
    event.starts_at = timezone.now() + timedelta(minutes=10)
    event.save()
    for user in members[:2]:
        services.check_in(event=event, user=user)
    with pytest.raises(ServiceError, match="Register first"):
        services.check_in(event=event, user=members[4])
    services.start_event(event=event, by=ann)
    # Who did not check in is not seated.
    absent = Entry.objects.get(user=members[2])
    assert absent.status == Entry.WITHDRAWN
    with pytest.raises(ServiceError, match="closed"):
        services.check_in(event=event, user=members[0])


def test_too_many_rounds_for_the_field_is_refused(make_event: Any, ann: Any, members: list[Any]):
    event = make_event(rounds=5)
    register_all(event, members[:4])
    with pytest.raises(ServiceError, match="more than useful"):
        services.start_event(event=event, by=ann)
    assert not Round.objects.exists()
    event.refresh_from_db()
    assert event.status == Event.UPCOMING


def test_the_sweep_starts_an_event_at_its_time(make_event: Any, members: list[Any]) -> None:
    event = make_event(rounds=2, starts_at=timezone.now() + timedelta(minutes=5))
    register_all(event, members[:3])
    services.sweep()
    assert not Round.objects.exists()
    services.sweep(now=timezone.now() + timedelta(minutes=6))
    event.refresh_from_db()
    assert event.status == Event.RUNNING
    assert Round.objects.get(event=event).status == Round.PLAYING
    services.sweep(now=timezone.now() + timedelta(minutes=7))
    assert Round.objects.filter(event=event).count() == 1


def test_one_game_the_sweep_cannot_record_does_not_stop_it_recording_the_others(
    make_event: Any, members: list[Any], ann: Any, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    event = make_event(advance=Event.MANUAL, table_size=3, table_min=3, table_max=3)
    register_all(event, members[:6])
    services.start_event(event=event, by=ann)
    round_ = event.round_set.get()
    services.start_round(round_=round_, by=ann)
    first, second = round_.tables.order_by("number").select_related("game")
    for table in (first, second):
        play_out(table.game)  # no commit hook runs here: both wait for the sweep
    real_record_table = services.record_table

    def broken_for_the_first(*, game_id: int) -> bool:
        if game_id == first.game_id:
            raise RuntimeError("a bug in recording one event's table")
        return real_record_table(game_id=game_id)

    # The sweep calls it where both live (tournaments.services.clock).
    monkeypatch.setattr(clock, "record_table", broken_for_the_first)
    services.sweep()
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.finished_at is None and second.finished_at is not None
    assert f"sweep: record the game {first.game_id} failed" in caplog.text
    monkeypatch.setattr(clock, "record_table", real_record_table)
    services.sweep()  # the next sweep tries it again
    first.refresh_from_db()
    assert first.finished_at is not None
