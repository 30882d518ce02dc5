"""A notification as an e-mail: plain text, its link and the person's way out — a signed
one-click unsubscribe link in the body and in the List-Unsubscribe headers (RFC 2369,
RFC 8058: a mail client POSTs it with "List-Unsubscribe=One-Click"), and a link to all
their choices. Links are absolute, from the site's address (games.site: a worker
has no request to ask)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from games.site import absolute
from notifications import kinds, speaking, unsubscribe
from notifications.models import Notification

SUBJECT_LENGTH = 150


def letter(notification: Notification, address: str, language: str | None = None) -> EmailMessage:
    """The e-mail of `notification`, in its recipient's `language` (looked up when not
    given): its subject is the notification's text, stored in that language when it was
    made (notifications.speaking)."""
    if language is None:
        language = speaking.languages([notification.user_id])[notification.user_id]
    with translation.override(language):
        return _letter(notification, address)


def _letter(notification: Notification, address: str) -> EmailMessage:
    kind = kinds.get(notification.kind)
    way_out = absolute(
        reverse(
            "notifications:unsubscribe",
            args=[unsubscribe.token(notification.user_id, notification.kind, "email")],
        )
    )
    context: dict[str, Any] = {
        "notification": notification,
        "kind_label": str(kind.label) if kind else notification.kind,
        "link": absolute(notification.url) if notification.url else "",
        "unsubscribe_url": way_out,
        "preferences_url": absolute(reverse("notifications:preferences")),
    }
    return EmailMessage(
        subject=" ".join(notification.text.split())[:SUBJECT_LENGTH],
        body=render_to_string("notifications/email.txt", context),
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[address],
        headers={
            "List-Unsubscribe": f"<{way_out}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            "Auto-Submitted": "auto-generated",
            # The language it is written in (RFC 3282), for mail readers and screen readers.
            "Content-Language": translation.get_language() or settings.LANGUAGE_CODE,
        },
    )
