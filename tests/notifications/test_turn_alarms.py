"""A turn-based move's alarms (docs/notifications.md#turn-based-alarms): "your move runs
out soon" once a quarter of the move's time is left, "an hour left" an hour before the
deadline, and "your turn" again at half time to a person who has not read it and is not
at the table -- each once, however often the sweep runs, and none once the move is made."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from games import engine, presence
from games import services as games
from games.models import Game
from notifications import sweep
from notifications.models import Notification

pytestmark = pytest.mark.django_db


@pytest.fixture
def slow_game(ann: Any, bob: Any, scat: Any, django_capture_on_commit_callbacks: Any) -> Game:
    """A table of 24 hours a move, ann's and bob's; the first "your turn" made."""
    table = games.create_table(
        owner=ann, name="Slow table", rule_set=scat, seat_count=2, move_hours=24
    )
    games.join_table(table=table, user=bob)
    with django_capture_on_commit_callbacks(execute=True):
        game = games.start_game(table=table, by=ann)
    return Game.objects.get(pk=game.pk)


def mover(game: Game) -> Any:
    return game.players.get(position=game.engine_state().turn).user


def kinds_told(user: Any) -> list[tuple[str, int]]:
    return sorted(Notification.objects.filter(user=user).values_list("kind", "revision"))


def test_the_alarms_come_each_once_as_the_move_time_runs(slow_game: Game) -> None:
    person, started = mover(slow_game), slow_game.turn_started_at
    assert abs(slow_game.turn_deadline - started - timedelta(hours=24)) < timedelta(seconds=1)
    assert kinds_told(person) == [("your_turn", 0)]
    for hours, told in (
        (5, [("your_turn", 0)]),
        (12.1, [("your_turn", 1)]),  # half the time gone, not read: told again, once
        (18.1, [("move_quarter_left", 0), ("your_turn", 1)]),
        (23.1, [("move_hour_left", 0), ("move_quarter_left", 0), ("your_turn", 1)]),
    ):
        for _ in range(2):  # overlapping sweeps make nothing twice
            sweep.run(now=started + timedelta(hours=hours))
        assert kinds_told(person) == told, hours
    quarter = Notification.objects.get(user=person, kind="move_quarter_left")
    assert quarter.text == "Your move at Slow table runs out in 5\xa0hours, 54\xa0minutes"
    assert quarter.valid_until == slow_game.turn_deadline
    # After the deadline nothing more is made.
    sweep.run(now=slow_game.turn_deadline + timedelta(minutes=1))
    assert len(kinds_told(person)) == 3


def test_no_repeat_for_a_person_who_read_it_or_sits_at_the_table(slow_game: Game) -> None:
    person, started = mover(slow_game), slow_game.turn_started_at
    Notification.objects.filter(user=person).update(read_at=started)
    sweep.run(now=started + timedelta(hours=13))
    assert kinds_told(person) == [("your_turn", 0)]
    Notification.objects.filter(user=person).update(read_at=None)
    presence.mark_present(slow_game.pk, slow_game.engine_state().turn)
    sweep.run(now=started + timedelta(hours=13))
    assert kinds_told(person) == [("your_turn", 0)]


def test_a_move_made_stops_the_alarms_of_its_turn(
    slow_game: Game, django_capture_on_commit_callbacks: Any
) -> None:
    person, started, seat = (
        mover(slow_game),
        slow_game.turn_started_at,
        slow_game.engine_state().turn,
    )
    with django_capture_on_commit_callbacks(execute=True):
        while slow_game.in_play and slow_game.engine_state().turn == seat:
            state = slow_game.engine_state()
            action = engine.legal_actions(state, seat)[0].code
            games.play(game_id=slow_game.pk, user=person, action=action, expected_seq=slow_game.seq)
            slow_game = Game.objects.get(pk=slow_game.pk)
    sweep.run(now=started + timedelta(hours=18.1))
    assert kinds_told(person) == [("your_turn", 0)]
