"""Two-factor log-in in Chromium with JavaScript off (docs/security.md#two-factor-log-in):
the authenticator app set up from the profile, then a log-in that asks for its code, a
wrong code refused, the right one let in; the signed-in devices page. axe-core finds
nothing on the two-factor page, the app's set-up page and the devices page, both as a
browser without JavaScript has them (its <noscript> sentences, the passkey controls
hidden) and as one with it; screenshots at a laptop's and a phone's size under
tests/e2e/output/."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from accounts.models import User
from tests.accounts.two_factor import PASSWORD, code_now, wrong_code
from tests.e2e.conftest import OUTPUT
from tests.e2e.test_accessibility_in_browser import axe_violations

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SCRIPT = re.compile(r"<script\b[^>]*>.*?</script>", re.S | re.I)
NOSCRIPT = re.compile(r"</?noscript>", re.I)


def shoot(page: Any, name: str) -> None:
    OUTPUT.mkdir(exist_ok=True)
    before = page.viewport_size
    for label, size in (("laptop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.screenshot(path=str(OUTPUT / f"two-factor-{name}-{label}.png"), full_page=True)
    page.set_viewport_size(before)


def without_javascript(html: str) -> str:
    """A page's markup as Chromium without JavaScript builds it: no script, and what
    <noscript> holds shown."""
    return NOSCRIPT.sub("", SCRIPT.sub("", html))


def check_axe(checker: Any, page: Any, *, also_with_javascript: bool) -> list[str]:
    """axe on the page `page` shows (JavaScript off), served again as it is to `checker`
    (axe needs JavaScript to run); and, when asked, on the same address with JavaScript."""
    url, html = page.url, without_javascript(page.content())
    problems = []
    checker.route(url, lambda route: route.fulfill(body=html, content_type="text/html"))
    checker.goto(url)
    assert checker.locator("script").count() == 0
    problems += [f"{url} without JavaScript: {p}" for p in axe_violations(checker)]
    checker.unroute(url)
    if also_with_javascript:
        checker.goto(url)
        problems += [f"{url} with JavaScript: {p}" for p in axe_violations(checker)]
    return problems


def log_out_and_in_to_the_second_step(page: Any, base: str, username: str) -> None:
    """Log out, then log in again with the password: the page asking for the second step."""
    page.get_by_role("button", name="Log out").click()
    page.wait_for_url(f"{base}/")
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in", exact=True).click()
    page.wait_for_url(f"{base}/accounts/2fa/authenticate/")


def test_the_app_is_set_up_and_logs_in_without_javascript(browser: Any, live_server: Any) -> None:
    User.objects.create_user("alice", password=PASSWORD)
    base = live_server.url
    context = browser.new_context(java_script_enabled=False, viewport=LAPTOP)
    # No service worker there: its fetch of a page would pass the routes the pages
    # without JavaScript are served by (docs/app.md#the-service-worker).
    checking = browser.new_context(viewport=LAPTOP, service_workers="block")
    problems: list[str] = []
    try:
        page = context.new_page()
        page.goto(f"{base}/accounts/login/")
        assert "Passkeys need JavaScript, which is turned off in this browser." in page.inner_text(
            "main"
        )
        assert not page.locator("#passkey_login").is_visible(), "no dead passkey button"
        page.fill("#id_login", "alice")
        page.fill("#id_password", PASSWORD)
        page.get_by_role("button", name="Log in", exact=True).click()
        page.wait_for_url(f"{base}/")
        checking.add_cookies(context.cookies())
        checker = checking.new_page()

        page.goto(f"{base}/accounts/profile/")
        page.get_by_role("link", name="Two-factor log-in").click()
        page.wait_for_url(f"{base}/accounts/2fa/")
        main = page.inner_text("main")
        assert "Passkeys need JavaScript, which is turned off in this browser." in main
        assert page.get_by_role("link", name="Add a passkey").count() == 0
        shoot(page, "index")
        problems += check_axe(checker, page, also_with_javascript=True)
        checker.goto(f"{base}/accounts/2fa/")
        assert checker.get_by_role("link", name="Add a passkey").is_visible(), "with JavaScript"

        page.get_by_role("link", name="Set up an authenticator app").click()
        page.fill("#id_password", PASSWORD)  # confirm it is you
        page.get_by_role("button", name="Confirm").click()
        page.wait_for_url(f"{base}/accounts/2fa/totp/activate/")
        assert page.locator("img.mfa-qr").evaluate("img => img.naturalWidth") > 0
        shoot(page, "activate")
        problems += check_axe(checker, page, also_with_javascript=False)
        secret = page.locator(".mfa-secret").inner_text().strip()
        page.get_by_label("The six-digit code the app now shows").fill(code_now(secret))
        page.get_by_role("button", name="Turn on two-factor log-in").click()
        page.wait_for_url(f"{base}/accounts/2fa/recovery-codes/")
        assert "10 codes left of 10." in page.inner_text("main")
        assert page.locator(".mfa-codes li").count() == 10
        shoot(page, "recovery-codes")

        page.goto(f"{base}/accounts/profile/")
        page.get_by_role("link", name="Signed-in devices").click()
        page.wait_for_url(f"{base}/accounts/sessions/")
        assert "(this device)" in page.inner_text("main")
        shoot(page, "devices")
        problems += check_axe(checker, page, also_with_javascript=True)

        log_out_and_in_to_the_second_step(page, base, "alice")
        label = "The code from your authenticator app, or a recovery code"
        page.get_by_label(label).fill(wrong_code(secret))
        page.get_by_role("button", name="Log in", exact=True).click()
        expect(page.locator("main")).to_contain_text("That code is not right")
        assert page.url == f"{base}/accounts/2fa/authenticate/", "not logged in"
        shoot(page, "wrong-code")
        page.get_by_label(label).fill(code_now(secret))
        page.get_by_role("button", name="Log in", exact=True).click()
        page.wait_for_url(f"{base}/")
        assert page.get_by_role("button", name="Log out").is_visible()
    finally:
        checking.close()
        context.close()
    assert not problems, "\n".join(problems)
