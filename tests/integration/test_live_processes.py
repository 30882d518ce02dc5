"""The production shape for real: two Daphne processes and a Celery worker on PostgreSQL
and Redis. A player connected to one web process sees a move made through the other, and
a bot's move made in the worker (docs/realtime.md#the-channel-layer,
docs/profiles.md#production)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

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
    play_through,
    running,
    session_of,
    tasks_go_to_workers,
    wait_until,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

HUMAN, BOT = 0, 1


@pytest.fixture
def human_and_bot(table: Any, monkeypatch: pytest.MonkeyPatch) -> Game:
    """A game of the owner (seat 0) against a bot, at the owner's turn. (Made before
    `live_env`, while tasks run inline: a bot that had the first turn has played it.)"""
    services.add_bot(table=table, by=table.owner, level="easy")
    game = deal(table, monkeypatch)
    assert game.engine_state().turn == HUMAN
    return game


@pytest.fixture
def servers(
    postgres: None, redis_url: str, human_and_bot: Game, tmp_path: Path
) -> Iterator[tuple[Daphne, Daphne, Worker]]:
    environ = live_env(redis_url, tmp_path)
    a, b = Daphne("daphne-a", environ, tmp_path), Daphne("daphne-b", environ, tmp_path)
    worker = Worker("worker", environ, tmp_path)
    with tasks_go_to_workers(), running(a, b, worker):
        yield a, b, worker


def test_a_player_on_one_web_process_sees_moves_made_through_another_and_in_the_worker(
    postgres: None,
    redis_url: str,
    human_and_bot: Game,
    ann: Any,
    servers: tuple[Daphne, Daphne, Worker],
) -> None:
    a, b, worker = servers
    game_id, sessionid = human_and_bot.pk, session_of(ann)
    socket = GameSocket(a, game_id, sessionid)
    try:
        socket.wait_for_seq(human_and_bot.seq)  # the view it asked for on connect

        drew = play_through(b, game_id, ann, sessionid, is_draw)
        assert socket.wait_for_seq(drew) >= drew
        discarded = play_through(b, game_id, ann, sessionid, is_plain_discard)
        assert socket.wait_for_seq(discarded) >= discarded

        # Now the bot is to move: the worker plays it, and A's socket hears of it.
        wait_until(lambda: Game.objects.get(pk=game_id).seq > discarded, "the bot's move")
        bot_seq = Game.objects.get(pk=game_id).seq
        assert socket.wait_for_seq(bot_seq) >= bot_seq
    finally:
        socket.close()
    assert GameEvent.objects.get(game_id=game_id, seq=discarded + 1).seat == BOT
    assert "Task games.tasks.bot_turn[" in worker.log(), "the worker played the bot"
