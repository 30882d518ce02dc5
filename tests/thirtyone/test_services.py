"""The production profile against real PostgreSQL and Redis servers.

Skipped when the servers are not reachable. Point them elsewhere with
TEST_POSTGRES_URL (a superuser who may create databases) and TEST_REDIS_URL.
"""

import os
import secrets
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import psycopg
import pytest
from asgiref.sync import async_to_sync
from django.conf import settings
from django.core.cache.backends.redis import RedisCache
from kombu import Connection

from thirtyone import env

POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")

pytestmark = pytest.mark.services


def reachable(url: str) -> bool:
    parts = urlsplit(url)
    try:
        socket.create_connection((parts.hostname, parts.port), timeout=1).close()
    except OSError:
        return False
    return True


needs_postgres = pytest.mark.skipif(not reachable(POSTGRES_URL), reason="no PostgreSQL server")
needs_redis = pytest.mark.skipif(not reachable(REDIS_URL), reason="no Redis server")


@pytest.fixture
def scratch_database_url() -> Iterator[str]:
    """A new, empty PostgreSQL database, dropped afterwards."""
    name = f"thirtyone_test_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlsplit(POSTGRES_URL)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(POSTGRES_URL, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@needs_postgres
def test_migrations_run_on_postgresql(scratch_database_url: str, tmp_path: Path) -> None:
    environ = {**os.environ, "DATABASE_URL": scratch_database_url}
    environ["THIRTYONE_VAR_DIR"] = str(tmp_path)
    environ.pop("DJANGO_SETTINGS_MODULE", None)

    for command in (["migrate", "--noinput"], ["load_presets"], ["check", "--database", "default"]):
        result = subprocess.run(
            [sys.executable, "manage.py", *command],
            cwd=settings.BASE_DIR,
            env=environ,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stdout + result.stderr


@needs_redis
def test_the_redis_cache_is_shared_between_processes() -> None:
    config = env.caches(REDIS_URL)["default"]
    key = f"shared-{secrets.token_hex(4)}"
    # Two cache objects stand for two processes: one writes, the other reads.
    writer = RedisCache(config["LOCATION"], {"KEY_PREFIX": config["KEY_PREFIX"]})
    reader = RedisCache(config["LOCATION"], {"KEY_PREFIX": config["KEY_PREFIX"]})

    writer.set(key, 3, timeout=30)

    assert reader.get(key) == 3
    writer.delete(key)


@needs_redis
def test_the_redis_channel_layer_reaches_a_group_member_in_another_process() -> None:
    from django.utils.module_loading import import_string

    settings = env.channel_layers(REDIS_URL)["default"]
    layer_class, config = import_string(settings["BACKEND"]), settings["CONFIG"]
    group = f"table-{secrets.token_hex(4)}"

    async def round_trip() -> dict:
        sender, receiver = layer_class(**config), layer_class(**config)
        channel = await receiver.new_channel()
        await receiver.group_add(group, channel)
        await sender.group_send(group, {"type": "table.update", "seq": 12})
        message = await receiver.receive(channel)
        await receiver.group_discard(group, channel)
        await sender.flush()
        return message

    assert async_to_sync(round_trip)() == {"type": "table.update", "seq": 12}


@needs_redis
def test_the_redis_broker_carries_a_message(tmp_path: Path) -> None:
    url, options = REDIS_URL, {}
    queue_name = f"thirtyone-test-{secrets.token_hex(4)}"

    with Connection(url, transport_options=options) as connection:
        queue = connection.SimpleQueue(queue_name)
        queue.put({"game": 1, "expected_seq": 7})
        message = queue.get(timeout=5)
        message.ack()
        queue.clear()
        queue.close()

    assert message.payload == {"game": 1, "expected_seq": 7}
