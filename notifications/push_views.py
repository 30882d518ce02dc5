"""Subscribing a browser to Web Push, and removing a device
(docs/notifications.md#web-push). The preferences page's "Notify this device" asks the
browser's permission only after that click, then POSTs the standard `PushSubscription`
JSON here (CSRF token in the header); each device is listed there with "Remove", a plain
form that works without JavaScript."""

from __future__ import annotations

import base64
import binascii
import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import devices
from notifications import push_addresses
from notifications.models import PushSubscription

MOST_DEVICES = 10


def _decoded(text: Any, size: int) -> bool:
    """Whether `text` is base64url (padded or not) of exactly `size` bytes."""
    if not isinstance(text, str) or len(text) > 200:
        return False
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return False
    return len(raw) == size


def refusal(given: Any) -> str | None:
    """Why this is not a subscription the site can use (a sentence), or None."""
    if not isinstance(given, dict) or not isinstance(given.get("keys"), dict):
        return _("That is not a browser's push subscription.")
    endpoint = given.get("endpoint")
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > 1000:
        return _("That is not a browser's push subscription.")
    keys = given["keys"]
    # P-256's public key, uncompressed (65 bytes), and a 16-byte secret: RFC 8291.
    if not _decoded(keys.get("p256dh"), 65) or not _decoded(keys.get("auth"), 16):
        return _("That is not a browser's push subscription.")
    return push_addresses.refusal(endpoint)


@login_required
@require_POST
def subscribe(request: HttpRequest) -> HttpResponse:
    try:
        given = json.loads(request.body or b"null")
    except (ValueError, UnicodeDecodeError):
        given = None
    if (why := refusal(given)) is not None:
        return JsonResponse({"error": why}, status=400)
    with transaction.atomic():
        # This browser's row (a browser subscribed again, or another person's before a
        # log-out they skipped) is taken over; the person's other rows count.
        mine = PushSubscription.objects.select_for_update().filter(user=request.user)
        others = mine.exclude(endpoint=given["endpoint"]).count()
        if others >= MOST_DEVICES:
            said = _(
                "You have %(most)d devices notified already: remove one on this page first."
            ) % {"most": MOST_DEVICES}
            return JsonResponse({"error": said}, status=400)
        subscription, made = PushSubscription.objects.update_or_create(
            endpoint=given["endpoint"],
            defaults={
                "user": request.user,
                "p256dh": given["keys"]["p256dh"],
                "auth": given["keys"]["auth"],
                "browser": devices.browser_name(request.headers.get("User-Agent", ""))[:80],
                "session_key": request.session.session_key or "",
            },
        )
    said = _("This device will be notified: %(browser)s.") % {"browser": subscription.browser}
    return JsonResponse({"id": subscription.pk, "said": said}, status=201 if made else 200)


@login_required
@require_POST
def remove(request: HttpRequest, pk: int) -> HttpResponse:
    removed, _count = PushSubscription.objects.filter(pk=pk, user=request.user).delete()
    if removed:
        messages.success(request, _("That device will not be notified any more."))
    else:
        messages.error(request, _("That device was removed already: nothing was changed."))
    return redirect("notifications:preferences")
