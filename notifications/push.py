"""What a person's open tabs are sent when notifications are made or read, over their
calls socket (`calls.push.deliver`, docs/club-night.md#calls-led-to-your-seat): the
header's unread count, and the pop-ups static/js/calls.js shows as the browser's own
notifications."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from django.utils import translation

from calls import push
from notifications import speaking


def counts(user_ids: Iterable[int]) -> None:
    """Each person's tabs show their unread count (as it is on their row now)."""
    rows = get_user_model().objects.filter(pk__in=set(user_ids))
    counted = dict(rows.values_list("pk", "unread_notifications"))
    languages = speaking.languages(counted)
    drawn = {}
    for user_id, n in counted.items():
        with translation.override(languages[user_id]):
            drawn[user_id] = render_to_string(
                "notifications/_count.html", {"count": n, "swap": True}
            ).strip()
    push.deliver(drawn)


def popups(notifications: list[Any]) -> None:
    """Each person's tabs get their new notifications to show as pop-ups."""
    mine: dict[int, list[Any]] = {}
    for notification in notifications:
        mine.setdefault(notification.user_id, []).append(notification)
    languages = speaking.languages(mine)
    drawn = {}
    for user_id, theirs in mine.items():
        with translation.override(languages[user_id]):
            drawn[user_id] = render_to_string(
                "notifications/_popups.html", {"popups": theirs}
            ).strip()
    push.deliver(drawn)
