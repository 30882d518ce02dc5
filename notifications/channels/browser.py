"""The browser's own notifications, while a tab of the site is open: sent over the
person's calls socket (docs/club-night.md#calls-led-to-your-seat), shown by
static/js/calls.js only after they pressed "Notify me" in that browser and it allowed
them. Nothing is stored for it: a person with no tab open sees the notification in the
list (and their e-mail)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from notifications import push


class BrowserChannel:
    name = "browser"
    label = _("In the browser")
    help = _(
        "A pop-up from your browser while a tab of this site is open, once you press Notify me."
    )

    def prepare(self, notification: Any) -> None:
        pass  # nothing to keep: it is pushed once, as it is made

    def deliver(self, notifications: list[Any]) -> None:
        push.popups(notifications)
