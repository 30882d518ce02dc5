"""A game read once in a process for the sockets that ask about it at the same moment
(docs/realtime.md#a-game-read-once-for-its-sockets).

When a tournament round starts, every seat's socket opens within a few seconds: each
asks for its view (`consumers._answer`) and each arrival pushes who is connected
(`realtime.presence_changed`). Read afresh, every one of them reads the game, its
players, its log and its deals again (most of a view's cost); kept here, they are read
once per process and seq. A kept instance is used only while the row still says what it
said when read (seq, status, turn deadline, sealed...: one query of a few values) and for
SECONDS at most (a table's own settings change without a seq). What a presence change
alters at the same seq (who is connected, the areas and seats rendered from it) is
dropped before each use, so every taker reads presence afresh."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from games.models import Game

KEPT = 64  # games: a round of 50 tables, with room
SECONDS = 5.0
# `Game.once_per_seq` names a presence change alters without a new seq.
_BY_PRESENCE = ("_connected", "_areas", "_shared_seats:", "_area_parts", "_steady:")
# What says the row is the one read: a move, its end, a timer started, unsealed; and
# which game (an id used again, as a test database's rollback does).
_MARKS = ("seq", "status", "turn_deadline", "sealed", "table_id", "started_at")

_kept: OrderedDict[int, tuple[float, tuple[Any, ...], Game]] = OrderedDict()
# Held while a kept instance is used: its caches are filled as it is rendered from.
# The web processes' database thread is one thread, so it is never waited for there.
_lock = threading.RLock()


def _marks(game: Game) -> tuple[Any, ...]:
    return tuple(getattr(game, name) for name in _MARKS)


@contextmanager
def game(game_id: int) -> Iterator[Game | None]:
    """The game (its table read with it) as it is now, kept for the next taker; None if
    there is no such game."""
    with _lock:
        now = time.monotonic()
        marks = Game.objects.filter(pk=game_id).values_list(*_MARKS).first()
        if marks is None:
            _kept.pop(game_id, None)
            yield None
            return
        found = _kept.get(game_id)
        if found is None or found[1] != marks or now - found[0] > SECONDS:
            fresh = Game.objects.select_related("table").filter(pk=game_id).first()
            if fresh is None:
                _kept.pop(game_id, None)
                yield None
                return
            found = (now, _marks(fresh), fresh)
            _kept[game_id] = found
        _kept.move_to_end(game_id)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
        kept = found[2]
        for name in [n for n in kept.__dict__ if n.startswith(_BY_PRESENCE)]:
            del kept.__dict__[name]
        yield kept


def forget() -> None:
    """Drop every kept game (tests)."""
    with _lock:
        _kept.clear()
