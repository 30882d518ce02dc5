"""Vacation at turn-based tables (docs/tables.md#vacation): "away until" a day stops the
time of the person's move until the day after and starts it again in full; the others see
"on vacation until …" at the table; a table allows each player only so many days in a
game (a hosted table 14, an event its own, 0 by default), and past them the deadline is
as always; the vacation's end is read on the person's club's clock, also across a
daylight-saving change."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.views import returns_at
from clubs.models import Club, Membership
from games import engine
from games import services as games
from games.models import Game, GamePlayer
from games.services import vacation

pytestmark = pytest.mark.django_db

MOVE = timedelta(hours=24)


def slow_table(ann: Any, bob: Any, scat: Any) -> Game:
    table = games.create_table(
        owner=ann, name="Slow table", rule_set=scat, seat_count=2, move_hours=24
    )
    games.join_table(table=table, user=bob)
    return Game.objects.get(pk=games.start_game(table=table, by=ann).pk)


def on_turn(game: Game) -> Any:
    return game.players.get(position=game.engine_state().turn).user


def away(user: Any, days: int) -> None:
    user.away_until = timezone.localdate() + timedelta(days=days)
    user.away_returns_at = returns_at(user)
    user.save()


def pass_turn(game: Game) -> Game:
    """The player on turn makes their move (a draw, then a discard: one turn)."""
    seat, person = game.engine_state().turn, on_turn(game)
    while game.in_play and game.engine_state().turn == seat:
        action = engine.legal_actions(game.engine_state(), seat)[0].code
        games.play(game_id=game.pk, user=person, action=action, expected_seq=game.seq)
        game = Game.objects.get(pk=game.pk)
    return game


def test_a_vacation_set_on_ones_turn_puts_the_deadline_after_it(
    ann: Any, bob: Any, scat: Any
) -> None:
    game = slow_table(ann, bob, scat)
    person = on_turn(game)
    client = Client()
    client.force_login(person)
    back = timezone.localdate() + timedelta(days=3)
    client.post(reverse("preferences"), {"language": "", "away_until": back.isoformat()})
    person.refresh_from_db()
    assert person.away_until == back and person.away_returns_at is not None
    game.refresh_from_db()
    assert game.turn_deadline == person.away_returns_at + MOVE  # the full move time after
    # Back early (the day cleared): the move has its normal time from now.
    client.post(reverse("preferences"), {"language": "", "away_until": ""})
    game.refresh_from_db()
    assert abs(game.turn_deadline - (timezone.now() + MOVE)) < timedelta(minutes=1)


def test_a_turn_coming_to_a_person_away_waits_for_them_and_the_others_see_it(
    ann: Any, bob: Any, scat: Any
) -> None:
    game = slow_table(ann, bob, scat)
    waiting = game.players.exclude(user=on_turn(game)).get().user
    away(waiting, 2)
    game = pass_turn(game)
    assert on_turn(game) == waiting
    assert game.turn_deadline == waiting.away_returns_at + MOVE
    page = Client()
    page.force_login(ann if waiting != ann else bob)
    text = page.get(game.table.get_absolute_url()).content.decode()
    day = waiting.away_until
    assert f"on vacation until {day.day} {day.strftime('%B')}" in text


def test_past_its_allowance_the_deadline_is_as_always(ann: Any, bob: Any, scat: Any) -> None:
    game = slow_table(ann, bob, scat)
    waiting = game.players.exclude(user=on_turn(game)).get().user
    GamePlayer.objects.filter(game=game, user=waiting).update(
        vacation_seconds=vacation.CASUAL_DAYS * vacation.DAY - 3600
    )
    away(waiting, 5)
    game = pass_turn(game)
    # One hour of vacation left: one hour later than the move's own time, no more.
    expected = timezone.now() + MOVE + timedelta(hours=1)
    assert abs(game.turn_deadline - expected) < timedelta(minutes=1)


def test_an_event_table_allows_no_vacation_unless_the_event_does(
    ann: Any, bob: Any, scat: Any
) -> None:
    table = games.open_table(
        name="An event's", rule_set=scat, seats=[], starters="system", seat_count=2, move_hours=24
    )
    assert table.vacation_days == 0
    hosted = games.create_table(owner=ann, name="Mine", rule_set=scat, seat_count=2, move_hours=24)
    assert hosted.vacation_days == vacation.CASUAL_DAYS


def test_the_time_a_turn_took_beyond_its_move_is_counted(ann: Any, bob: Any, scat: Any) -> None:
    game = slow_table(ann, bob, scat)
    seat = game.engine_state().turn
    Game.objects.filter(pk=game.pk).update(
        turn_started_at=timezone.now() - MOVE - timedelta(hours=5)
    )
    pass_turn(Game.objects.get(pk=game.pk))
    used = GamePlayer.objects.get(game=game, position=seat).vacation_seconds
    assert 5 * 3600 - 60 <= used <= 5 * 3600 + 60


def test_the_vacation_ends_at_midnight_on_the_clubs_clock_across_daylight_saving(
    ann: Any,
) -> None:
    club = Club.objects.create(name="Kitchen", slug="kitchen", time_zone="Europe/Copenhagen")
    Membership.objects.create(club=club, user=ann)
    ann.away_until = date(2027, 3, 27)  # the night after, clocks go forward at 02:00
    back = returns_at(ann)
    assert back == datetime(2027, 3, 28, tzinfo=ZoneInfo("Europe/Copenhagen"))
    assert back.utcoffset() == timedelta(hours=1)  # midnight is still winter time
    ann.away_until = date(2027, 3, 28)
    assert returns_at(ann).utcoffset() == timedelta(hours=2)  # and the next one summer time


def test_a_day_in_the_past_is_refused_and_changes_nothing(ann: Any) -> None:
    client = Client()
    client.force_login(ann)
    said = client.post(
        reverse("preferences"),
        {"language": "", "away_until": (timezone.localdate() - timedelta(days=1)).isoformat()},
        follow=True,
    ).content.decode()
    assert "Choose today or a day after it to be away until." in said
    ann.refresh_from_db()
    assert ann.away_until is None
