"""Who is at a game: presence and page marks (docs/realtime.md#presence, games.absence).

Kept in the cache (Redis in production, the embedded Valkey) so every web process
sees every socket. Seat n's key says its player is connected; the `watch` key that a
spectator is. Presence is a courtesy: when the cache cannot be reached it is
"unknown" (no one is shown online, pushes go to every viewer), never an error page.

Each key also names the language its sockets read (docs/i18n.md): a push renders a
view for each (seat, language) that has a socket. English, the default, keeps the keys
it always had (``presence:<game>:<seat>``); another language's end in it
(``presence:<game>:<seat>:da``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache

from games import absence, safe_cache
from games.models import Game

log = logging.getLogger(__name__)
T = TypeVar("T")

PRESENCE_SECONDS = 45  # a web process refreshes its sockets' presence every 7.5 s

# The languages a socket may read: English (the source text, the default) first.
ENGLISH = settings.LANGUAGE_CODE
LANGUAGES: tuple[str, ...] = (
    ENGLISH,
    *(code for code, _name in settings.LANGUAGES if code != ENGLISH),
)

# Who watches a game through a socket: a seat (None: a spectator) and the language
# they read.
Viewer = tuple[int | None, str]


def _presence_key(game_id: int, seat: int | None, language: str = ENGLISH) -> str:
    key = f"presence:{game_id}:{'watch' if seat is None else seat}"
    return key if language == ENGLISH else f"{key}:{language}"


def _tolerant(what: str, call: Callable[[], T], unknown: T) -> T:
    """`call()`, or `unknown` (and a spaced warning) when the cache cannot be reached
    (games.safe_cache)."""
    return safe_cache.tolerant(f"presence {what}", call, unknown, log)


def mark_present(game_id: int, seat: int | None, language: str = ENGLISH) -> None:
    key = _presence_key(game_id, seat, language)
    _tolerant("mark", lambda: cache.set(key, time.time(), PRESENCE_SECONDS), None)


def mark_present_all(viewers: list[tuple[Any, ...]]) -> None:
    """Refresh the presence of many (game, seat, language) sockets -- or (game, seat),
    in English -- in one cache round trip."""
    now = time.time()
    keys = {_presence_key(*viewer): now for viewer in viewers}
    _tolerant("refresh", lambda: cache.set_many(keys, PRESENCE_SECONDS), None)


def mark_absent(
    game_id: int, seat: int, user_id: int | None = None, language: str = ENGLISH
) -> None:
    """The last socket of `seat` reading `language` here closed: its presence goes, and
    so does its player's page mark (`mark_seen`), so that a browser with JavaScript that
    leaves is not kept "seen" by the page it loaded (games.absence)."""
    # Spectators are not marked absent: another may still watch from another process.
    # Their key lapses PRESENCE_SECONDS after the last one left.
    keys = [_presence_key(game_id, seat, language)]
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
    keys = [_presence_key(game_id, seat, language) for language in LANGUAGES]
    if user_id is not None:
        keys.append(_seen_key(game_id, user_id))
    found = _tolerant("read", lambda: cache.get_many(keys), None)
    return None if found is None else bool(found)


def connected(game: Game, seats: int) -> set[int | None] | None:
    """The seats with a socket open, and None in the set if a spectator watches (None
    instead of a set: unknown, the cache failed). One cache round trip per instance
    and seq, however many viewers are rendered from it."""
    found = connected_viewers(game, seats)
    return None if found is None else {seat for seat, _language in found}


def connected_viewers(game: Game, seats: int) -> set[Viewer] | None:
    """The (seat, language) pairs with a socket open, a spectator's seat None (None
    instead of a set: unknown, the cache failed). One cache round trip per instance
    and seq, shared with `connected`."""

    def read() -> set[Viewer] | None:
        keys = {
            _presence_key(game.pk, seat, language): (seat, language)
            for seat in [*range(seats), None]
            for language in LANGUAGES
        }
        found = _tolerant("read", lambda: cache.get_many(list(keys)), None)
        return None if found is None else {keys[key] for key in found}

    return game.once_per_seq("_connected", read)
