"""Pushing each viewer their own view of a game (docs/design.md §5).

After a move commits, the writer (a web process or a Celery worker) renders the game
area once per seat and once for spectators, and sends each to its channel group. The
consumers only forward text. Pushes are hints: the event log is the truth, so a client
that reconnects or misses a push gets the whole current view (see `catch_up`).

Group names: ``game-<id>-seat-<n>`` for a player, ``game-<id>-watch`` for spectators.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Collection
from typing import Any, TypeVar

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.core.cache import cache

from games import absence, engine
from games.models import Game

log = logging.getLogger(__name__)
T = TypeVar("T")

PRESENCE_SECONDS = 45  # a web process refreshes its sockets' presence every 7.5 s
SEND_SECONDS = 5.0  # a push that takes longer is given up: catch-up will deliver it


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


def push_game(
    game_id: int, *, refresh: bool = False, viewers: Collection[int | None] | None = None
) -> None:
    """Send every viewer of `game_id` its current view (called after a commit).

    Views are rendered only for the seats (None: the spectators) that have a socket:
    by default those the presence keys name, or the given `viewers` (a web process's
    own sockets, when its catch-up check re-pushes). A bot's seat has no socket, so a
    game of one player and three bots renders one view a move, not five.
    `refresh` marks a view that changed without a move (who is connected): sockets
    take it even though its seq is the one they already show."""
    layer = get_channel_layer()
    if layer is None:
        return
    game = Game.objects.select_related("table").get(pk=game_id)
    state = game.engine_state()
    if viewers is None:
        viewers = connected(game, len(state.names))  # None: unknown, so all of them
    wanted = _reachable(layer) or (None if viewers is None else _groups_of(game.pk, viewers))
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
        for group, html in views_for(game, state, wanted)
    ]
    if messages:
        _send_all(layer, messages)


def _groups_of(game_id: int, viewers: Collection[int | None]) -> Callable[[str], bool]:
    groups = {watch_group(game_id) if v is None else seat_group(game_id, v) for v in viewers}
    return groups.__contains__


def _reachable(layer: Any) -> Callable[[str], bool] | None:
    """The groups a push from this process can reach (None: any). The in-memory layer
    (the tests' single process; both profiles use Redis or the embedded Valkey) reaches
    only this process's sockets, so a group without a member here needs no view."""
    if isinstance(layer, InMemoryChannelLayer):
        return lambda group: bool(layer.groups.get(group))
    return None


def _send_all(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Send a push's messages side by side. The in-memory layer's queues (tests) belong
    to the consumers' event loop, which async_to_sync reaches from the database thread.
    A shared layer (Redis, the embedded Valkey) sends from this process's own push loop instead:
    async_to_sync from a Celery thread would start a new loop, and channels-redis a new
    connection, for every push."""
    if isinstance(layer, InMemoryChannelLayer):
        async_to_sync(_gather)(layer, messages)
    else:
        sends = asyncio.run_coroutine_threadsafe(_gather(layer, messages), _push_loop())
        sends.result(timeout=SEND_SECONDS)


async def _gather(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
    await asyncio.gather(*(layer.group_send(group, message) for group, message in messages))


_loop_lock = threading.Lock()
_loop: tuple[int, asyncio.AbstractEventLoop] | None = None


def _push_loop() -> asyncio.AbstractEventLoop:
    """This process's event loop for pushes, on a thread of its own (made again in a
    forked child: a thread does not survive the fork)."""
    global _loop
    with _loop_lock:
        if _loop is None or _loop[0] != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="push-loop", daemon=True).start()
            _loop = (os.getpid(), loop)
        return _loop[1]


# ---- presence ---------------------------------------------------------------------
# Kept in the cache (Redis in production, the embedded Valkey) so every web process
# sees every socket. Seat n's key says its player is connected; the `watch` key that a
# spectator is. Presence is a courtesy: when the cache cannot be reached it is
# "unknown" (no one is shown online, pushes go to every viewer), never an error page.


def _presence_key(game_id: int, seat: int | None) -> str:
    return f"presence:{game_id}:{'watch' if seat is None else seat}"


def _tolerant(what: str, call: Callable[[], T], unknown: T) -> T:
    """`call()`, or `unknown` (and a warning) when the cache cannot be reached."""
    try:
        return call()
    except Exception as error:  # redis-py's errors, or any other cache backend's
        log.warning("presence %s skipped: the cache failed (%s)", what, type(error).__name__)
        return unknown


def mark_present(game_id: int, seat: int | None) -> None:
    key = _presence_key(game_id, seat)
    _tolerant("mark", lambda: cache.set(key, time.time(), PRESENCE_SECONDS), None)


def mark_present_all(viewers: list[tuple[int, int | None]]) -> None:
    """Refresh the presence of many (game, seat) sockets in one cache round trip."""
    now = time.time()
    keys = {_presence_key(g, seat): now for g, seat in viewers}
    _tolerant("refresh", lambda: cache.set_many(keys, PRESENCE_SECONDS), None)


def mark_absent(game_id: int, seat: int, user_id: int | None = None) -> None:
    """The last socket of `seat` here closed: its presence goes, and so does its
    player's page mark (`mark_seen`), so that a browser with JavaScript that leaves is
    not kept "seen" by the page it loaded (games.absence)."""
    # Spectators are not marked absent: another may still watch from another process.
    # Their key lapses PRESENCE_SECONDS after the last one left.
    keys = [_presence_key(game_id, seat)]
    if user_id is not None:
        keys.append(_seen_key(game_id, user_id))
    _tolerant("unmark", lambda: cache.delete_many(keys), None)


def _seen_key(game_id: int, user_id: int) -> str:
    return f"seen:{game_id}:{user_id}"


def mark_seen(game_id: int, user: Any) -> None:
    """`user` asked for `game_id`'s page, its game view or a move: a sign of them for
    `absence.SEEN_SECONDS`, for a page without a socket (JavaScript off). Keyed by user,
    not seat: a poll learns it without a query."""
    if user is None or not user.is_authenticated:
        return
    key = _seen_key(game_id, user.pk)
    _tolerant("seen", lambda: cache.set(key, time.time(), absence.SEEN_SECONDS), None)


def seat_seen(game_id: int, seat: int, user_id: int | None) -> bool | None:
    """Whether there is any sign of the player at `seat`: a socket open, or a page
    request of theirs lately. None when the cache failed: unknown, which must never
    count as gone."""
    keys = [_presence_key(game_id, seat)]
    if user_id is not None:
        keys.append(_seen_key(game_id, user_id))
    found = _tolerant("read", lambda: cache.get_many(keys), None)
    return None if found is None else bool(found)


def connected(game: Game, seats: int) -> set[int | None] | None:
    """The seats with a socket open, and None in the set if a spectator watches (None
    instead of a set: unknown, the cache failed). One cache round trip per instance
    and seq, however many viewers are rendered from it."""

    def read() -> set[int | None] | None:
        keys = {_presence_key(game.pk, seat): seat for seat in [*range(seats), None]}
        found = _tolerant("read", lambda: cache.get_many(list(keys)), None)
        return None if found is None else {keys[key] for key in found}

    return game.once_per_seq("_connected", read)


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
        # As the table page has it (games.views.table._may_watch): the people seated
        # there, its owner and staff.
        allowed = (
            user is not None
            and user.is_authenticated
            and (
                user.is_staff
                or game.table.is_host(user)
                or game.table.seats.filter(user=user).exists()
            )
        )
        return allowed, None
    return True, seat
