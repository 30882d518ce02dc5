"""Turn-based deadlines (docs/tables.md#the-deadline-is-found-by-the-sweep) on two
workers at once, on PostgreSQL: two sweeps that find the same overdue turn play it once;
two that find the same round past its deadline have bots finish its games once, and the
round moves on once."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import services, tasks
from games.models import Game, GameEvent
from tests.integration.test_concurrent_moves import _race
from tournaments import services as events
from tournaments.models import Round

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def at_once(work: Callable[[], Any]) -> list[Any]:
    """What `work` returned on each of two threads (each its own connection) let go
    together (test_concurrent_moves' race)."""
    results: list[Any] = []
    outcomes = _race(
        {"first": lambda: results.append(work()), "second": lambda: results.append(work())}
    )
    assert set(outcomes.values()) == {"done"}, outcomes
    return results


def test_two_sweeps_at_once_play_an_overdue_turn_based_turn_once(
    postgres: None, ann: Any, bob: Any, scat: Any
) -> None:
    table = services.create_table(
        owner=ann, name="Daily", rule_set=scat, seat_count=2, move_hours=24
    )
    services.join_table(table=table, user=bob)
    for _ in range(3):  # either sweep may win: each time exactly one plays the turn
        game = services.start_game(table=table, by=ann)
        seq = game.seq
        Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
        at_once(tasks.sweep)
        timed_out = GameEvent.objects.filter(game=game, seq__gt=seq, kind="turn_timed_out")
        assert timed_out.count() == 1
        game.refresh_from_db()
        assert GameEvent.objects.filter(game=game).count() == game.seq
        services.end_game(game_id=game.pk, by=ann, expected_seq=game.seq)


def test_two_workers_at_a_rounds_deadline_finish_it_once(
    postgres: None, make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = make_event(
        rounds=2, table_size=3, table_min=3, table_max=3, move_hours=24, round_days=3
    )
    for user in [ann, *members[:5]]:
        events.register(event=event, user=user)
    first = events.start_event(event=event, by=ann)
    Round.objects.filter(pk=first.pk).update(deadline=timezone.now() - timedelta(seconds=1))

    outcomes = at_once(lambda: events.finish_at_deadline(round_id=first.pk))

    assert sorted(outcomes) == [False, True]
    marks = GameEvent.objects.filter(game__event_table__round=first, kind="player_away")
    assert marks.count() == 6, "each of the six players once"
    first.refresh_from_db()
    assert first.status == Round.FINISHED, "the bots played the games out (tasks inline)"
    assert Round.objects.filter(event=event, number=2, status=Round.PLAYING).count() == 1
