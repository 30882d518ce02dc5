"""/healthz and /readyz (thirtyone.health, docs/monitoring.md#health)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache
from django.test import Client

from games import tasks
from thirtyone import health
from thirtyone.celery import app as celery_app

pytestmark = pytest.mark.django_db

ALL_OK = {name: "ok" for name in health.CHECKS}


@pytest.fixture(autouse=True)
def _fresh_result() -> Iterator[None]:
    health.forget()
    yield
    health.forget()


@pytest.fixture
def worker_answers(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """A worker that answers the ping (the tests run no worker)."""
    pings: list[dict[str, Any]] = []

    def ping(**options: Any) -> list[dict[str, Any]]:
        pings.append(options)
        return [{"celery@test": {"ok": "pong"}}]

    monkeypatch.setattr(celery_app.control, "ping", ping)
    return pings


@pytest.fixture
def swept() -> None:
    """beat's sweep has just run (its own record of it, in the cache)."""
    tasks.sweep()


def _ready(client: Client, **headers: Any) -> tuple[int, dict[str, Any]]:
    response = client.get("/readyz", **headers)
    assert response["Content-Type"] == "application/json"
    return response.status_code, json.loads(response.content)


def test_healthz_answers_ok_without_the_database(
    client: Client, django_assert_num_queries: Any
) -> None:
    with django_assert_num_queries(0):
        response = client.get("/healthz")
    assert response.status_code == 200
    assert response.content == b"ok"
    assert response["Cache-Control"] == "no-store"


def test_readyz_is_ok_when_every_check_passes(
    client: Client, worker_answers: list[dict[str, Any]], swept: None
) -> None:
    assert _ready(client) == (200, {"status": "ok", "checks": ALL_OK})
    assert worker_answers and worker_answers[0]["limit"] == 1, "the first answer is enough"


def test_readyz_names_the_cache_when_it_fails_and_says_nothing_more(
    client: Client, worker_answers: list[dict[str, Any]], swept: None, monkeypatch: Any
) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise ConnectionError("redis://secret-host:6379 refused")

    # On the class: each thread has a cache object of its own.
    monkeypatch.setattr(LocMemCache, "set", broken)
    status, body = _ready(client)
    assert status == 503
    assert body == {"status": "failed", "checks": {**ALL_OK, "cache": "failed"}}
    assert "secret-host" not in json.dumps(body)


def test_readyz_fails_when_no_worker_answers(
    client: Client, swept: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(celery_app.control, "ping", lambda **options: [])
    status, body = _ready(client)
    assert status == 503
    assert body["checks"] == {**ALL_OK, "worker": "failed"}


def test_readyz_fails_when_the_last_sweep_is_three_intervals_old(
    client: Client, worker_answers: list[dict[str, Any]], settings: Any
) -> None:
    interval = settings.THIRTYONE_SWEEP_SECONDS
    cache.set(tasks.SWEPT_KEY, time.time() - 3 * interval - 2, timeout=None)
    status, body = _ready(client)
    assert status == 503
    assert body["checks"] == {**ALL_OK, "beat": "failed"}
    health.forget()
    cache.set(tasks.SWEPT_KEY, time.time() - 2 * interval, timeout=None)
    assert _ready(client)[0] == 200


def test_readyz_fails_when_no_sweep_ever_ran(
    client: Client, worker_answers: list[dict[str, Any]]
) -> None:
    assert _ready(client) == (503, {"status": "failed", "checks": {**ALL_OK, "beat": "failed"}})


def test_a_hung_check_fails_in_time_and_holds_up_no_other(
    client: Client, swept: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    released = threading.Event()

    def hung_ping(**options: Any) -> list[dict[str, Any]]:
        released.wait(30)
        return [{"celery@test": {"ok": "pong"}}]

    monkeypatch.setattr(celery_app.control, "ping", hung_ping)
    monkeypatch.setattr(health, "PING_SECONDS", 0.2)
    try:
        status, body = _ready(client)
    finally:
        released.set()
    assert status == 503
    assert body["checks"] == {**ALL_OK, "worker": "failed"}


def test_a_result_is_reused_for_a_while(
    client: Client, worker_answers: list[dict[str, Any]], swept: None, monkeypatch: Any
) -> None:
    monkeypatch.setattr(health, "CACHE_SECONDS", 3600.0)
    assert _ready(client)[0] == 200
    assert _ready(client)[0] == 200
    assert len(worker_answers) == 1


def test_the_probes_answer_any_host_over_plain_http(
    client: Client, worker_answers: list[dict[str, Any]], swept: None, settings: Any
) -> None:
    settings.SECURE_SSL_REDIRECT = True
    settings.ALLOWED_HOSTS = ["thirty-one.example"]
    assert client.get("/", HTTP_HOST="10.0.0.7").status_code == 400  # the site refuses it
    assert client.get("/", HTTP_HOST="thirty-one.example").status_code == 301  # to HTTPS
    assert client.get("/healthz", HTTP_HOST="10.0.0.7").status_code == 200
    assert _ready(client, HTTP_HOST="10.0.0.7") == (200, {"status": "ok", "checks": ALL_OK})


def test_the_probes_need_no_log_in_and_take_no_post(client: Client) -> None:
    assert client.get("/healthz").status_code == 200
    response = client.post("/healthz")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD"
    assert client.post("/readyz").status_code == 405
