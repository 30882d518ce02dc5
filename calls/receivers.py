"""What games announces that changes someone's calls: a game dealt to them, or their
arrival at its table (the call to it ends)."""

from __future__ import annotations

from typing import Any

from calls import push
from games.signals import game_started, player_arrived


def connect() -> None:
    game_started.connect(_game_started, dispatch_uid="calls.game_started")
    player_arrived.connect(_player_arrived, dispatch_uid="calls.player_arrived")


def _game_started(sender: Any, user_ids: tuple[int, ...] = (), **kwargs: Any) -> None:
    push.changed(user_ids)


def _player_arrived(sender: Any, user_id: int, **kwargs: Any) -> None:
    push.changed([user_id])
