"""Web Push: a notification on each device the person subscribed ("Notify this device"
on the preferences page), shown by the site's service worker even with every tab
closed (docs/notifications.md#web-push). Each (notification, device) waits in the push
outbox, `notifications.webpush`, which a task empties."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from notifications import webpush


class WebPushChannel:
    name = "push"
    label = _("On my devices")
    help = _(
        "A notification on each phone or computer where you pressed Notify this device, "
        "even with the site closed."
    )

    def prepare(self, notification: Any) -> None:
        pass  # its outbox rows are made once the notification's row is written

    def deliver(self, notifications: list[Any]) -> None:
        webpush.enqueue(notifications)
