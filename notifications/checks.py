"""A system check: the links in notification e-mails start with SITE_URL (a worker has no
request to take the host from), so a production site without it mails links to
localhost."""

from __future__ import annotations

import os
from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage
from django.core.checks import Warning as CheckWarning


def site_url(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    if settings.DEBUG or settings.EMBEDDED or os.environ.get("SITE_URL"):
        return []
    return [
        CheckWarning(
            f"SITE_URL is not set: the links in notification e-mails lead to {settings.SITE_URL}.",
            hint="Set SITE_URL to the address people open the site at, e.g. "
            "'https://31.example.org'.",
            id="notifications.W001",
        )
    ]
