"""The Celery app: bot moves and turn timers run here (see docs/celery.md#tasks)."""

import os
from typing import Any

from celery import Celery
from celery.signals import beat_init, worker_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")

app = Celery("thirtyone")
# Every CELERY_* Django setting configures Celery (CELERY_BROKER_URL -> broker_url).
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_init.connect
@beat_init.connect
def _running(**kwargs: Any) -> None:
    """A worker or beat of the site: a restore waits until it has stopped
    (docs/backups.md#restore)."""
    from thirtyone.backups import running

    running.hold()
