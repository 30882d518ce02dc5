"""A bot task plays the bot turns after its own move itself (docs/persistence.md#a-bots-move): one
read under the game's lock per move, each move once however often the task runs, the
next turn to the broker once the chain's room is spent, and the waits between moves
on a thread of the worker's own, never in Celery's pool."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import access, notify, services, tasks
from games.engine.replay import action_of
from games.models import Game, GameEvent, GamePlayer

# Real commits: a move's commit hook is what keeps the next bot turn for the chain.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, tuple[Any, ...]]]:
    """The tasks sent to the broker (recorded, not run)."""
    found: list[tuple[str, tuple[Any, ...]]] = []

    def record(name: str, *args: Any, countdown: float = 0, deadline: bool = False) -> None:
        found.append((name, args))

    monkeypatch.setattr(notify, "enqueue", record)
    return found


@pytest.fixture
def bots_only(table: Any, sent: list[Any]) -> Game:
    """ann (away: a bot plays for her) and two easy bots, at a bot's turn."""
    services.add_bot(table=table, by=table.owner, level="easy")
    services.add_bot(table=table, by=table.owner, level="easy")
    game = services.start_game(table=table, by=table.owner)
    GamePlayer.objects.filter(game=game, user=table.owner).update(away=True)
    sent.clear()
    return Game.objects.get(pk=game.pk)


def moves_made(game: Game, after: int = 0) -> list[int]:
    """The seqs at which a move (a player's action) begins, after seq `after`."""
    rows = GameEvent.objects.filter(game=game, seq__gt=after).order_by("seq")
    return [row.seq for row in rows if action_of(row.to_engine()) is not None]


def test_a_chained_bot_task_run_twice_plays_each_move_once(
    bots_only: Game, sent: list[Any], settings: Any
) -> None:
    settings.THIRTYONE_BOT_CHAIN_MOVES = 4
    start = bots_only.seq
    tasks.bot_turn.apply(args=(bots_only.pk, start))
    game = Game.objects.get(pk=bots_only.pk)
    made = moves_made(game, start)
    assert len(made) == 5, "its own move and four more in the chain"
    assert GameEvent.objects.filter(game=game).count() == game.seq
    # The chain's room spent: the next bot turn went to the broker, once.
    assert sent == [(notify.BOT_TURN, (game.pk, game.seq))]
    # The same task again (a redelivery), and a repeat of a turn the chain played:
    # the game has moved on, so neither moves nor sends anything.
    tasks.bot_turn.apply(args=(game.pk, start))
    second = made[2] - 1  # the seq the third move was made at
    tasks.bot_turn.apply(args=(game.pk, second))
    assert Game.objects.get(pk=game.pk).seq == game.seq
    assert moves_made(game, start) == made
    assert len(sent) == 1


def test_a_chain_stops_at_a_persons_turn(bots_only: Game, sent: list[Any], settings: Any) -> None:
    settings.THIRTYONE_BOT_CHAIN_MOVES = 50
    owner = GamePlayer.objects.get(game=bots_only, user__isnull=False)
    GamePlayer.objects.filter(pk=owner.pk).update(away=False)
    # A bot's turn (the fixture's game may start at ann's).
    game = Game.objects.get(pk=bots_only.pk)
    if game.state["turn"] == owner.position:
        GamePlayer.objects.filter(pk=owner.pk).update(away=True)
        services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
        GamePlayer.objects.filter(pk=owner.pk).update(away=False)
        game = Game.objects.get(pk=game.pk)
    sent.clear()
    tasks.bot_turn.apply(args=(game.pk, game.seq))
    game = Game.objects.get(pk=game.pk)
    assert game.state["turn"] == owner.position, "the bots played up to ann's turn"
    assert [name for name, _ in sent if name == notify.BOT_TURN] == []


def test_a_bots_move_reads_once_under_the_lock_and_nothing_before_it(
    bots_only: Game, sent: list[Any]
) -> None:
    game = bots_only
    with CaptureQueriesContext(connection) as before:
        services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
    reads = [q["sql"] for q in before.captured_queries if q["sql"].startswith("SELECT")]
    first = before.captured_queries[0]["sql"]
    assert first.startswith("BEGIN") or connection.vendor != "sqlite", first
    assert len(reads) == 1, reads  # the game, its table and its players, in one query
    # A chained move, from the game its last move left in hand: the same one read.
    held = Game.objects.select_related("table").get(pk=game.pk)
    access.players(held)
    with CaptureQueriesContext(connection) as chained:
        assert services.play_for_bot(game_id=held.pk, expected_seq=held.seq, held=held)
    reads = [q["sql"] for q in chained.captured_queries if q["sql"].startswith("SELECT")]
    assert chained.captured_queries[0]["sql"].startswith("BEGIN") or connection.vendor != "sqlite"
    assert len(reads) == 1, reads


def test_a_stale_held_game_is_not_moved(bots_only: Game) -> None:
    held = Game.objects.select_related("table").get(pk=bots_only.pk)
    access.players(held)
    services.play_for_bot(game_id=held.pk, expected_seq=held.seq)  # someone else moved
    seq = Game.objects.get(pk=held.pk).seq
    assert services.play_for_bot(game_id=held.pk, expected_seq=held.seq, held=held) is None
    assert Game.objects.get(pk=held.pk).seq == seq


# ---- the waits, off Celery's pool ---------------------------------------------------


def test_a_chained_turn_waits_on_the_chains_thread_not_the_callers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    played: list[tuple[tasks.ChainedTurn, float, str]] = []
    done = threading.Event()

    def play(turn: tasks.ChainedTurn, delay: float) -> None:
        played.append((turn, time.monotonic(), threading.current_thread().name))
        done.set()

    monkeypatch.setattr(tasks, "play_chained", play)
    monkeypatch.setattr(tasks, "close_old_connections", lambda: None)
    chains = tasks.Chains()
    turn = tasks.ChainedTurn(7, 12, None, 3, time.monotonic() + 30)
    added = time.monotonic()
    chains.add(turn, 0.2)
    assert not played, "add returns at once: the caller (a task) is done"
    assert done.wait(5)
    (got, at, thread), *_ = played
    assert got == turn
    assert at - added >= 0.2
    assert thread != threading.current_thread().name


def test_a_worker_shutting_down_hands_its_waiting_turns_to_the_broker(
    sent: list[Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tasks, "play_chained", lambda *args: None)
    chains = tasks.Chains()
    chains.add(tasks.ChainedTurn(7, 12, None, 3, time.monotonic() + 30), 60)
    assert chains.hand_back() == 1
    assert sent == [(notify.BOT_TURN, (7, 12))]
    assert chains.hand_back() == 0
