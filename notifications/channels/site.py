"""The site's own list (`/notifications/`), with the unread count in every page's header:
kept on the person's row (`User.unread_notifications`), so drawing it costs no query,
and pushed to their open tabs over the calls socket (`notifications.push`)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from notifications import push, unread


class SiteChannel:
    name = "site"
    label = _("On the site")
    help = _("In your list of notifications, counted in the header.")

    def prepare(self, notification: Any) -> None:
        notification.on_site = True

    def deliver(self, notifications: list[Any]) -> None:
        user_ids = {n.user_id for n in notifications}
        unread.recount(user_ids)
        push.counts(user_ids)
