"""Waking an outbox's sending task (the e-mails', `notifications.mail`; the pushes',
`notifications.webpush`): a burst of notifications (a round starting for 200 players: a
task per table) wakes one task, not one each — a flag in the shared cache for the
countdown's seconds. Celery run inline (CELERY_EAGER): it runs at once. The broker or
the cache away: beat's sweep wakes one later (`notifications.sweep`)."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable

from celery import current_app

from games import safe_cache

log = logging.getLogger(__name__)


def wake(task: str, flag: str, countdown: float) -> None:
    """Have a worker run `task` in `countdown` seconds, unless one is already woken for
    then (`flag` set). `current_app` is the project's Celery app (thirtyone.celery), the
    default in every thread by Celery's Django fix-up: no app imports the project
    package, which imports the apps."""
    try:
        if current_app.conf.task_always_eager:
            current_app.tasks[task].apply()
        # The cache out: no wake (the broker is the same Redis, and a request would wait
        # on its retries); beat's sweep sends what is due (docs/profiles.md#when-redis-goes-away).
        elif safe_cache.cache_add(flag, 1, max(1, math.ceil(countdown)), unknown=False):
            current_app.signature(task).apply_async(countdown=countdown)
    except Exception:
        log.exception("notifications: %s was not woken; the sweep will", task)


def finished(task: str, flag: str, still_due: Callable[[], bool]) -> None:
    """A run of `task` is over: the flag goes, so the next burst wakes a task of its
    own, and anything that came in after the run's last look and before the flag went
    (it woke no one) is sent by a task woken now, not left to the sweep."""
    safe_cache.cache_delete(flag)
    try:
        due = still_due()
    except Exception:
        log.exception("notifications: could not tell whether more is due; the sweep will")
        return
    if due:
        wake(task, flag, 0)


def wake_for_retry(task: str, delay: float) -> None:
    """Run `task` again in `delay` seconds, when a retry falls due (inline Celery: the
    sweep does, as running it now would only retry too soon)."""
    try:
        if not current_app.conf.task_always_eager:
            current_app.signature(task).apply_async(countdown=delay)
    except Exception:
        log.exception("notifications: the retry of %s was not scheduled; the sweep will", task)
