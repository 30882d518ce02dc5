"""`manage.py check` on Web Push (docs/notifications.md#web-push): in production the site
needs its VAPID key from the environment, or no browser can subscribe; the embedded
profile makes its own (thirtyone.embedded.vapid_private_key). Insecure endpoints are
for tests and a trial only."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, register
from django.core.checks import Warning as CheckWarning


@register()
def vapid_key_set(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    found: list[CheckMessage] = []
    if settings.EMBEDDED:
        return found
    if not settings.VAPID_PRIVATE_KEY:
        found.append(
            CheckWarning(
                "VAPID_PRIVATE_KEY is unset: no browser can subscribe to Web Push, so "
                "notifications reach no one with the site closed.",
                hint="Make a key once (openssl ecparam -name prime256v1 -genkey -noout | "
                "openssl pkcs8 -topk8 -nocrypt), keep it, and set VAPID_PRIVATE_KEY to the "
                "PEM and VAPID_CONTACT to a mailto: address the push services may write to.",
                id="notifications.W001",
            )
        )
    elif not (settings.VAPID_CONTACT or settings.THIRTYONE_CONTACT_EMAIL):
        found.append(
            CheckWarning(
                "VAPID_CONTACT is unset: push services are given the privacy page's address "
                "to reach the site's operator.",
                hint="Set VAPID_CONTACT to mailto:<an address that is read>.",
                id="notifications.W002",
            )
        )
    if settings.THIRTYONE_PUSH_ALLOW_INSECURE:
        found.append(
            CheckWarning(
                "THIRTYONE_PUSH_ALLOW_INSECURE is on: the workers post to any address a "
                "browser gives, private networks included.",
                hint="Unset it: it is for tests and a trial on one machine.",
                id="notifications.W003",
            )
        )
    return found
