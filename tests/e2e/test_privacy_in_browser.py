"""The privacy page in a real browser with JavaScript off (docs/privacy.md), on a phone
(390×844) and a laptop (1366×768): reached from the home page's footer, it states the
settings' periods and the operator, nothing scrolls sideways, and axe-core (which needs
a script, so in a context with JavaScript on) finds nothing. Screenshots in
tests/e2e/output/ (privacy-phone.png, privacy-laptop.png)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.e2e.conftest import OUTPUT
from tests.e2e.test_accessibility_in_browser import axe_with_javascript
from tests.e2e.test_play_screen_in_browser import LAPTOP, PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_privacy_page_reads_on_a_phone_and_a_laptop_without_javascript(
    browser: Any, live_server: Any, settings: Any
) -> None:
    settings.THIRTYONE_OPERATOR = "Vesterbro Kortklub"
    settings.THIRTYONE_CONTACT_EMAIL = "data@vesterbro.example"
    settings.THIRTYONE_NOTIFICATION_DAYS = 60
    OUTPUT.mkdir(exist_ok=True)
    found = {}
    for label, size in (("phone", PHONE), ("laptop", LAPTOP)):
        context = browser.new_context(viewport=size, java_script_enabled=False)
        try:
            page = context.new_page()
            page.goto(f"{live_server.url}/")
            page.locator(".site-footer").get_by_role("link", name="Privacy").click()
            page.wait_for_url("**/privacy/", timeout=30_000)
            text = page.locator("main").inner_text()
            assert "This site is run by Vesterbro Kortklub." in text
            assert "is deleted 60 days after it was made." in text
            assert page.get_by_role("link", name="data@vesterbro.example").get_attribute(
                "href"
            ) == ("mailto:data@vesterbro.example")
            assert page.get_by_role("link", name="Download your data").get_attribute("href") == (
                "/accounts/data/"
            )
            sideways = page.evaluate(
                "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
            assert sideways <= 0, f"{label}: the page scrolls {sideways}px sideways"
            page.screenshot(path=str(OUTPUT / f"privacy-{label}.png"), full_page=True)
        finally:
            context.close()
        if problems := axe_with_javascript(browser, f"{live_server.url}/privacy/", viewport=size):
            found[label] = problems
    assert not found, json.dumps(found, indent=2, ensure_ascii=False)
