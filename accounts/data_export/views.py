"""The page of a person's data, and its download (docs/privacy.md#download-my-data).

Only its owner, signed in, downloads an export: another person's is not found (404),
whoever knows its address. One past its days, or replaced by a newer one, is refused
with a sentence on a page of its own (410), which changes nothing."""

from __future__ import annotations

import math

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_safe

from accounts.data_export import asking, parts, storage
from accounts.models import DataExport
from games import ratelimit

# Each request builds a ZIP of everything in a worker: a few an hour is a person, more
# a script keeping the workers busy (one at a time per person already: `asking`).
ASKS = ratelimit.Limit("data-exports", count=5, seconds=3600)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def data_page(request: HttpRequest) -> HttpResponse:
    """What the download holds and, for the person, theirs: ready, being prepared, or
    none; POST asks for one (a form, no JavaScript needed)."""
    if request.method == "POST":
        if wait := ratelimit.throttled(ASKS, f"user:{request.user.pk}"):
            messages.error(request, _too_often(wait))
            return _page(request, status=429)
        export, asked = asking.ask(request.user)
        export.refresh_from_db()  # built already when the tasks run inline
        if not asked:
            messages.info(
                request, _("Your data is already being prepared: this starts no second one.")
            )
        elif export.status == DataExport.READY:
            messages.success(request, _("Your data is ready to download."))
        else:
            messages.success(
                request,
                _("Your data is being prepared. You will get a notification when it is ready."),
            )
        return redirect("data_export")
    return _page(request)


def _page(request: HttpRequest, status: int = 200) -> HttpResponse:
    context = {
        "shown": asking.shown(request.user),
        "parts": parts.all_parts(),
        "days": settings.THIRTYONE_DATA_EXPORT_DAYS,
    }
    return render(request, "accounts/data_export/page.html", context, status=status)


def _too_often(wait: int) -> str:
    minutes = math.ceil(wait / 60)
    return ngettext(
        "You asked for your data %(times)s times in the last hour: wait %(count)s minute "
        "before asking again.",
        "You asked for your data %(times)s times in the last hour: wait %(count)s minutes "
        "before asking again.",
        minutes,
    ) % {"times": ASKS.count, "count": minutes}


@login_required
@require_safe
def download(request: HttpRequest, pk: int) -> HttpResponse:
    # `user=request.user`: someone else's export is not found, as one that never was.
    export = get_object_or_404(DataExport, pk=pk, user=request.user)
    path = storage.path_of(export)
    now = timezone.now()
    if not export.downloadable(now) or not path.exists():
        gone = export.status in (DataExport.READY, DataExport.EXPIRED, DataExport.REPLACED)
        expired = export.expires_at is not None and export.expires_at <= now
        return render(
            request,
            "accounts/data_export/gone.html",
            {"export": export, "expired": expired},
            status=410 if gone else 404,
        )
    response = FileResponse(
        path.open("rb"),
        as_attachment=True,
        filename=download_name(export),
        content_type="application/zip",
    )
    # Never kept by a shared cache or the browser's: it is the person's alone.
    response["Cache-Control"] = "private, no-store"
    return response


def download_name(export: DataExport) -> str:
    """ "thirty-one-ann-2026-12-03.zip": whose, and of which day."""
    day = timezone.localdate(export.requested_at).isoformat()
    return f"thirty-one-{export.user.get_username()}-{day}.zip"
