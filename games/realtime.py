"""Pushing each viewer their own view of a game (docs/realtime.md#render-where-the-write-happens).

After a move commits, the writer (a web process or a Celery worker) renders the game
area once per seat and once for spectators, and sends each to its channel group. The
consumers only forward text. Pushes are hints: the event log is the truth, so a client
that reconnects or misses a push gets the whole current view (see `catch_up`).

A view is in the language its socket reads (docs/i18n.md): one render per (seat,
language) that has a socket, each under `translation.override`. When everyone reads
English, that is one render per seat, as it always was.

Group names: ``game-<id>-seat-<n>`` for a player, ``game-<id>-watch`` for spectators,
in English; another language's end in it: ``game-<id>-seat-<n>-da``.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections.abc import Callable, Collection, Coroutine
from typing import Any, TypeVar

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer
from django.db import connection
from django.utils import translation

from games import area_parts, engine, kept_reads
from games.models import Game
from games.presence import ENGLISH, LANGUAGES, Viewer, connected_viewers
from games.rendering import render_game_area
from games.wording.names import with_shown_names

log = logging.getLogger(__name__)

T = TypeVar("T")

SEND_SECONDS = 5.0  # a push that takes longer is given up: catch-up will deliver it


def _in(group: str, language: str) -> str:
    return group if language == ENGLISH else f"{group}-{language}"


def seat_group(game_id: int, seat: int, language: str = ENGLISH) -> str:
    return _in(f"game-{game_id}-seat-{seat}", language)


def watch_group(game_id: int, language: str = ENGLISH) -> str:
    return _in(f"game-{game_id}-watch", language)


def viewer_group(game_id: int, seat: int | None, language: str = ENGLISH) -> str:
    """The group of the sockets of `seat` (None: spectators) that read `language`."""
    return watch_group(game_id, language) if seat is None else seat_group(game_id, seat, language)


def views_for(
    game: Game,
    state: engine.GameState | None = None,
    wanted: Callable[[str], bool] | None = None,
    viewers: Collection[Viewer] | None = None,
) -> list[tuple[str, str]]:
    """(group, html) for each (seat, language) of `viewers` -- by default every seat
    and the spectators in every language -- whose group `wanted` accepts, each
    rendered from its own observation only, in its own language."""
    return [
        (group, body["html"]) for group, body in _bodies(game, state, wanted, viewers, moved=False)
    ]


def _bodies(
    game: Game,
    state: engine.GameState | None,
    wanted: Callable[[str], bool] | None,
    viewers: Collection[Viewer] | None,
    *,
    moved: bool,
) -> list[tuple[str, dict[str, Any]]]:
    """What each viewer's push carries: its whole view ({"html": ...}), or after a move
    whose events are only moves, the parts they changed (`games.area_parts`)."""
    state = state or game.engine_state()
    if viewers is None:
        viewers = [
            (seat, language) for language in LANGUAGES for seat in [*range(len(state.names)), None]
        ]
    found: list[tuple[str, dict[str, Any]]] = []
    base: int | None = None
    for seat, language in _in_order(viewers):
        group = viewer_group(game.pk, seat, language)
        if wanted is not None and not wanted(group):
            continue
        if not found and moved:  # read only when someone is to be sent a view
            base = area_parts.base_of(game)
        body: dict[str, Any]
        with translation.override(language):
            if base is None:
                body = {"html": render_game_area(game, with_shown_names(state), seat)}
            else:
                body = {"base": base, **area_parts.render(game, state, seat, base)}
        found.append((group, body))
    return found


def _in_order(viewers: Collection[Viewer]) -> list[Viewer]:
    """English first, then by language; seats in order, the spectators last."""
    return sorted(
        viewers,
        key=lambda v: (v[1] != ENGLISH, v[1], v[0] is None, -1 if v[0] is None else v[0]),
    )


def _viewer(viewer: int | None | Viewer) -> Viewer:
    """A seat alone (None: the spectators) is its English sockets."""
    return viewer if isinstance(viewer, tuple) else (viewer, ENGLISH)


def push_game(
    game_id: int,
    *,
    refresh: bool = False,
    viewers: Collection[int | None | Viewer] | None = None,
    game: Game | None = None,
    moved: bool = False,
) -> int:
    """Send every viewer of `game_id` its current view (called after a commit); returns
    how many views were handed to the channel layer.

    Views are rendered only for the (seat, language) pairs (a seat None: the
    spectators) that have a socket: by default those the presence keys name, or the
    given `viewers` (a web process's own sockets, when its catch-up check re-pushes; a
    seat alone means its English sockets). A bot's seat has no socket, so a game of one
    player and three bots renders one view a move, not five.
    `refresh` marks a view that changed without a move (who is connected): sockets
    take it even though its seq is the one they already show. `game`: the instance the
    writer just saved (with its table, and what it read at this seq), rendered from
    as it is: the committed state is in hand, not read back. `moved`: the change was
    a move (`games.notify`): if its events are only moves, each viewer is sent only
    the parts they changed (`games.area_parts`), else the whole view."""
    layer = get_channel_layer()
    if layer is None:
        return 0
    if game is None:
        game = Game.objects.select_related("table").get(pk=game_id)
    state = game.engine_state()
    seats = [*range(len(state.names)), None]
    if viewers is None:
        pairs = connected_viewers(game, len(state.names))
    else:
        pairs = {_viewer(v) for v in viewers}
    if pairs is None:
        # Unknown (the cache failed): every seat and the spectators, in English. A socket
        # reading another language is caught up by its process's check
        # (`games.socket_watch.Watcher`), which knows its sockets' languages.
        pairs = {(seat, ENGLISH) for seat in seats}
    # The in-memory layer (tests) knows which groups have a socket: every (seat, language)
    # is offered to it.
    wanted = reachable(layer)
    candidates = None if wanted is not None else pairs
    sent_at = time.time()
    messages = [
        (
            group,
            {"type": "game.view", "seq": game.seq, "sent_at": sent_at, "refresh": refresh, **body},
        )
        for group, body in _bodies(game, state, wanted, candidates, moved=moved and not refresh)
    ]
    if messages:
        send_all(layer, messages)
    return len(messages)


def reachable(layer: Any) -> Callable[[str], bool] | None:
    """The groups a push from this process can reach (None: any). The in-memory layer
    (the tests' single process; both profiles use Redis or the embedded Valkey) reaches
    only this process's sockets, so a group without a member here needs no view."""
    if isinstance(layer, InMemoryChannelLayer):
        return lambda group: bool(layer.groups.get(group))
    return None


def send_all(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> None:
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
    if isinstance(layer, RedisPubSubChannelLayer) and await _publish_at_once(layer, messages):
        return
    await asyncio.gather(*(layer.group_send(group, message) for group, message in messages))


async def _publish_at_once(layer: Any, messages: list[tuple[str, dict[str, Any]]]) -> bool:
    """A push's group sends in one Redis round trip per shard (docs/realtime.md#the-channel-layer).

    channels-redis's Pub/Sub layer makes each `group_send` a PUBLISH of its own, one
    after another under its shard's lock (a round trip each: four for a table of four
    watched seats). This sends the same PUBLISHes, to the channels its `group_send`
    would, serialized as it would, in one pipeline per shard and under the same lock.
    It reaches into the layer's own parts (4.3): if they are not there (another
    version), it returns False and the push sends group by group, as before."""
    try:
        loop_layer = layer._get_layer()
        by_shard: dict[Any, list[tuple[str, bytes]]] = {}
        for group, message in messages:
            channel = loop_layer._get_group_channel_name(group)
            shard = loop_layer._get_shard(channel)
            by_shard.setdefault(shard, []).append((channel, layer.serialize(message)))
    except AttributeError:
        return False
    if not all(hasattr(shard, "_lock") and hasattr(shard, "_ensure_redis") for shard in by_shard):
        return False
    for shard, published in by_shard.items():
        async with shard._lock:
            shard._ensure_redis()
            pipeline = shard._redis.pipeline(transaction=False)
            for channel, data in published:
                pipeline.publish(channel, data)
            await pipeline.execute()
    return True


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


def on_push_loop(coroutine: Coroutine[Any, Any, T], timeout: float) -> T:
    """Run `coroutine` on this process's push loop, from any other thread, and wait at
    most `timeout` seconds for it (the channel layer's check of /readyz, thirtyone.health:
    the layer's connections are this loop's)."""
    return asyncio.run_coroutine_threadsafe(coroutine, _push_loop()).result(timeout=timeout)


def presence_changed(game_id: int) -> None:
    """Re-push the views so everyone sees who is connected: rendered from the game as
    this process read it for its sockets (`games.kept_reads`)."""
    with kept_reads.game(game_id) as game:
        if game is not None:
            push_game(game_id, refresh=True, game=game)


def current_seqs(game_ids: list[int]) -> dict[int, int]:
    """One query: the latest seq of each game (the slow catch-up check). In plain SQL:
    compiling the ORM's query cost five times what running it did (0.40 against 0.06
    ms of CPU for 50 games on PostgreSQL, docs/realtime.md#catch-up)."""
    if not game_ids:
        return {}
    quote = connection.ops.quote_name
    marks = ", ".join(["%s"] * len(game_ids))
    sql = (
        f"SELECT {quote('id')}, {quote('seq')} FROM {quote(Game._meta.db_table)} "
        f"WHERE {quote('id')} IN ({marks})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [int(game_id) for game_id in game_ids])
        return dict(cursor.fetchall())


def render_for(game_id: int, seat: int | None) -> tuple[int, str]:
    """The game's seq and `seat`'s view of it, in the active language (a socket's
    answer renders under its language: `games.consumers`), from the game as this
    process read it for its sockets (`games.kept_reads`; Game.DoesNotExist if gone)."""
    with kept_reads.game(game_id) as game:
        if game is None:
            raise Game.DoesNotExist(game_id)
        return game.seq, render_game_area(game, game.engine_state(), seat)
