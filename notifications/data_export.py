"""The notifications' part of a person's data download (docs/privacy.md#download-my-data),
registered with `accounts.data_export.parts` in `NotificationsConfig.ready`: their
notifications as their list keeps them (and what became of each e-mail), their choices
of what they are told and how (docs/notifications.md#preferences), and the
announcements they wrote to a club's members."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from accounts.data_export.parts import one_file
from games import site
from notifications import kinds, preferences
from notifications.models import ClubAnnouncement, Notification, PushSubscription


def _kind_name(name: str) -> str:
    kind = kinds.get(name)
    return str(kind.label) if kind is not None else name


def notifications(user: Any) -> dict[str, Any]:
    return {
        "notifications": [
            {
                "kind": n.kind,
                "kind_name": _kind_name(n.kind),
                "text": n.text,
                "body": n.body,
                "url": site.absolute(n.url) if n.url else "",
                "made_at": n.created_at,
                "read_at": n.read_at,
                "on_the_site": n.on_site,
                "email": n.email_state or None,
            }
            for n in Notification.objects.filter(user=user).order_by("created_at", "pk")
        ],
        "preferences": [
            {"kind": kind, "kind_name": _kind_name(kind), "channel": channel, "on": on}
            for (kind, channel), on in preferences.choices(user.pk).items()
        ],
        # The devices, not their push addresses or keys: those are the browser's secrets.
        "devices_notified": [
            {"browser": sub.browser, "added_at": sub.created_at}
            for sub in PushSubscription.objects.filter(user=user)
        ],
        "announcements_you_wrote": [
            {"club": said.club.name, "text": said.text, "at": said.at, "to": said.recipients}
            for said in ClubAnnouncement.objects.filter(by=user)
            .select_related("club")
            .order_by("at", "pk")
        ],
    }


def register() -> None:
    one_file(
        "notifications.json",
        gettext_lazy(
            "Your notifications, read or not, with what became of each e-mail; your "
            "choices of what you are told on each channel; the devices you had notified; "
            "and the announcements you wrote to a club's members."
        ),
        notifications,
        order=80,
    )
