"""Every Redis cache object of a process takes the same connection pool
(thirtyone.redis_cache): Django makes a cache object per asyncio context, and each of
its own made a pool, so a new connection, of its own."""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache

from thirtyone.redis_cache import SharedPoolRedisCache

URL = "redis://cache.example:6379/2"  # never connected to: a pool connects when used


def pool(cache: RedisCache, *, write: bool = True) -> object:
    return cache._cache._get_connection_pool(write)  # type: ignore[attr-defined]


def test_two_cache_objects_share_one_pool() -> None:
    first = SharedPoolRedisCache(URL, {"KEY_PREFIX": "a"})
    second = SharedPoolRedisCache(URL, {"KEY_PREFIX": "b"})
    assert pool(first) is pool(second)
    assert pool(first, write=False) is pool(first)  # one server: reads and writes alike


def test_django_s_own_made_a_pool_each() -> None:
    """What the shared pool replaces (and what would make this module unneeded)."""
    assert pool(RedisCache(URL, {})) is not pool(RedisCache(URL, {}))


def test_another_server_or_options_have_their_own() -> None:
    base = pool(SharedPoolRedisCache(URL, {}))
    assert pool(SharedPoolRedisCache("redis://cache.example:6379/3", {})) is not base
    options = {"OPTIONS": {"socket_timeout": 2}}
    assert pool(SharedPoolRedisCache(URL, options)) is not base
