"""E-mail: a wanted notification waits in the outbox (its row, `email_state` pending) and
`notifications.mail` sends what is waiting in batches over one SMTP connection, woken
by a task that a burst of notifications starts once (`notifications.mail.wake`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from notifications import mail
from notifications.models import Notification


class EmailChannel:
    name = "email"
    label = _("By e-mail")
    help = _("To your verified address, with a link to stop each kind.")

    def prepare(self, notification: Any) -> None:
        notification.email_state = Notification.PENDING

    def deliver(self, notifications: list[Any]) -> None:
        if notifications:
            mail.wake()
