"""The Celery app: bot moves and turn timers run here (see docs/celery.md#tasks)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "thirtyone.settings")

app = Celery("thirtyone")
# Every CELERY_* Django setting configures Celery (CELERY_BROKER_URL -> broker_url).
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
