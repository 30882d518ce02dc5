"""The Thirty-One project package: settings, URLs, the ASGI app and the Celery app."""

# Load the Celery app with Django so that `shared_task` binds to it.
from thirtyone.celery import app as celery_app

__all__ = ("celery_app",)
