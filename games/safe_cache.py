"""Django's cache, tolerant of an outage (docs/profiles.md#when-redis-goes-away).

The cache is Redis in production and the embedded Valkey in `make run`. Everything a
request keeps there is a help, never the truth: a page's cached part (the event
page's facts, a verify report, a replay's states), a rate limit's count, presence.
When the cache server cannot be reached, a page renders uncached and a limit is not
counted, rather than answer 500: `cache_get` returns its default, `cache_set` and
`cache_add` do nothing, `get_or_compute` computes. Only the cache backend's own
errors count as an outage (redis-py's, and the OSError a socket raises); a mistake in
the calling code still raises. A warning says so in the log, once per
WARN_EVERY_SECONDS and operation, so that an outage does not flood it.

`TolerantCache` puts the same in front of a whole cache object, for code that calls
the cache itself (allauth's rate limits: accounts.apps).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import cache
from redis.exceptions import RedisError

log = logging.getLogger(__name__)
T = TypeVar("T")

# What an unreachable or failing cache server raises through Django's Redis backend.
OUTAGE_ERRORS: tuple[type[BaseException], ...] = (RedisError, OSError)
WARN_EVERY_SECONDS = 30.0

_warned: dict[str, float] = {}
_warned_lock = threading.Lock()
# The clock the warnings are spaced on (tests move it).
clock: Callable[[], float] = time.monotonic


def warn(what: str, error: BaseException, logger: logging.Logger = log) -> None:
    """Log that `what` went without the cache, at most once per WARN_EVERY_SECONDS (to
    `logger`: the caller's, where its tests and operators look)."""
    now = clock()
    with _warned_lock:
        last = _warned.get(what)
        if last is not None and now - last < WARN_EVERY_SECONDS:
            return
        _warned[what] = now
    logger.warning(
        "cache unavailable (%s: %s): %s went without it (said once per %d s)",
        type(error).__name__,
        error,
        what,
        WARN_EVERY_SECONDS,
    )


def tolerant(what: str, call: Callable[[], T], unknown: T, logger: logging.Logger = log) -> T:
    """`call()`, or `unknown` (and a spaced warning) when the cache is out."""
    try:
        return call()
    except OUTAGE_ERRORS as error:
        warn(what, error, logger)
        return unknown


def cache_get(key: str, default: Any = None) -> Any:
    return tolerant("get", lambda: cache.get(key, default), default)


def cache_get_many(keys: list[str]) -> dict[str, Any]:
    return tolerant("get_many", lambda: cache.get_many(keys), {})


def cache_set(key: str, value: Any, timeout: float | None) -> None:
    tolerant("set", lambda: cache.set(key, value, timeout), None)


def cache_set_many(values: dict[str, Any], timeout: float | None) -> None:
    tolerant("set_many", lambda: cache.set_many(values, timeout), None)


def cache_delete(key: str) -> None:
    tolerant("delete", lambda: cache.delete(key), None)


def cache_add(key: str, value: Any, timeout: float | None, *, unknown: bool = False) -> bool:
    """Whether `key` was added; `unknown` when the cache is out (the caller says which
    way an outage counts: as "someone else has it" or as "go ahead")."""
    return tolerant("add", lambda: cache.add(key, value, timeout), unknown)


def get_or_compute(key: str, compute: Callable[[], T], timeout: float | None) -> T:
    """The value kept at `key`, else `compute()`, kept for `timeout` seconds. With the
    cache out: computed, and not kept. A value of None is never kept (it reads as a
    miss)."""
    found = cache_get(key)
    if found is None:
        found = compute()
        if found is not None:
            cache_set(key, found, timeout)
    return found


class TolerantCache:
    """A cache object whose reads miss and whose writes do nothing while the server is
    out: `add` answers True (taken: a lock that cannot be held is not waited for),
    `get` its default, `set`, `delete` nothing. Anything else is the wrapped cache's,
    as it is."""

    def __init__(self, wrapped: Any, what: str) -> None:
        self._wrapped, self._what = wrapped, what

    def get(self, key: str, default: Any = None, **kwargs: Any) -> Any:
        return tolerant(self._what, lambda: self._wrapped.get(key, default, **kwargs), default)

    def set(self, key: str, value: Any, *args: Any, **kwargs: Any) -> None:
        tolerant(self._what, lambda: self._wrapped.set(key, value, *args, **kwargs), None)

    def add(self, key: str, value: Any, *args: Any, **kwargs: Any) -> bool:
        return bool(
            tolerant(self._what, lambda: self._wrapped.add(key, value, *args, **kwargs), True)
        )

    def delete(self, key: str, *args: Any, **kwargs: Any) -> bool:
        return bool(tolerant(self._what, lambda: self._wrapped.delete(key, *args, **kwargs), False))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._wrapped, name)
