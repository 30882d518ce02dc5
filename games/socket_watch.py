"""This process's game sockets, watched: the presence pushes of the sockets that opened,
coalesced per game (`arrivals`), and the slow check that catches up the pushes a socket
missed (`watcher`), both for `games.consumers` (docs/realtime.md#catch-up)."""

from __future__ import annotations

import asyncio
import logging
from collections import Counter

from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from django.conf import settings

from games import presence, realtime

# Its failures are logged under the consumers' name, as before it was a module of its own.
log = logging.getLogger("games.consumers")


class Arrivals:
    """Presence pushes for sockets that opened, coalesced per game in this process.

    A new socket's seat shows as connected in every view of its game: one push
    (`realtime.presence_changed`) renders each present seat's view. The seats of a
    table often open within moments of each other (a tournament round starts, and its
    200 players follow the link at once): rather than a push per socket, each
    rendering every seat present so far, the first arrival waits COALESCE_SECONDS and
    one push covers everyone who arrived meanwhile, and while it waits its turn on the
    database thread (busy with the other sockets' handshakes, it is the same push). The
    wait is taken off when the push starts there, before it reads who is present, so an
    arrival during the render gets a push of its own: an arrival that found the push
    still waiting was marked present before it looked. That push renders the new
    socket's own view too, so its first answer need not (`coming`).
    """

    COALESCE_SECONDS = 0.1

    def __init__(self) -> None:
        self.pending: set[int] = set()
        self.tasks: dict[int, asyncio.Task[None]] = {}  # held: the loop keeps weak references

    def changed(self, game_id: int) -> None:
        if game_id in self.pending:
            return
        self.pending.add(game_id)
        task = asyncio.get_running_loop().create_task(self.push(game_id))
        self.tasks[game_id] = task
        task.add_done_callback(lambda done: self._done(game_id, done))

    def _done(self, game_id: int, task: asyncio.Task[None]) -> None:
        if self.tasks.get(game_id) is task:
            del self.tasks[game_id]

    def coming(self, game_id: int) -> asyncio.Task[None] | None:
        """The presence push of `game_id` that has not yet read who is present (None:
        there is none): it will render the view of every seat marked present by then."""
        return self.tasks.get(game_id) if game_id in self.pending else None

    async def push(self, game_id: int) -> None:
        started = [False]
        try:
            await asyncio.sleep(self.COALESCE_SECONDS)
            await database_sync_to_async(self._push_now)(game_id, started)
        except Exception:  # a hint: the next change, or a reload, shows who is here
            log.exception("presence push for game %s failed", game_id)
        finally:
            if not started[0]:  # cancelled or failed before it began: the next may push
                self.pending.discard(game_id)

    def _push_now(self, game_id: int, started: list[bool]) -> None:
        started[0] = True
        self.pending.discard(game_id)
        realtime.presence_changed(game_id)


class Watcher:
    """This process's sockets, and the slow check that catches up lost pushes.

    Every THIRTYONE_CATCH_UP_SECONDS it reads the seq of every game that has a socket
    here, in one query, and re-pushes any game that moved on without a push arriving
    here: a safety net for pushes the channel layer dropped (it delivers at most once)
    or that were lost while it was away. Per language: the sockets of one language may
    miss a push that the others got (a writer that could not read the presence keys
    renders English only).
    """

    def __init__(self) -> None:
        # (game, seat, language) -> sockets open here
        self.sockets: Counter[tuple[int, int | None, str]] = Counter()
        self.known_seq: dict[tuple[int, str], int] = {}  # (game, language) -> seq seen
        # (game, language) -> the seq it lagged at, at the last check
        self.behind: dict[tuple[int, str], int] = {}
        self.task: asyncio.Task[None] | None = None

    def add(self, game_id: int, seat: int | None, language: str = presence.ENGLISH) -> None:
        self.sockets[(game_id, seat, language)] += 1
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self.run())

    def remove(self, game_id: int, seat: int | None, language: str = presence.ENGLISH) -> None:
        key = (game_id, seat, language)
        self.sockets[key] -= 1
        if self.sockets[key] <= 0:
            del self.sockets[key]

    def has(self, game_id: int, seat: int | None, language: str = presence.ENGLISH) -> bool:
        return self.sockets[(game_id, seat, language)] > 0

    def seen(self, game_id: int, language: str, seq: int) -> None:
        key = (game_id, language)
        self.known_seq[key] = max(seq, self.known_seq.get(key, -1))

    async def run(self) -> None:
        beats = 0
        loop = asyncio.get_running_loop()
        took = 0.0
        while self.sockets:
            # A check every THIRTYONE_CATCH_UP_SECONDS from start to start: under load a
            # check takes a good part of that, and a sleep after it would add to the lag.
            await asyncio.sleep(max(0.0, settings.THIRTYONE_CATCH_UP_SECONDS - took))
            beats += 1
            started = loop.time()
            try:
                await self.check(refresh_presence=beats % 15 == 0)
            except Exception:  # keep the loop alive; the next tick tries again
                log.exception("catch-up check failed")
            took = loop.time() - started

    async def check(self, *, refresh_presence: bool = False) -> None:
        watched = sorted({(game_id, language) for game_id, _seat, language in self.sockets})
        if not watched:
            return
        # One trip to the database thread: the seqs, and now and then the presence keys.
        refresh = list(self.sockets) if refresh_presence else None
        seqs = await database_sync_to_async(_seqs_and_presence)(
            sorted({game_id for game_id, _language in watched}), refresh
        )
        # With a shared layer (Redis, the embedded Valkey) the writer's own push is
        # usually on its way when a check sees a new seq: re-push only a game still
        # behind what the last check saw, rather than render its views again here
        # (under load, every web process did so for most moves). The tests' in-memory
        # layer brings no pushes from other processes.
        wait_a_check = not isinstance(get_channel_layer(), InMemoryChannelLayer)
        behind: dict[tuple[int, str], int] = {}
        due: dict[int, set[str]] = {}
        for key in watched:
            game_id, language = key
            seq = seqs.get(game_id)
            if seq is None:
                continue
            known = self.known_seq.get(key)
            if known is None:
                self.known_seq[key] = seq  # first look: sockets got it on connect
            elif seq > known:
                if wait_a_check and self.behind.get(key, known) <= known:
                    behind[key] = seq
                    continue
                self.known_seq[key] = seq
                due.setdefault(game_id, set()).add(language)
        self.behind = behind
        if due:  # one trip to the database thread for all of them
            await database_sync_to_async(_push_games)(
                {
                    game_id: {v for v in self.viewers(game_id) if v[1] in languages}
                    for game_id, languages in due.items()
                }
            )

    def viewers(self, game_id: int) -> set[tuple[int | None, str]]:
        """The (seat, language) pairs (a seat None: spectators) this process has a
        socket for at `game_id`."""
        return {(seat, language) for game, seat, language in self.sockets if game == game_id}


def _seqs_and_presence(
    game_ids: list[int], sockets: list[tuple[int, int | None, str]] | None
) -> dict[int, int]:
    """The seq of each game; first, if `sockets` are given, their presence keys set
    again (they lapse)."""
    if sockets is not None:
        presence.mark_present_all(sockets)
    return realtime.current_seqs(game_ids)


def _push_games(viewers: dict[int, set[tuple[int | None, str]]]) -> None:
    """Re-push each game to this process's own viewers of it."""
    for game_id, seats in viewers.items():
        realtime.push_game(game_id, viewers=seats)


watcher = Watcher()
arrivals = Arrivals()
