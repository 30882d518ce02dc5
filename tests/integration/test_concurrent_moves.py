"""Two moves for the same turn at the same moment: exactly one is made. The same for
a move and the host's "end the game", and for two workers ending an abandoned game."""

from __future__ import annotations

import threading
from datetime import timedelta
from functools import partial
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from games import notify, services, tasks
from games.engine.replay import action_of
from games.models import Game, GameEvent, GamePlayer

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_two_simultaneous_moves_for_one_turn_produce_exactly_one(
    postgres: None, ann: Any, bob: Any, table: Any
) -> None:
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    mover = [ann, bob][game.engine_state().turn]
    seq = game.seq
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def move(action: str) -> None:
        try:
            barrier.wait()
            services.play(game_id=game.pk, user=mover, action=action, expected_seq=seq)
            outcomes.append("moved")
        except services.StaleMove:
            outcomes.append("stale")
        except services.ServiceError as error:
            outcomes.append(f"refused: {error.message}")
        finally:
            connection.close()

    threads = [threading.Thread(target=move, args=(a,)) for a in ("draw:stock", "draw:discard")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["moved", "stale"]
    game.refresh_from_db()
    assert GameEvent.objects.filter(game=game).count() == game.seq
    drew = GameEvent.objects.filter(game=game, seq__gt=seq, kind="drew")
    assert drew.count() == 1
    assert Game.objects.get(pk=game.pk).engine_state().phase == "discard"


def _race(calls: dict[str, Any]) -> dict[str, str]:
    """Run `calls` at the same moment, each on its own connection: what became of each."""
    barrier = threading.Barrier(len(calls))
    outcomes: dict[str, str] = {}

    def attempt(name: str, call: Any) -> None:
        try:
            barrier.wait()
            call()
            outcomes[name] = "done"
        except services.ServiceError as error:
            outcomes[name] = f"refused: {error.message}"
        finally:
            connection.close()

    threads = [threading.Thread(target=attempt, args=item) for item in calls.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_an_end_of_the_game_and_a_move_at_the_same_moment_exactly_one_happens(
    postgres: None, ann: Any, bob: Any, table: Any
) -> None:
    """The host ends the game as the player on turn moves, both on the same view:
    the row lock lets one go first, the other finds the game moved on (or over), and
    the log shows which happened."""
    services.join_table(table=table, user=bob)
    for _ in range(5):  # either may win: a few rounds, each must come out right
        game = services.start_game(table=table, by=table.owner)
        mover = [ann, bob][game.engine_state().turn]
        seq = game.seq
        outcomes = _race(
            {
                "end": partial(services.end_game, game_id=game.pk, by=ann, expected_seq=seq),
                "move": partial(
                    services.play,
                    game_id=game.pk,
                    user=mover,
                    action="draw:stock",
                    expected_seq=seq,
                ),
            }
        )
        assert sorted(o == "done" for o in outcomes.values()) == [False, True], outcomes
        game.refresh_from_db()
        after = [e.kind for e in GameEvent.objects.filter(game=game, seq__gt=seq).order_by("seq")]
        assert GameEvent.objects.filter(game=game).count() == game.seq
        if outcomes["end"] == "done":
            assert "over" in outcomes["move"]
            assert (game.status, after) == (Game.ENDED, ["game_ended_early"])
        else:
            assert "moved on" in outcomes["end"]
            assert (game.status, after) == (Game.PLAYING, ["drew"])
            services.end_game(game_id=game.pk, by=ann, expected_seq=game.seq)


def test_an_abandoned_game_ended_by_two_workers_at_once_ends_once(
    postgres: None, ann: Any, bob: Any, table: Any
) -> None:
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    Game.objects.filter(pk=game.pk).update(human_moved_at=timezone.now() - timedelta(days=2))
    barrier = threading.Barrier(2)
    ended: list[bool] = []

    def worker() -> None:
        try:
            barrier.wait()
            ended.append(services.end_abandoned(game_id=game.pk))
        finally:
            connection.close()

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(ended) == [False, True]
    assert GameEvent.objects.filter(game=game, kind="game_ended_early").count() == 1
    assert Game.objects.get(pk=game.pk).status == Game.ENDED


def test_a_chained_bot_task_on_two_workers_at_once_plays_each_move_once(
    postgres: None, table: Any, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same bot turn taken by two workers at once (docs/celery.md#bot-chains): each move
    is made once, one chain plays on, and the next turn goes to the broker once."""
    sent: list[tuple[str, tuple[Any, ...]]] = []
    monkeypatch.setattr(notify, "enqueue", lambda name, *args, **kwargs: sent.append((name, args)))
    settings.THIRTYONE_BOT_CHAIN_MOVES = 6
    services.add_bot(table=table, by=table.owner, level="easy")
    services.add_bot(table=table, by=table.owner, level="easy")
    game = services.start_game(table=table, by=table.owner)
    GamePlayer.objects.filter(game=game, user=table.owner).update(away=True)
    sent.clear()
    start = game.seq
    outcomes = _race(
        {name: partial(tasks.bot_turn.apply, args=(game.pk, start)) for name in ("a", "b")}
    )
    assert outcomes == {"a": "done", "b": "done"}
    game.refresh_from_db()
    assert GameEvent.objects.filter(game=game).count() == game.seq
    rows = GameEvent.objects.filter(game=game, seq__gt=start).order_by("seq")
    moves = [row for row in rows if action_of(row.to_engine()) is not None]
    assert len(moves) == 7, "the first move and six chained, each once"
    assert sent == [(notify.BOT_TURN, (game.pk, game.seq))]
