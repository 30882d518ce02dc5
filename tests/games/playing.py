"""Playing a game to its end through the services, for tests."""

from __future__ import annotations

from typing import Any

import pytest

from games import engine, services
from games.engine import SeededDeckSource
from games.engine.bots import BaselineBot
from games.models import Game, Table
from games.services import sources


def deal_two(table: Table, bob: Any, monkeypatch: pytest.MonkeyPatch, turn_timer: int) -> Game:
    """ann and bob at ann's `table` with `turn_timer` seconds a turn (0: none), on a
    known deal (seed 7 has no 31 in the first turns)."""
    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(7))
    table.turn_timer = turn_timer
    table.save()
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=table.owner)


def play_out(game: Game, limit: int = 5000) -> Game:
    """Play `game` to its end: bots (and away players) by the bot service, people by
    the baseline bot's choice of their move."""
    chooser = BaselineBot()
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.PLAYING:
            return game
        play_step(game, chooser)
    raise AssertionError("the game did not end")


def play_step(game: Game, chooser: BaselineBot | None = None) -> None:
    """One move of `game`, at its seq: a bot's (or an away player's) by the bot service,
    a person's by the baseline bot's choice."""
    state = game.engine_state()
    player = game.players.get(position=state.turn)
    if player.is_bot or player.away:
        services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
    else:
        action = (chooser or BaselineBot()).choose(engine.observation(state, state.turn))
        services.play(game_id=game.pk, user=player.user, action=action.code, expected_seq=game.seq)
