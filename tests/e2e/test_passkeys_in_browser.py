"""Passkeys in Chromium with JavaScript on and the site's Content-Security-Policy in force
(docs/security.md#passkeys): a passkey is added from the two-factor page, then logs in as
the log-in's second step after the password, and alone, from the log-in page's "Log in
with a passkey". allauth's scripts are static files and their settings JSON data blocks:
Chromium reports no violation of the policy. The passkey is a virtual authenticator of
Chromium's DevTools protocol (a platform authenticator that keeps resident keys and
verifies its user); the site is http://localhost, a secure context for WebAuthn."""

from __future__ import annotations

from typing import Any

import pytest
from allauth.mfa.models import Authenticator

from accounts.models import User
from tests.accounts.two_factor import PASSWORD
from tests.e2e.test_csp_in_browser import WATCH
from tests.e2e.test_two_factor_in_browser import log_out_and_in_to_the_second_step

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def test_a_passkey_is_added_and_logs_in_under_the_policy(browser: Any, live_server: Any) -> None:
    alice = User.objects.create_user("alice", password=PASSWORD)
    base = live_server.url.replace("127.0.0.1", "localhost")  # WebAuthn takes no IP address
    context = browser.new_context(viewport=LAPTOP, bypass_csp=False)
    context.add_init_script(WATCH)
    console: list[str] = []
    violations: list[str] = []
    try:
        page = context.new_page()
        page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
        devtools = context.new_cdp_session(page)
        devtools.send("WebAuthn.enable")
        devtools.send(
            "WebAuthn.addVirtualAuthenticator",
            {
                "options": {
                    "protocol": "ctap2",
                    "transport": "internal",
                    "hasResidentKey": True,
                    "hasUserVerification": True,
                    "isUserVerified": True,
                    "automaticPresenceSimulation": True,
                }
            },
        )
        page.goto(f"{base}/accounts/login/")
        page.fill("#id_login", "alice")
        page.fill("#id_password", PASSWORD)
        page.get_by_role("button", name="Log in", exact=True).click()
        page.wait_for_url(f"{base}/")

        page.goto(f"{base}/accounts/2fa/")
        page.get_by_role("link", name="Add a passkey").click()
        page.fill("#id_password", PASSWORD)  # confirm it is you
        page.get_by_role("button", name="Confirm").click()
        page.wait_for_url(f"{base}/accounts/2fa/webauthn/add/")
        assert "Passkeys need JavaScript" not in page.inner_text("main")
        page.get_by_label("A name, to tell your passkeys apart").fill("Laptop")
        page.get_by_label("Also log in with it alone, without the password").check()
        violations += page.evaluate("window.__violations")
        page.get_by_role("button", name="Add a passkey").click()
        page.wait_for_url(f"{base}/accounts/2fa/recovery-codes/")
        assert "Passkey added." in page.inner_text("main")
        key = Authenticator.objects.get(user=alice, type=Authenticator.Type.WEBAUTHN)
        assert key.wrap().name == "Laptop" and key.wrap().is_passwordless
        violations += page.evaluate("window.__violations")

        # With the password, the passkey is the second step.
        log_out_and_in_to_the_second_step(page, base, "alice")
        assert "Passkeys need JavaScript" not in page.inner_text("main")
        violations += page.evaluate("window.__violations")
        page.get_by_role("button", name="Use a passkey instead").click()
        page.wait_for_url(f"{base}/")

        # Alone, from the log-in page.
        page.get_by_role("button", name="Log out").click()
        page.wait_for_url(f"{base}/")
        page.goto(f"{base}/accounts/login/")
        violations += page.evaluate("window.__violations")
        page.get_by_role("button", name="Log in with a passkey").click()
        page.wait_for_url(f"{base}/")
        assert page.get_by_role("button", name="Log out").is_visible()
        violations += page.evaluate("window.__violations")
    finally:
        context.close()
    assert not violations, violations
    # The live server has no sockets: the calls bar's fails on each page, and htmx's
    # socket extension logs the failure's event. Nothing else may be logged as an error.
    socket = ("WebSocket connection", "[object Event]")
    errors = [e for e in console if e.startswith("error") and not any(s in e for s in socket)]
    assert not errors, console
