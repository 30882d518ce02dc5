"""Beat's sweep of the notifications (docs/celery.md#the-sweep,
docs/notifications.md#reminders): it makes the reminders whose moment has come and not
passed (`sources.events.reminders`, and a turn-based move's alarms,
`sources.turn_alarms`), gives back e-mails and pushes a killed worker had claimed, and
wakes the senders when anything is due (its task lost with the broker, a retry's time
come). Overlapping sweeps, or a sweep and a task, make nothing twice: `services.notify`
writes each notification once."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from notifications import mail, services, webpush
from notifications.sources import events, turn_alarms


def run(now: datetime | None = None) -> None:
    now = now or timezone.now()
    services.notify([*events.reminders(now), *turn_alarms.alarms(now)], now=now)
    mail.release_stale(now)
    if mail.anything_due(now):
        mail.wake(countdown=1)
    webpush.release_stale(now)
    if webpush.anything_due(now):
        webpush.wake(countdown=1)
