"""Playing a game to its end through the services, for tests."""

from __future__ import annotations

from games import engine, services
from games.engine.bots import BaselineBot
from games.models import Game


def play_out(game: Game, limit: int = 5000) -> Game:
    """Play `game` to its end: bots (and away players) by the bot service, people by
    the baseline bot's choice of their move."""
    chooser = BaselineBot()
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.PLAYING:
            return game
        state = game.engine_state()
        player = game.players.get(position=state.turn)
        if player.is_bot or player.away:
            services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
        else:
            action = chooser.choose(engine.observation(state, state.turn))
            services.play(
                game_id=game.pk, user=player.user, action=action.code, expected_seq=game.seq
            )
    raise AssertionError("the game did not end")
