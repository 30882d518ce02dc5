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


def database(url: str | None, var_dir: Path) -> dict[str, Any]:
    """The default database: DATABASE_URL if given, else SQLite in var_dir.

    Any SQLite database gets the WAL/IMMEDIATE options above. Other servers keep
    their connections open (CONN_MAX_AGE seconds, default 600): every Celery task and
    every database call of a socket would otherwise open a new PostgreSQL
    connection, a new server process each time (measured: the largest part of the
    database's CPU per move under load). Health checks make a restarted server cost
    no failed request.
    """
    if not url:
        url = f"sqlite:///{var_dir / 'db.sqlite3'}"
    config: dict[str, Any] = dj_database_url.parse(url, conn_health_checks=True)
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config["OPTIONS"] = {**SQLITE_OPTIONS, **config.get("OPTIONS", {})}
    else:
        config["CONN_MAX_AGE"] = int(os.environ.get("CONN_MAX_AGE", "600"))
    return config


def caches(redis_url: str | None) -> dict[str, Any]:
    """Redis when available, so that rate limits are shared by every process."""
    if redis_url:
        return {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": redis_url,
                "KEY_PREFIX": "thirtyone",
            }
        }
    return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}


def channel_layers(redis_url: str | None) -> dict[str, Any]:
    """Redis across processes; in memory for the single embedded web process.

    The Pub/Sub layer: a group send is one PUBLISH and a socket's process receives it
    on a subscription it already holds, where the original layer spends several Redis
    round trips per group and per message (measured with `make bench-live`: half the
    web processes' CPU per move, and a p95 of 70 ms instead of 97). It delivers at most
    once and is "beta" in channels-redis; a push is only a hint here, and every web
    process's catch-up check re-pushes what a socket missed (DESIGN.md §5)."""
    if redis_url:
        return {
            "default": {
                "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
                "CONFIG": {"hosts": [redis_url]},
            }
        }
    return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def celery_broker(redis_url: str | None, var_dir: Path) -> tuple[str, dict[str, Any]]:
    """Celery's broker URL and transport options.

    Without Redis the broker is kombu's filesystem transport: each message is a
    file in one folder that producers (web) and the consumer (worker) share, so
    no server is needed. The folders are created here because kombu expects them.
    """
    if redis_url:
        return redis_url, {}
    root = var_dir / "celery"
    folders = {
        "data_folder_in": root / "queue",
        "data_folder_out": root / "queue",
        "control_folder": root / "control",
        "processed_folder": root / "processed",
    }
    for folder in folders.values():
        folder.mkdir(parents=True, exist_ok=True)
    options: dict[str, Any] = {key: str(path) for key, path in folders.items()}
    # The worker lists the folder this often; a bot's move waits at most this long.
    options["polling_interval"] = 0.2
    return "filesystem://localhost//", options
