"""Helpers for the two-factor tests: the authenticator app's code, computed as the app
computes it (allauth's own TOTP functions), and setting the app up through the pages."""

from __future__ import annotations

import time

from allauth.mfa.models import Authenticator
from allauth.mfa.totp.internal.auth import SECRET_SESSION_KEY, format_hotp_value, hotp_value
from django.test import Client
from django.urls import reverse

PASSWORD = "felt-table-31-blitz"


def code_now(secret: str) -> str:
    """The six digits an authenticator app with this key shows now."""
    return format_hotp_value(hotp_value(secret, int(time.time()) // 30))


def wrong_code(secret: str) -> str:
    return f"{(int(code_now(secret)) + 1) % 1_000_000:06d}"


def log_in(client: Client, username: str, password: str = PASSWORD, **extra: str):
    return client.post(reverse("account_login"), {"login": username, "password": password}, **extra)


def set_up_app(client: Client, password: str = PASSWORD) -> str:
    """Turn the authenticator app on for the logged-in member of `client`, as they would:
    confirm the password, read the key off the page, type the app's code. Its key."""
    activate = reverse("mfa_activate_totp")
    asked = client.get(activate)
    assert asked.status_code == 302 and reverse("account_reauthenticate") in asked["Location"]
    confirmed = client.post(reverse("account_reauthenticate"), {"password": password})
    assert confirmed.status_code == 302, confirmed.content.decode()
    page = client.get(activate)
    assert page.status_code == 200
    secret = client.session[SECRET_SESSION_KEY]
    assert secret in page.content.decode(), "the key is on the page to type in"
    done = client.post(activate, {"code": code_now(secret)})
    assert done.status_code == 302, done.content.decode()
    return str(secret)


def recovery_codes(user: object) -> list[str]:
    rc = Authenticator.objects.get(user=user, type=Authenticator.Type.RECOVERY_CODES)
    return list(rc.wrap().get_unused_codes())
