"""A web process keeps a bounded number of PostgreSQL connections, however many
requests it serves (issue 20: with CONN_MAX_AGE under Daphne, every request opened a
connection of its own and kept it, and 16-32 concurrent requests hit `too many
clients` and HTTP 500)."""

from __future__ import annotations

import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.db import connection

from tests.integration.helpers import Daphne, live_env, running

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

POOL_SIZE = 3


def _status(url: str) -> int:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status


def _server_sessions() -> int:
    """Connections to the test database other than this test's own."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def test_a_web_process_serves_many_requests_on_a_few_pooled_connections(
    postgres: None, redis_url: str, tmp_path: Path
) -> None:
    environ = live_env(redis_url, tmp_path, DATABASE_POOL_SIZE=POOL_SIZE, CONN_MAX_AGE=None)
    before = _server_sessions()  # this test's other connections (none, usually)
    with running(Daphne("daphne", environ, tmp_path)) as (web,):
        lobby = f"{web.http}/"
        one_by_one = [_status(lobby) for _ in range(100)]
        after_sequential = _server_sessions()
        with ThreadPoolExecutor(32) as pool:
            side_by_side = list(pool.map(_status, [lobby] * 64))
        after_concurrent = _server_sessions()

    assert one_by_one == [200] * 100
    assert side_by_side == [200] * 64
    assert 1 <= after_sequential - before <= POOL_SIZE, (before, after_sequential)
    assert 1 <= after_concurrent - before <= POOL_SIZE, (before, after_concurrent)
