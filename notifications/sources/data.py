"""A person's data download is ready (docs/privacy.md#download-my-data): told to them
alone, linking to the download, until it expires. What tells of it is
`accounts.signals.data_export_ready` (`notifications.receivers`)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy, ngettext

from accounts.models import DataExport
from notifications import kinds
from notifications.services import Draft
from notifications.sources import source
from notifications.speaking import in_their_languages

DATA_READY = "data_ready"
KEY = "data-export-"


def _still_downloadable(notifications: list[Any]) -> set[int]:
    """Those whose download is still there: not expired, not replaced by a newer one."""
    exports = {n.pk: int(n.key.removeprefix(KEY)) for n in notifications}
    ready = set(
        DataExport.objects.filter(
            pk__in=set(exports.values()), status=DataExport.READY, expires_at__gt=timezone.now()
        ).values_list("pk", flat=True)
    )
    return {pk for pk, export in exports.items() if export in ready}


kinds.register(
    kinds.Kind(
        DATA_READY,
        gettext_lazy("Your data is ready"),
        gettext_lazy("The ZIP of your own data that you asked for is ready to download."),
        {"site": True, "email": True, "browser": True, "push": True},
        still_news=_still_downloadable,
        order=95,
    )
)


@source("data_ready")
def data_ready(*, export_id: int) -> list[Draft]:
    export = DataExport.objects.filter(pk=export_id, status=DataExport.READY).first()
    if export is None:
        return []  # replaced or expired before the worker got here
    days = settings.THIRTYONE_DATA_EXPORT_DAYS

    def word() -> str:
        return ngettext(
            "Your data is ready: download it within %(count)d day.",
            "Your data is ready: download it within %(count)d days.",
            days,
        ) % {"count": days}

    return [
        Draft(
            kind=DATA_READY,
            user_id=export.user_id,
            key=f"{KEY}{export.pk}",
            text=in_their_languages([export.user_id], word)[export.user_id],
            url=reverse("data_export_download", args=[export.pk]),
            valid_until=export.expires_at,
        )
    ]
