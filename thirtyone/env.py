"""Read the environment into settings.

These helpers are plain functions of their arguments so that tests can check
both profiles (embedded and production) without reloading Django's settings.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import dj_database_url

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})

# A development-only key: settings refuse to use it unless DEBUG is on.
DEV_SECRET_KEY = "django-insecure-thirtyone-dev-only-key-never-use-it-in-production"

# SQLite is the embedded default. WAL lets readers run beside the one writer;
# IMMEDIATE makes a transaction take the write lock at BEGIN, so two writers
# queue on the busy timeout instead of one failing with "database is locked"
# when it upgrades a read lock (Django >= 5.1 supports both options).
SQLITE_OPTIONS: dict[str, Any] = {
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
}


def get_bool(name: str, default: bool) -> bool:
    """Read a yes/no variable; anything unrecognised is an error, not a silent default."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ValueError(f"{name}={raw!r} is not a yes/no value (use true or false)")


def get_choice(name: str, choices: tuple[str, ...], default: str) -> str:
    """Read one of a few words; anything else is an error, not a silent default."""
    word = os.environ.get(name, default).strip().lower() or default
    if word not in choices:
        raise ValueError(f"{name}={word!r} is not one of {', '.join(choices)}")
    return word


def get_list(name: str, default: str) -> list[str]:
    """Read a comma-separated list, dropping blanks."""
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def secret_key(debug: bool) -> str:
    """SECRET_KEY from the environment; the fixed development key only when DEBUG."""
    key = os.environ.get("SECRET_KEY", "")
    if key:
        return key
    if debug:
        return DEV_SECRET_KEY
    raise RuntimeError("SECRET_KEY must be set when DEBUG is false")


# var/ and the SQLite database are the owner's only (docs/backups.md#file-modes).
DIR_MODE, FILE_MODE = 0o700, 0o600


def owner_only_dir(path: Path) -> None:
    """Make `path` (and missing parents) and leave it readable by its owner alone."""
    path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    if path.stat().st_uid == os.getuid():
        path.chmod(DIR_MODE)


def owner_only_database(path: Path) -> None:
    """The SQLite database file and its -wal and -shm readable by their owner alone: at
    settings load (an older install's), and as each connection opens
    (`thirtyone.apps`), right after SQLite made a new one with its default 0644 — inside
    var/, which is 0700, so no one else could reach it meanwhile."""
    for file in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if file.stat().st_uid == os.getuid() and file.stat().st_mode & 0o077:
                file.chmod(FILE_MODE)
        except FileNotFoundError:
            pass


def database(url: str | None, var_dir: Path) -> dj_database_url.DBConfig:
    """The default database: DATABASE_URL if given, else SQLite in var_dir.

    Any SQLite database gets the WAL/IMMEDIATE options above. A PostgreSQL server is
    reached through Django's connection pool (psycopg_pool), at most
    DATABASE_POOL_SIZE connections a process: under ASGI every request runs in a
    context of its own, so a persistent connection (CONN_MAX_AGE) is opened anew for
    each request and kept open, and 100 requests left 100 server sessions (Django's
    docs: disable persistent connections under ASGI). Celery workers are not ASGI: the
    Procfile gives them CONN_MAX_AGE, which means one persistent connection each and
    no pool (a pool's threads would not survive the worker's fork). Health checks make
    a restarted server cost no failed task.
    """
    if not url:
        owner_only_database(var_dir / "db.sqlite3")
        url = f"sqlite:///{var_dir / 'db.sqlite3'}"
    config = dj_database_url.parse(url, conn_health_checks=True)
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
    elif os.environ.get("CONN_MAX_AGE"):
        config["CONN_MAX_AGE"] = int(os.environ["CONN_MAX_AGE"])
    else:
        config["CONN_MAX_AGE"] = 0  # the pool keeps the connections
        pool = {"min_size": 1, "max_size": int(os.environ.get("DATABASE_POOL_SIZE", "4"))}
        # Seconds a request waits for a free connection before it fails.
        pool["timeout"] = 10
        config["OPTIONS"] = {**config.get("OPTIONS", {}), "pool": pool}
    return config


def caches(redis_url: str) -> dict[str, Any]:
    """Redis (or the embedded Valkey), so that presence and rate limits are shared by
    every process."""
    return {
        "default": {
            # One connection pool per process, not per asyncio context (thirtyone.redis_cache).
            "BACKEND": "thirtyone.redis_cache.SharedPoolRedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": "thirtyone",
        }
    }


def logging(level: str) -> dict[str, Any]:
    """Every record at `level` and above to the console (stderr), the process's log."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "console": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
        },
        "handlers": {
            "console": {"class": "logging.StreamHandler", "formatter": "console"},
        },
        "root": {"handlers": ["console"], "level": level},
        "loggers": {
            # Replaces Django's default, which would print each record twice.
            "django": {"handlers": ["console"], "level": level, "propagate": False},
        },
    }


def channel_layers(redis_url: str) -> dict[str, Any]:
    """Redis (or the embedded Valkey) across processes.

    The Pub/Sub layer: a group send is one PUBLISH and a socket's process receives it
    on a subscription it already holds, where the original layer spends several Redis
    round trips per group and per message (measured with `make bench-live`: half the
    web processes' CPU per move, and a p95 of 70 ms instead of 97). It delivers at most
    once and is "beta" in channels-redis; a push is only a hint here, and every web
    process's catch-up check re-pushes what a socket missed (docs/realtime.md#catch-up)."""
    return {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [redis_url]},
        }
    }
