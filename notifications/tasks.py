"""Celery tasks of the notifications (docs/celery.md#tasks,
docs/notifications.md#where-they-come-from). Each is safe to run twice, late, or on two
workers at once: `services.notify` writes a notification once (its unique row), the
outbox hands each e-mail to one worker (`mail`), and the purge deletes by a cutoff
(`retention`)."""

from __future__ import annotations

import logging
from typing import Any

from celery import shared_task

from notifications import mail, retention, services, sources, sweep, webpush

log = logging.getLogger(__name__)

MAKE = "notifications.tasks.make"


def make_later(source: str, **arguments: Any) -> None:
    """Have a worker make the notifications of `source` (called after a commit, from a
    receiver in whatever process sent the signal: a web request is not held up). The
    broker away: logged; the person still sees the news on the pages that show it."""
    try:
        make.apply_async(kwargs={"source": source, "arguments": arguments})
    except Exception:
        log.exception("notifications: %s not handed to a worker", source)


@shared_task(name=MAKE, ignore_result=True)
def make(source: str, arguments: dict[str, Any]) -> int:
    """Make `source`'s notifications; how many were new."""
    return len(services.notify(sources.drafts_of(source, **arguments)))


@shared_task(name=mail.SEND_TASK, ignore_result=True)
def send_mail() -> None:
    """Send the e-mails due (the outbox, `notifications.mail`)."""
    mail.send_due()


@shared_task(name=webpush.SEND_TASK, ignore_result=True)
def send_pushes() -> None:
    """Post the Web Pushes due (the push outbox, `notifications.webpush`)."""
    webpush.send_due()


@shared_task(name="notifications.tasks.sweep", ignore_result=True)
def run_sweep() -> None:
    """Beat's, every THIRTYONE_NOTIFY_SWEEP_SECONDS: the reminders whose time has come,
    and the outbox kept moving."""
    sweep.run()


@shared_task(name="notifications.tasks.purge", ignore_result=True)
def purge() -> int:
    """Beat's, hourly: read notifications older than THIRTYONE_NOTIFICATION_DAYS deleted
    (`retention`, docs/privacy.md#the-purge); how many."""
    return retention.purge()
