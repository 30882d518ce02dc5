"""Pushing each viewer their own view of a game (DESIGN.md §5).

After a move commits, the writer (a web process or a Celery worker) renders the game
area once per seat and once for spectators, and sends each to its channel group. The
consumers only forward text. Pushes are hints: the event log is the truth, so a client
that reconnects or misses a push gets the whole current view (see `catch_up`).

Group names: ``game-<id>-seat-<n>`` for a player, ``game-<id>-watch`` for spectators.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.core.cache import cache

from games import engine
from games.models import Game

log = logging.getLogger(__name__)

PRESENCE_SECONDS = 45  # a socket refreshes its presence every 15 s


def seat_group(game_id: int, seat: int) -> str:
    return f"game-{game_id}-seat-{seat}"


def watch_group(game_id: int) -> str:
    return f"game-{game_id}-watch"


def views_for(
    game: Game, state: engine.GameState | None = None, wanted: Callable[[str], bool] | None = None
) -> list[tuple[str, str]]:
    """(group, html) for every seat and the spectators (those groups `wanted` accepts),
    each rendered from its own observation only."""
    from games.rendering import render_game_area  # templates need the app registry

    state = state or game.engine_state()
    viewers: list[tuple[str, int | None]] = [
        (seat_group(game.pk, seat), seat) for seat in range(len(state.names))
    ]
    viewers.append((watch_group(game.pk), None))
    return [
        (group, render_game_area(game, state, seat))
        for group, seat in viewers
        if wanted is None or wanted(group)
    ]


def push_game(game_id: int, *, refresh: bool = False) -> None:
    """Send every viewer of `game_id` its current view (called after a commit).

    `refresh` marks a view that changed without a move (who is connected): sockets
    take it even though its seq is the one they already show."""
    layer = get_channel_layer()
    if layer is None:
        return
    game = Game.objects.select_related("table").get(pk=game_id)
    sent_at = time.time()
    messages = [
        (
            group,
            {
                "type": "game.view",
                "seq": game.seq,
                "html": html,
                "sent_at": sent_at,
                "refresh": refresh,
            },
        )
        for group, html in views_for(game, wanted=_reachable(layer))
    ]
    if messages:
        async_to_sync(_send_all)(layer, messages)


def _reachable(layer: Any) -> Callable[[str], bool] | None:
    """The groups a push from this process can reach (None: any). The in-memory layer
    reaches only this process's sockets, so a group without a member here needs no
    view: the embedded profile's Celery worker renders nothing (its moves reach the
    sockets through the web process's catch-up check), and the web process renders
    only for the viewers it serves."""
    if isinstance(layer, InMemoryChannelLayer):
        return lambda group: bool(layer.groups.get(group))
    return None


async def _send_all(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
    # All of a push's sends on one event loop: from a Celery thread every async_to_sync
    # call starts a new loop and the Redis layer a new connection for it (measured: 5
    # calls ~20 ms, one call with 5 sends ~5 ms).
    for group, message in messages:
        await layer.group_send(group, message)


# ---- presence ---------------------------------------------------------------------
# Kept in the cache (Redis in production) so every web process sees every socket.


def _presence_key(game_id: int, seat: int) -> str:
    return f"presence:{game_id}:{seat}"


def mark_present(game_id: int, seat: int) -> None:
    cache.set(_presence_key(game_id, seat), time.time(), PRESENCE_SECONDS)


def mark_absent(game_id: int, seat: int) -> None:
    cache.delete(_presence_key(game_id, seat))


def connected_seats(game_id: int, seats: int) -> set[int]:
    keys = {_presence_key(game_id, seat): seat for seat in range(seats)}
    return {keys[key] for key in cache.get_many(list(keys))}


def presence_changed(game_id: int) -> None:
    """Re-push the views so everyone sees who is connected."""
    with contextlib.suppress(Game.DoesNotExist):
        push_game(game_id, refresh=True)


def current_seqs(game_ids: list[int]) -> dict[int, int]:
    """One query: the latest seq of each game (the slow catch-up check)."""
    return dict(Game.objects.filter(pk__in=game_ids).values_list("pk", "seq"))


def render_for(game_id: int, seat: int | None) -> tuple[int, str]:
    from games.rendering import render_game_area

    game = Game.objects.select_related("table").get(pk=game_id)
    return game.seq, render_game_area(game, game.engine_state(), seat)


def viewer_seat(game_id: int, user: Any) -> tuple[bool, int | None]:
    """Whether `user` may watch `game_id`, and their seat (None for a spectator)."""
    try:
        game = Game.objects.select_related("table").get(pk=game_id)
    except Game.DoesNotExist:
        return False, None
    seat = None
    if user is not None and user.is_authenticated:
        seat = game.players.filter(user=user).values_list("position", flat=True).first()
    if seat is None and not game.table.is_public:
        is_seated = (
            user is not None
            and user.is_authenticated
            and game.table.seats.filter(user=user).exists()
        )
        return is_seated, None
    return True, seat
