"""The Celery app: bot moves and turn timers run here (see docs/celery.md#tasks)."""

import os
import signal
from typing import Any

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")

app = Celery("thirtyone")
# Every CELERY_* Django setting configures Celery (CELERY_BROKER_URL -> broker_url).
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.beat_embedded_init.connect
def _beat_dies_with_its_worker(sender: object, **kwargs: object) -> None:
    """`celery worker --beat` (`make run`) runs beat in a forked child that would outlive
    a worker killed by SIGKILL and keep honcho's output pipe open, so honcho never saw
    the worker end and the site ran on with neither. The child now gets SIGTERM when
    the worker dies; if the worker already died before this ran, the child ends here
    (docs/deployment.md#make-run-watches-its-processes)."""
    from billiard.process import current_process

    from thirtyone import embedded

    embedded.die_with_parent(signal.SIGTERM)
    if os.getppid() != current_process()._parent_pid:
        os._exit(0)


@signals.worker_init.connect
@signals.beat_init.connect
def _running(**kwargs: Any) -> None:
    """A worker or beat of the site: a restore waits until it has stopped
    (docs/backups.md#restore)."""
    from thirtyone.backups import running

    running.hold()
