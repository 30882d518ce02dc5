"""The privacy page, /privacy/ (docs/privacy.md): what the site stores, why, for how long,
who sees it, how to download it and delete the account, and who runs the site.

The periods it states are the settings the purges use (THIRTYONE_NOTIFICATION_DAYS for
notifications.retention; SESSION_COOKIE_AGE, which sets the expiry accounts.retention
deletes sessions by), and the backups' are thirtyone.backups.retention's: the page
cannot say one thing while the site does another. The operator's name and address are
THIRTYONE_OPERATOR and THIRTYONE_CONTACT_EMAIL (thirtyone.checks warns in production
while they are unset).
"""

from __future__ import annotations

import math

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from accounts import networks
from thirtyone.backups import retention as backups

DAY = 24 * 3600


@require_safe
def privacy(request: HttpRequest) -> HttpResponse:
    context = {
        "operator": settings.THIRTYONE_OPERATOR,
        "contact_email": settings.THIRTYONE_CONTACT_EMAIL,
        "notification_days": settings.THIRTYONE_NOTIFICATION_DAYS,
        "export_days": settings.THIRTYONE_DATA_EXPORT_DAYS,
        # Rounded up: the page may say a session lasts a little longer, never shorter.
        "session_days": math.ceil(settings.SESSION_COOKIE_AGE / DAY),
        # accounts.networks' purge (docs/privacy.md#the-network-fingerprint).
        "network_days": networks.KEPT_DAYS,
        "auto_backups": settings.THIRTYONE_AUTO_BACKUPS,
        "backups_last": backups.LAST,
        "backups_days": backups.DAYS,
        "error_reports": bool(getattr(settings, "SENTRY_DSN", "")),
        "data_url": reverse("data_export"),
        "delete_url": reverse("delete_account"),
    }
    return render(request, "thirtyone/privacy.html", context)
