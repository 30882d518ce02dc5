"""Faults with real processes on PostgreSQL and Redis: a web process that dies and comes
back, and a worker killed while it holds a bot's turn (docs/realtime.md#catch-up,
docs/celery.md#the-sweep)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import redis

from games import services
from games.models import Game, GameEvent
from tests.integration.helpers import (
    Daphne,
    GameSocket,
    Worker,
    deal,
    is_draw,
    is_plain_discard,
    live_env,
    play_here,
    play_through,
    running,
    session_of,
    tasks_go_to_workers,
    wait_until,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def player_to_move(game_id: int) -> Any:
    game = Game.objects.get(pk=game_id)
    return game.players.get(position=game.engine_state().turn).user


def test_a_restarted_web_process_s_clients_reconnect_and_lose_nothing(
    postgres: None,
    redis_url: str,
    table: Any,
    ann: Any,
    bob: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    services.join_table(table=table, user=bob)
    game_id = deal(table, monkeypatch).pk
    sessions = {user.pk: session_of(user) for user in (ann, bob)}
    environ = live_env(redis_url, tmp_path)
    a, b = Daphne("daphne-a", environ, tmp_path), Daphne("daphne-b", environ, tmp_path)
    with tasks_go_to_workers(), running(a, b):
        socket = GameSocket(a, game_id, sessions[ann.pk])
        shown = socket.wait_for_seq(Game.objects.get(pk=game_id).seq)

        a.kill()
        socket.wait_closed()
        socket.close()
        moves = []  # (the move's first seq, its kind, the seat that made it)
        for pick, kind in [(is_draw, "drew"), (is_plain_discard, "discarded")] * 2:
            game, user = Game.objects.get(pk=game_id), player_to_move(game_id)
            moves.append((game.seq + 1, kind, game.players.get(user=user).position))
            play_through(b, game_id, user, sessions[user.pk], pick)

        a.start()  # on the same port, as a supervisor would restart it
        latest = Game.objects.get(pk=game_id).seq
        socket = GameSocket(a, game_id, sessions[ann.pk], seq=shown)  # "I show `shown`"
        try:
            assert socket.wait_for_seq(latest) == latest
        finally:
            socket.close()
    assert socket.seqs[0] == latest, "the first view after reconnecting is the current one"
    log = {
        seq: (kind, seat)
        for seq, kind, seat in GameEvent.objects.filter(game_id=game_id).values_list(
            "seq", "kind", "seat"
        )
    }
    assert sorted(log) == list(range(1, latest + 1)), "the event log has no gaps"
    for seq, kind, seat in moves:
        assert log[seq] == (kind, seat)


def forget_unacked(redis_url: str, task_id: str) -> None:
    """Drop a killed worker's unacknowledged copy of `task_id`, which Redis would
    otherwise hand to some worker on this database an hour from now."""
    client = redis.Redis.from_url(redis_url)
    for tag, payload in client.hgetall("unacked").items():
        if task_id.encode() in payload:
            client.hdel("unacked", tag)
            client.zrem("unacked_index", tag)


def test_a_worker_killed_in_the_middle_of_a_bot_s_turn_does_not_stall_the_game(
    postgres: None,
    redis_url: str,
    table: Any,
    ann: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    settings: Any,
) -> None:
    services.add_bot(table=table, by=table.owner, level="easy")
    game_id = deal(table, monkeypatch).pk
    human = Game.objects.get(pk=game_id).players.get(user=ann).position
    environ = live_env(redis_url, tmp_path)
    first = Worker("worker-1", environ, tmp_path)
    second = Worker(
        "worker-2",
        {**environ, "THIRTYONE_SWEEP_SECONDS": "1", "THIRTYONE_STALLED_BOT_SECONDS": "1"},
        tmp_path,
        beat=True,
    )
    # This process enqueues the bot's turn after the person's move, with a long
    # countdown: the first worker takes the task and holds it, waiting.
    settings.THIRTYONE_BOT_DELAY = 60
    with tasks_go_to_workers(), running(first):
        play_here(game_id, ann, is_draw)
        waiting = play_here(game_id, ann, is_plain_discard)
        first.wait_for_log("Task games.tasks.bot_turn[")
        first.kill()
    task_id = re.search(r"Task games\.tasks\.bot_turn\[([-\w]+)\]", first.log()).group(1)
    forget_unacked(redis_url, task_id)
    assert Game.objects.get(pk=game_id).seq == waiting, "the killed worker did not move"

    with running(second):
        wait_until(
            lambda: Game.objects.get(pk=game_id).engine_state().turn == human,
            "the bot's turn, played after the sweep found it stalled",
            timeout=40,
        )
    game = Game.objects.get(pk=game_id)
    assert game.seq > waiting
    assert GameEvent.objects.get(game_id=game_id, seq=waiting + 1).seat != human
    # Nothing else enqueued a bot turn for the second worker: the sweep did.
    assert re.search(
        r"tasks\.sweep\[[-\w]+\] received[\s\S]*tasks\.bot_turn\[[-\w]+\] received", second.log()
    )
