"""A game read once in a process for the sockets that ask about it together
(games.kept_reads): shared while the row says the same, never stale in what a move, a
timer or presence changes."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import kept_reads, presence, realtime, services
from games.models import Game
from tests.games.test_realtime import RecordingLayer, layer  # noqa: F401, F811 (a fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(table: Any, bob: Any) -> Game:
    kept_reads.forget()
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=table.owner)


def test_the_second_socket_of_a_game_reads_only_whether_it_changed(
    game: Game, django_assert_num_queries: Any
) -> None:
    seq, first = realtime.render_for(game.pk, 0)
    with django_assert_num_queries(1):  # the row's marks: the players, log and deals kept
        again, second = realtime.render_for(game.pk, 1)
    assert again == seq
    assert second != first, "each seat is rendered its own view"
    assert second == realtime.render_for(game.pk, 1)[1]


def test_a_move_is_read_afresh(game: Game, bob: Any) -> None:
    seq, before = realtime.render_for(game.pk, 1)
    assert services.stand_in(game_id=game.pk, user=bob, on=True)
    later, after = realtime.render_for(game.pk, 1)
    assert later > seq
    assert "tag--away" in after and "tag--away" not in before


def test_a_timer_started_without_a_move_is_read_afresh(game: Game) -> None:
    with kept_reads.game(game.pk) as kept:
        assert kept is not None
        deadline = (kept.turn_deadline or timezone.now()) + timedelta(seconds=30)
    Game.objects.filter(pk=game.pk).update(turn_deadline=deadline)
    with kept_reads.game(game.pk) as kept:
        assert kept is not None
        assert kept.turn_deadline == deadline


def test_who_is_connected_is_never_kept(layer: RecordingLayer, game: Game) -> None:  # noqa: F811
    presence.mark_present(game.pk, 0)
    realtime.presence_changed(game.pk)
    assert {group for group, _ in layer.sent} == {realtime.seat_group(game.pk, 0)}
    layer.sent.clear()
    presence.mark_present(game.pk, 1)  # the same seq: only presence changed
    realtime.presence_changed(game.pk)
    views = dict(layer.sent)
    assert set(views) == {realtime.seat_group(game.pk, 0), realtime.seat_group(game.pk, 1)}
    fresh = Game.objects.select_related("table").get(pk=game.pk)
    expected = realtime.views_for(fresh, viewers=[(0, presence.ENGLISH)])[0][1]
    assert views[realtime.seat_group(game.pk, 0)]["html"] == expected


def test_a_game_gone_is_not_found(game: Game) -> None:
    realtime.render_for(game.pk, 0)
    Game.objects.filter(pk=game.pk).delete()
    with pytest.raises(Game.DoesNotExist):
        realtime.render_for(game.pk, 0)
    realtime.presence_changed(game.pk)  # nothing to push, no error
