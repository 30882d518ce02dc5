"""Django's Redis cache with one connection pool per process and server
(docs/performance.md#a-round-start).

Django keeps a cache object per asyncio context (its `caches` are context-local under
ASGI), and each of its Redis caches makes a connection pool of its own: every socket
of a web process (a Channels consumer runs in its own context, and so do its trips to
the database thread) opened a new Redis connection for its first cache call. A round
start opens hundreds at once, each a TCP connection and a handshake (about 0.3 ms of
CPU a time, measured). Here every cache object of the process takes the same pool
(redis-py's pools are thread-safe and start over in a forked child)."""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient

_pools: dict[tuple[str, str], Any] = {}
_lock = threading.Lock()


class SharedPoolClient(RedisCacheClient):
    def _get_connection_pool(self, write: bool) -> Any:
        index = self._get_connection_pool_index(write)
        key = (self._servers[index], repr(sorted(self._pool_options.items())))
        with _lock:
            pool = _pools.get(key)
            if pool is None:
                pool = self._pool_class.from_url(self._servers[index], **self._pool_options)
                _pools[key] = pool
        return pool


class SharedPoolRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedPoolClient
