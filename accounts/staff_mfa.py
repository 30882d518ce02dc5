"""The admin's door (docs/security.md#two-factor-for-the-admin): the site's log-in under
its limits, and with THIRTYONE_STAFF_MFA = "required" a second factor for staff.

`guard_admin(admin.site)` is called once, in thirtyone/urls.py. It wraps the site's
`has_permission`, which every admin page asks before it answers (Django's
`AdminSite.admin_view`), so the rule is in one place: a staff member without an
authenticator (an authenticator app or a passkey; recovery codes alone are none) is
not let in. Such a member is sent to the admin's log-in address, as anyone refused is,
and there is shown why, with a 403 and a link to where a second factor is set up,
instead of a log-in form.

The admin's log-in address shows no form of its own at all: a visitor who is not logged
in is sent to the site's log-in page (allauth's `secure_admin_login`: the limits on
failed log-ins, and the second step for a member with two-factor log-in), a logged-in
member who is not staff is refused, and a staff member let in goes on to the admin
page they asked for. Django's own form would have logged a signed-in staff member in
as another with a password alone, past that member's second step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from allauth.account.decorators import secure_admin_login
from allauth.mfa.models import Authenticator
from allauth.mfa.utils import is_mfa_enabled
from django.conf import settings
from django.contrib.admin import AdminSite
from django.contrib.auth import REDIRECT_FIELD_NAME
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

# What counts as a second factor: recovery codes are only a way back in without one.
SECOND_FACTORS = [Authenticator.Type.TOTP, Authenticator.Type.WEBAUTHN]


def lacks_required_mfa(user: Any) -> bool:
    """Whether the admin must refuse this staff member for want of a second factor."""
    return (
        settings.THIRTYONE_STAFF_MFA == "required"
        and user.is_authenticated
        and user.is_staff
        and not is_mfa_enabled(user, SECOND_FACTORS)
    )


def guard_admin(site: AdminSite) -> None:
    """Put the rule and the site's log-in in front of `site` (once, in thirtyone/urls.py)."""
    allowed = site.has_permission

    def has_permission(request: HttpRequest) -> bool:
        return bool(allowed(request)) and not lacks_required_mfa(request.user)

    site.has_permission = has_permission
    site.login = secure_admin_login(_admin_login(site))


def _admin_login(site: AdminSite) -> Callable[..., HttpResponse]:
    """The admin's log-in address for a logged-in, active staff member (secure_admin_login
    has dealt with everyone else): the page they asked for, or why not."""

    def login(request: HttpRequest, extra_context: dict[str, Any] | None = None) -> HttpResponse:
        if not site.has_permission(request):
            return render(
                request, "accounts/staff_mfa_required.html", {"next": _next(request)}, status=403
            )
        return HttpResponseRedirect(_next(request) or reverse("admin:index"))

    return login


def _next(request: HttpRequest) -> str:
    wanted = request.GET.get(REDIRECT_FIELD_NAME, "")
    safe = url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return wanted if safe else ""
