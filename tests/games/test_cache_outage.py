"""A cache outage (docs/profiles.md#when-redis-goes-away): every cache read on a page's path
misses and every write does nothing (games.safe_cache), with one warning per while in
the log; a mistake in the calling code still raises. The cache here is Redis at a
port nothing listens on: redis-py's own errors, as in production."""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core.cache import cache

from games import safe_cache
from lab.bench.processes import free_port


@pytest.fixture
def redis_down(settings: Any) -> Iterator[None]:
    """Django's cache is a Redis server that is not there."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",
        }
    }
    safe_cache._warned.clear()
    yield
    safe_cache._warned.clear()


def test_with_the_cache_down_reads_miss_and_writes_do_nothing(redis_down: None) -> None:
    with pytest.raises(safe_cache.OUTAGE_ERRORS):
        cache.get("k")  # the bare call: what answered 500
    assert safe_cache.cache_get("k", "default") == "default"
    assert safe_cache.cache_get_many(["a", "b"]) == {}
    safe_cache.cache_set("k", 1, 10)
    safe_cache.cache_set_many({"k": 1}, 10)
    assert safe_cache.cache_add("k", 1, 10) is False
    assert safe_cache.cache_add("k", 1, 10, unknown=True) is True


def test_get_or_compute_computes_every_time_while_the_cache_is_down(redis_down: None) -> None:
    computed: list[int] = []

    def compute() -> int:
        computed.append(1)
        return 31

    assert safe_cache.get_or_compute("facts", compute, 60) == 31
    assert safe_cache.get_or_compute("facts", compute, 60) == 31
    assert len(computed) == 2


def test_get_or_compute_keeps_what_it_computed_while_the_cache_is_up() -> None:
    computed: list[int] = []

    def compute() -> int:
        computed.append(1)
        return 31

    assert safe_cache.get_or_compute("facts-up", compute, 60) == 31
    assert safe_cache.get_or_compute("facts-up", compute, 60) == 31
    assert len(computed) == 1


def test_an_outage_is_said_once_per_while_not_per_call(
    redis_down: None, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    now = [1000.0]
    monkeypatch.setattr(safe_cache, "clock", lambda: now[0])
    with caplog.at_level(logging.WARNING, logger="games.safe_cache"):
        for _ in range(20):
            safe_cache.cache_get("k")
        assert caplog.text.count("cache unavailable") == 1
        now[0] += safe_cache.WARN_EVERY_SECONDS
        safe_cache.cache_get("k")
    assert caplog.text.count("cache unavailable") == 2
    assert "ConnectionError" in caplog.text


def test_a_mistake_in_the_calling_code_is_not_taken_for_an_outage() -> None:
    def mistaken() -> Any:
        raise TypeError("unhashable type")

    with pytest.raises(TypeError):
        safe_cache.tolerant("get", mistaken, None)
    with pytest.raises(TypeError):
        safe_cache.get_or_compute("k", mistaken, 60)  # a compute that fails is not hidden


def test_a_tolerant_cache_object_lets_a_lock_through_and_reads_nothing(redis_down: None) -> None:
    tolerant = safe_cache.TolerantCache(cache, "allauth rate limit")
    assert tolerant.add("lock", True, timeout=10) is True  # not waited for
    assert tolerant.get("history", []) == []
    tolerant.set("history", [1.0], 60)
    assert tolerant.delete("lock") is False


# The modules that call Django's cache themselves, each inside the outage's tolerance:
# games.safe_cache's helpers, presence through its `_tolerant`, the rate limits in
# their own try, and /readyz's check of the cache, whose failure is its answer
# (thirtyone/health.py). Anything else on a page's path goes through games.safe_cache.
CALLS_THE_CACHE = {
    "games/safe_cache.py",
    "games/presence.py",
    "games/ratelimit.py",
    "thirtyone/health.py",
    # The sockets-per-user count, each call in the outage's tolerance.
    "games/socket_limits.py",
}
BARE_CALL = re.compile(
    # Also the async forms (aget, aadd, ...).
    r"\bcache\.a?(?:get|set|add|incr|decr|delete|get_many|set_many|delete_many|get_or_set|touch)\("
)


def test_no_other_module_calls_the_cache_bare() -> None:
    root = Path(settings.BASE_DIR)
    apps = ("games", "accounts", "clubs", "tournaments", "ratings", "calls", "notifications")
    found = sorted(
        str(source.relative_to(root))
        for app in (*apps, "thirtyone")
        for source in (root / app).rglob("*.py")
        if BARE_CALL.search(source.read_text())
    )
    assert set(found) <= CALLS_THE_CACHE, set(found) - CALLS_THE_CACHE
