"""games.notify: what follows a committed change, and the `game_finished` signal other
apps subscribe to."""

from __future__ import annotations

from typing import Any

import pytest

from games import engine, notify, services
from games.engine.bots import BaselineBot
from games.engine.events import MOVE_KINDS
from games.models import Game, GamePlayer
from games.signals import game_finished
from tests.games.test_house_rules import play_to_the_end


@pytest.fixture
def finished(db: Any) -> list[dict[str, Any]]:
    """What `game_finished` sent, each call's keyword arguments."""
    sent: list[dict[str, Any]] = []

    def receiver(sender: Any, **kwargs: Any) -> None:
        sent.append({"sender": sender, **kwargs})

    game_finished.connect(receiver)
    yield sent
    game_finished.disconnect(receiver)


def _bot_game(table: Any) -> Game:
    services.add_bot(table=table, by=table.owner, level="easy")
    return services.start_game(table=table, by=table.owner)


def test_a_game_played_to_the_end_sends_game_finished_once_with_its_winners(
    table: Any, bob: Any, finished: list[dict[str, Any]], django_capture_on_commit_callbacks: Any
) -> None:
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    users = {p.position: p.user for p in GamePlayer.objects.filter(game=game)}
    with django_capture_on_commit_callbacks(execute=True):
        play_to_the_end(game, users)
    game.refresh_from_db()
    winners = tuple(
        GamePlayer.objects.filter(game=game, won=True).values_list("position", flat=True)
    )
    assert winners
    assert finished == [
        {
            "sender": Game,
            "signal": game_finished,
            "game_id": game.pk,
            "status": Game.FINISHED,
            "end_reason": Game.PLAYED_OUT,  # always set once a game is over
            "winners": winners,
            "seq": game.seq,
        }
    ]


def test_a_game_ended_early_sends_game_finished_without_winners_after_the_commit(
    table: Any, finished: list[dict[str, Any]], django_capture_on_commit_callbacks: Any
) -> None:
    game = _bot_game(table)
    with django_capture_on_commit_callbacks() as callbacks:
        services.end_game(game_id=game.pk, by=table.owner, expected_seq=game.seq)
        assert finished == [], "nothing is sent before the commit"
    for callback in callbacks:
        callback()
    [sent] = finished
    assert (sent["status"], sent["end_reason"], sent["winners"]) == (Game.ENDED, "host", ())


def test_a_failing_receiver_is_logged_and_the_rest_still_happens(
    table: Any, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _bot_game(table)
    pushed: list[int] = []
    monkeypatch.setattr(
        notify.realtime, "push_game", lambda game_id, **kwargs: pushed.append(game_id)
    )

    def broken(sender: Any, **kwargs: Any) -> None:
        raise RuntimeError("a subscriber's bug")

    game_finished.connect(broken)
    try:
        notify.committed(
            game.pk, game.seq, bot_moves_next=False, timer=0, finished={"game_id": game.pk}
        )
    finally:
        game_finished.disconnect(broken)
    assert pushed == [game.pk]
    assert "game_finished receiver" in caplog.text


def test_a_broker_that_is_away_loses_no_move_and_answers_no_error(
    table: Any, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move is committed before the task is sent: a broker outage must not turn it
    into an error page (beat's sweep sends the stalled bot turn once the broker is back)."""
    game = _bot_game(table)
    monkeypatch.setattr(notify.realtime, "push_game", lambda game_id, **kwargs: None)

    def broker_away(name: str, *args: Any, **kwargs: Any) -> None:
        raise ConnectionError("Error 111 connecting to redis. Connection refused.")

    monkeypatch.setattr(notify, "enqueue", broker_away)

    notify.committed(game.pk, game.seq, bot_moves_next=True, timer=0)

    assert "next task for game" in caplog.text


def test_each_bot_move_is_one_task_that_also_pushes(
    table: Any, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    """Issue 27: at most one task round-trip per bot move. The task that makes a bot's
    move also pushes the views (after its commit, in its own process: no task for
    that) and sends the next bot's turn: one `bot_turn` per bot move, nothing else."""
    table.seat_count = 4
    table.turn_timer = 0
    table.save()
    for _ in range(3):
        services.add_bot(table=table, by=table.owner, level="easy")
    sent: list[str] = []
    enqueue = notify.enqueue

    def counted(name: str, *args: Any, **kwargs: Any) -> None:
        sent.append(name)
        enqueue(name, *args, **kwargs)

    monkeypatch.setattr(notify, "enqueue", counted)
    with django_capture_on_commit_callbacks(execute=True):
        game = services.start_game(table=table, by=table.owner)
    chooser = BaselineBot()
    for _ in range(40):  # the person's moves; the bots answer inline (tests/eager.py)
        game.refresh_from_db()
        state = game.engine_state()
        if not game.in_play or state.turn != 0:
            break
        action = chooser.choose(engine.observation(state, 0)).code
        with django_capture_on_commit_callbacks(execute=True):
            services.play(game_id=game.pk, user=table.owner, action=action, expected_seq=game.seq)
    bot_moves = game.events.filter(seat__in=[1, 2, 3], kind__in=MOVE_KINDS).count()
    assert bot_moves > 20
    assert set(sent) == {notify.BOT_TURN}
    assert len(sent) == bot_moves, "one task per bot move"
