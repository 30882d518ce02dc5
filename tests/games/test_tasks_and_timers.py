"""Bot turns, turn timers and the sweep: harmless when late, early or repeated."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games import access, notify, services, tasks
from games.engine import SeededDeckSource
from games.models import Game, GameEvent, GamePlayer
from games.services import playing, sources


@pytest.fixture
def bot_first_game(table: Any) -> Game:
    """A game between the owner and two bots, stopped where a bot is to move (the
    commit hooks that would have moved it did not run: like a worker that died)."""
    services.add_bot(table=table, by=table.owner, level="easy")
    services.add_bot(table=table, by=table.owner, level="medium")
    for _ in range(50):
        game = services.start_game(table=table, by=table.owner)
        if game.engine_state().turn != 0:
            return game
        Game.objects.filter(pk=game.pk).update(status=Game.FINISHED)
    raise AssertionError("the random first dealer never gave a bot the first turn")


def test_a_bot_task_delivered_twice_moves_once(bot_first_game: Game) -> None:
    seq = bot_first_game.seq
    tasks.bot_turn(bot_first_game.pk, seq)
    after_first = Game.objects.get(pk=bot_first_game.pk).seq
    tasks.bot_turn(bot_first_game.pk, seq)
    assert after_first > seq
    assert Game.objects.get(pk=bot_first_game.pk).seq == after_first


def test_the_sweep_restarts_a_bot_turn_whose_worker_died(
    bot_first_game: Game, django_capture_on_commit_callbacks: Any
) -> None:
    Game.objects.filter(pk=bot_first_game.pk).update(
        updated_at=timezone.now() - timedelta(minutes=5)
    )
    with django_capture_on_commit_callbacks(execute=True):
        tasks.sweep()
    game = Game.objects.get(pk=bot_first_game.pk)
    assert game.seq > bot_first_game.seq
    assert game.engine_state().turn == 0, "the bots played on until the person's turn"


def test_the_sweep_leaves_a_fresh_bot_turn_alone(bot_first_game: Game) -> None:
    tasks.sweep()
    assert Game.objects.get(pk=bot_first_game.pk).seq == bot_first_game.seq


def _humans_game(table: Any, bob: Any, monkeypatch: pytest.MonkeyPatch) -> Game:
    # A known deal (seed 7 has no 31 in the first turns, which would end the round).
    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(7))
    table.turn_timer = 15
    table.save()
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=table.owner)


def _expire(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))


def test_a_timer_does_nothing_before_the_deadline(
    table: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _humans_game(table, bob, monkeypatch)
    assert game.turn_deadline is not None
    assert services.time_out_turn(game_id=game.pk, expected_seq=game.seq) is None
    assert Game.objects.get(pk=game.pk).seq == game.seq


def test_a_timed_out_turn_is_played_for_the_player_and_two_in_a_row_make_them_away(
    table: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _humans_game(table, bob, monkeypatch)
    timed_out: list[int] = []
    while len(timed_out) < 3:  # first player, second player, first player again
        game.refresh_from_db()
        seat = game.engine_state().turn
        _expire(game)
        result = services.time_out_turn(game_id=game.pk, expected_seq=game.seq)
        assert result is not None
        assert result.game.engine_state().turn != seat, "the whole turn was played"
        timed_out.append(seat)
    first = GamePlayer.objects.get(game=game, position=timed_out[0])
    second = GamePlayer.objects.get(game=game, position=timed_out[1])
    assert (first.turns_timed_out, first.away) == (2, True)
    assert (second.turns_timed_out, second.away) == (1, False)


def test_a_repeated_timeout_is_harmless(
    table: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _humans_game(table, bob, monkeypatch)
    _expire(game)
    seq = game.seq
    assert services.time_out_turn(game_id=game.pk, expected_seq=seq) is not None
    moved_to = Game.objects.get(pk=game.pk).seq
    assert services.time_out_turn(game_id=game.pk, expected_seq=seq) is None
    assert Game.objects.get(pk=game.pk).seq == moved_to


def test_a_player_who_comes_back_plays_their_own_turns_again(
    table: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _humans_game(table, bob, monkeypatch)
    GamePlayer.objects.filter(game=game, user=bob).update(away=True, turns_timed_out=2)
    services.come_back(game_id=game.pk, user=bob)
    player = GamePlayer.objects.get(game=game, user=bob)
    assert not player.away and player.turns_timed_out == 0


def _seat_user(game: Game, seat: int) -> Any:
    return GamePlayer.objects.get(game=game, position=seat).user


def test_coming_back_is_refused_to_a_player_who_is_not_away_and_writes_nothing(
    table: Any, bob: Any, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    game = _humans_game(table, bob, monkeypatch)
    for seat in (game.engine_state().turn, 1 - game.engine_state().turn):
        with (
            django_capture_on_commit_callbacks() as callbacks,
            pytest.raises(services.ServiceError, match="not marked away"),
        ):
            services.come_back(game_id=game.pk, user=_seat_user(game, seat))
        assert callbacks == [], "no push and no task"
    after = Game.objects.get(pk=game.pk)
    assert (after.seq, after.turn_deadline) == (game.seq, game.turn_deadline)


def test_coming_back_leaves_the_deadline_of_someone_elses_turn_alone(
    table: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _humans_game(table, bob, monkeypatch)
    waiting = 1 - game.engine_state().turn
    GamePlayer.objects.filter(game=game, position=waiting).update(away=True, turns_timed_out=2)
    services.come_back(game_id=game.pk, user=_seat_user(game, waiting))
    assert not GamePlayer.objects.get(game=game, position=waiting).away
    assert Game.objects.get(pk=game.pk).turn_deadline == game.turn_deadline


def test_coming_back_on_your_own_turn_leaves_you_its_remaining_time_not_a_new_timer(
    table: Any, bob: Any, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    game = _humans_game(table, bob, monkeypatch)
    seat = game.engine_state().turn
    deadline = timezone.now() + timedelta(seconds=4)  # most of the 15 s are gone
    Game.objects.filter(pk=game.pk).update(turn_deadline=deadline)
    GamePlayer.objects.filter(game=game, position=seat).update(away=True, turns_timed_out=2)
    changed: list[dict[str, Any]] = []
    monkeypatch.setattr(notify, "committed", lambda game_id, seq, **kwargs: changed.append(kwargs))
    with django_capture_on_commit_callbacks(execute=True):
        services.come_back(game_id=game.pk, user=_seat_user(game, seat))
    assert Game.objects.get(pk=game.pk).turn_deadline == deadline
    assert not GamePlayer.objects.get(game=game, position=seat).away
    [after] = changed
    back = GameEvent.objects.get(game=game, seq=game.seq + 1)
    assert (back.kind, back.seat) == ("player_back", seat), "the log says they are back"
    assert not after["bot_moves_next"], "the views are pushed again: the away tag goes"
    assert 0 < after["timer"] <= 4, "the timer runs out at the turn's own deadline"


def test_coming_back_twice_is_refused_the_second_time(
    table: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _humans_game(table, bob, monkeypatch)
    GamePlayer.objects.filter(game=game, user=bob).update(away=True, turns_timed_out=2)
    services.come_back(game_id=game.pk, user=bob)
    with pytest.raises(services.ServiceError, match="not marked away"):
        services.come_back(game_id=game.pk, user=bob)


def test_a_bot_playing_for_an_away_player_does_not_move_once_they_are_back(
    table: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _humans_game(table, bob, monkeypatch)
    seat = game.engine_state().turn
    player = GamePlayer.objects.get(game=game, position=seat)
    GamePlayer.objects.filter(pk=player.pk).update(away=True, turns_timed_out=2)
    # Replaced where play_for_bot looks it up (its own module), not in games.services.
    think = playing._bot_choice

    def back_while_the_bot_thinks(*args: Any) -> Any:
        services.come_back(game_id=game.pk, user=player.user)
        return think(*args)

    monkeypatch.setattr(playing, "_bot_choice", back_while_the_bot_thinks)
    # The bot thinks outside the lock from a game held at its seq, as a chained bot
    # turn does (an easy bot given no game thinks under the lock: no one comes back
    # meanwhile).
    held = Game.objects.select_related("table").get(pk=game.pk)
    access.players(held)
    assert services.play_for_bot(game_id=game.pk, expected_seq=game.seq, held=held) is None
    game.refresh_from_db()
    assert game.engine_state().turn == seat and game.engine_state().phase == "draw"
