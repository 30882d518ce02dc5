"""The pages for deleting one's account (docs/privacy.md#deleting-an-account): what will
happen and the password to confirm it, and -- while the grace period runs -- the page
that keeps the account."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts import deletion

# An account without a password confirms with a log-in this recent instead.
FRESH_LOG_IN = timedelta(minutes=10)


@login_required
def delete_account(request: HttpRequest) -> HttpResponse:
    """What deleting the account does; the password (or a fresh log-in) confirms it."""
    user = request.user
    if user.deletion_requested_at is not None:
        return redirect("deletion_pending")
    refused = deletion.refusal(user)
    error = ""
    if request.method == "POST" and not refused:
        error = _confirmation_error(request)
        if not error:
            if deletion.request_deletion(user):
                logout(request)
                messages.success(request, _("Your account is deleted."))
                return redirect("lobby")
            return redirect("deletion_pending")
    context = {
        "refused": refused,
        "error": error,
        "grace_days": deletion.grace().days,
        "needs_password": user.has_usable_password(),
    }
    return render(request, "accounts/delete.html", context, status=400 if error else 200)


def _confirmation_error(request: HttpRequest) -> str:
    user = request.user
    if user.has_usable_password():
        if not user.check_password(request.POST.get("password", "")):
            return _("That is not your password: nothing was changed.")
        return ""
    if user.last_login is None or timezone.now() - user.last_login > FRESH_LOG_IN:
        return _("Log out and log in again, then delete the account within ten minutes.")
    return ""


@login_required
def deletion_pending(request: HttpRequest) -> HttpResponse:
    """The account will be deleted: when, and the button that keeps it."""
    user = request.user
    when = deletion.takes_effect_at(user)
    if when is None:
        return redirect("my_profile")
    return render(request, "accounts/deletion_pending.html", {"when": when})


@login_required
@require_POST
def keep_account(request: HttpRequest) -> HttpResponse:
    deletion.keep_account(request.user)
    messages.success(request, _("Your account is kept: nothing will be deleted."))
    return redirect("my_profile")
