"""Per-user limits on how fast moves and socket messages may come (issue 20).

A fixed-window counter in Django's cache: Redis in production and the embedded
Valkey in `make run`, so every web process shares the count. The limits are far above
anything a person does at a card table; they stop scripts that would otherwise make
every request a transaction, a task and a push.

The cache is a helper here, not a gate: if it cannot be reached, the request goes
through (with a warning in the log, spaced by games.safe_cache) rather than fail for
someone who did nothing wrong (docs/profiles.md#when-redis-goes-away).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.core.cache import cache
from django.utils.translation import ngettext

from games import safe_cache

log = logging.getLogger(__name__)

# The clock the windows are counted on (tests hold it still).
clock: Callable[[], float] = time.time


@dataclass(frozen=True)
class Limit:
    """At most `count` hits in each window of `seconds`, per key."""

    name: str
    count: int
    seconds: int


# POSTs to a table's views (moves, "I'm back", seats, starting a game) and to the
# lobby's (opening a table, joining one by its link), per user.
ACTIONS = Limit("actions", count=20, seconds=10)
# Messages a game socket receives (a client says which seq it shows), per user; per
# socket for a spectator who is not logged in.
SOCKET_MESSAGES = Limit("socket", count=30, seconds=10)
# Tables opened from the lobby, per user: a club night's tables in a few minutes is a
# host's evening; more is a script filling the lobby (counted besides ACTIONS, which
# every POST to the lobby's create and join counts against, as a table's POSTs do).
TABLES = Limit("tables", count=10, seconds=600)
# Lines written in a table's chat (games.chat), per user: a few in a row is talk, more
# is a flood on everyone else's screen.
CHAT = Limit("chat", count=5, seconds=10)


def throttled(limit: Limit, key: str) -> int:
    """Count one hit for `key` and return 0 if it is within `limit`, else the whole
    seconds (at least 1) until the window ends and hits are allowed again."""
    now = clock()
    window = int(now // limit.seconds)
    cache_key = f"ratelimit:{limit.name}:{key}:{window}"
    try:
        # add() starts the window's count only if no one has yet; incr() is atomic in
        # Redis, so concurrent hits from several processes are all counted.
        cache.add(cache_key, 0, timeout=limit.seconds + 1)
        try:
            count = cache.incr(cache_key)
        except ValueError:  # the key expired between add() and incr(): a new window
            cache.add(cache_key, 1, timeout=limit.seconds + 1)
            count = 1
    except safe_cache.OUTAGE_ERRORS as error:
        safe_cache.warn(f"rate limit {limit.name} (not checked)", error, log)
        return 0
    if count <= limit.count:
        return 0
    return max(1, math.ceil((window + 1) * limit.seconds - now))


def too_fast(wait: int) -> str:
    """What someone over a limit is told."""
    return ngettext(
        "Too many actions in a few seconds: wait %(count)s second, then try again.",
        "Too many actions in a few seconds: wait %(count)s seconds, then try again.",
        wait,
    ) % {"count": wait}


def too_many_tables(wait: int) -> str:
    """What someone who opened TABLES.count tables in its window is told."""
    minutes = math.ceil(wait / 60)
    return ngettext(
        "You have opened %(tables)s tables in the last few minutes: wait %(count)s minute "
        "before opening another.",
        "You have opened %(tables)s tables in the last few minutes: wait %(count)s minutes "
        "before opening another.",
        minutes,
    ) % {"tables": TABLES.count, "count": minutes}
