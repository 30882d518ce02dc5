"""Celery tasks run inline in the tests, as if a worker had taken each at once.

`games.notify.enqueue` is replaced by `enqueue` here (tests/conftest.py). Each bot move
commits and calls for the next one: they run in a loop here rather than nested inside
each other's on-commit hooks, which would nest a frame per move of a long bot-only
game. A turn timer is not run: a countdown would run at once, before the deadline.
When a test sends tasks to the broker instead (`task_always_eager` off), they go there.
"""

from __future__ import annotations

import threading
from typing import Any

from games import notify
from thirtyone.celery import app

send_to_broker = notify.enqueue
_eager = threading.local()


def enqueue(name: str, *args: Any, countdown: float = 0, deadline: bool = False) -> None:
    if not app.conf.task_always_eager:
        send_to_broker(name, *args, countdown=countdown, deadline=deadline)
        return
    if deadline:
        return
    queue = getattr(_eager, "queue", None)
    if queue is not None:
        queue.append((name, args))
        return
    _eager.queue = [(name, args)]
    try:
        while _eager.queue:
            queued, queued_args = _eager.queue.pop(0)
            app.tasks[queued].apply(args=queued_args)
    finally:
        _eager.queue = None
