"""The settings helpers: each profile's configuration from the environment."""

from pathlib import Path
from typing import Any

import pytest
from django.db.utils import ConnectionHandler

from thirtyone import env


def test_it_defaults_to_sqlite_in_var_with_wal_and_immediate_transactions(tmp_path: Path) -> None:
    config = env.database(None, tmp_path)

    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(tmp_path / "db.sqlite3")
    assert config["OPTIONS"] == {
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }


def test_django_accepts_the_sqlite_options_and_turns_wal_on(
    tmp_path: Path, django_db_blocker: Any
) -> None:
    config = env.database(None, tmp_path)
    # A connection of its own to a new file database, not the test database.
    wrapper = ConnectionHandler({"default": config})["default"]
    try:
        with django_db_blocker.unblock(), wrapper.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone()[0] == "wal"
        assert wrapper.transaction_mode == "IMMEDIATE"
    finally:
        wrapper.close()


def test_it_reads_a_postgresql_database_url_and_pools_its_connections(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("CONN_MAX_AGE", raising=False)
    monkeypatch.delenv("DATABASE_POOL_SIZE", raising=False)
    config = env.database("postgres://player:secret@db.example:5433/thirtyone", tmp_path)

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["PORT"], config["NAME"]) == ("db.example", 5433, "thirtyone")
    assert (config["USER"], config["PASSWORD"]) == ("player", "secret")
    assert config["CONN_HEALTH_CHECKS"] is True
    # Web processes (ASGI): no persistent connections, a small pool instead.
    assert config["CONN_MAX_AGE"] == 0
    assert config["OPTIONS"]["pool"] == {"min_size": 1, "max_size": 4, "timeout": 10}
    assert "transaction_mode" not in config["OPTIONS"]


def test_a_celery_worker_keeps_one_persistent_connection_instead_of_a_pool(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CONN_MAX_AGE", "600")  # the Procfile's worker line
    config = env.database("postgres://player@db.example/thirtyone", tmp_path)

    assert config["CONN_MAX_AGE"] == 600
    assert "pool" not in config.get("OPTIONS", {})


def test_a_sqlite_database_url_also_gets_the_sqlite_options(tmp_path: Path) -> None:
    config = env.database(f"sqlite:///{tmp_path / 'other.db'}", tmp_path)

    assert config["NAME"] == str(tmp_path / "other.db")
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_redis_or_the_embedded_valkey_carries_cache_and_channels() -> None:
    redis_url = "redis://cache.example:6379/2"

    cache = env.caches(redis_url)["default"]
    layer = env.channel_layers(redis_url)["default"]

    assert cache["BACKEND"] == "thirtyone.redis_cache.SharedPoolRedisCache"
    assert cache["LOCATION"] == redis_url
    assert layer["BACKEND"] == "channels_redis.pubsub.RedisPubSubChannelLayer"
    assert layer["CONFIG"]["hosts"] == [redis_url]


@pytest.mark.parametrize(("raw", "expected"), [("true", True), ("1", True), ("False", False)])
def test_it_reads_yes_no_variables(
    monkeypatch: pytest.MonkeyPatch, raw: str, expected: bool
) -> None:
    monkeypatch.setenv("SOME_FLAG", raw)

    assert env.get_bool("SOME_FLAG", default=not expected) is expected


def test_it_rejects_a_yes_no_variable_it_cannot_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEBUG", "maybe")

    with pytest.raises(ValueError, match="DEBUG='maybe'"):
        env.get_bool("DEBUG", default=True)


def test_it_refuses_the_development_secret_key_in_production(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)

    assert env.secret_key(debug=True) == env.DEV_SECRET_KEY
    with pytest.raises(RuntimeError, match="SECRET_KEY"):
        env.secret_key(debug=False)
