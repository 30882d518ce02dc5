"""The Content-Security-Policy in a real browser (docs/security.md#content-security-policy):
Chromium reports no violation on the site's main pages — the lobby, a table in the middle
of a hand and a move made on it (htmx's swap), the rules, an event of each format, an
event's manage page, a club — nor on the projector and the admin."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.test_play_screen_in_browser import LAPTOP
from tests.e2e.test_table_in_browser import logged_in
from tests.site_tour import site_tour

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Before any script of the page: every violation the browser reports, kept on window.
WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__violations.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`
    + ` at ${e.sourceFile || location.pathname}:${e.lineNumber}`);
});
"""


def test_chromium_reports_no_violation_of_the_policy(
    browser: Any, live_server: Any, ann: Any, bob: Any, scat: Any, django_user_model: Any
) -> None:
    pages = site_tour(ann, bob, scat, django_user_model)
    ann.is_staff = ann.is_superuser = True
    ann.save()
    duplicate = pages["duplicate event"]  # its projector draws the boards' bars
    pages["projector"] = f"{duplicate}screen/"
    pages["printed table cards"] = f"{duplicate}print/table-cards/"
    pages["admin"] = "/admin/games/table/"
    # As a visitor's browser: the policy applies (tests/e2e/conftest.py bypasses it elsewhere).
    context = logged_in(browser, live_server, ann, viewport=LAPTOP, bypass_csp=False)
    context.add_init_script(WATCH)
    found: dict[str, list[str]] = {}
    console: list[str] = []
    try:
        page = context.new_page()
        page.on(
            "console",
            lambda message: (
                console.append(message.text) if "Content Security Policy" in message.text else None
            ),
        )
        for name, path in pages.items():
            page.goto(f"{live_server.url}{path}")
            page.wait_for_load_state("networkidle")
            if name == "table mid-game" and page.locator("#game-area[data-my-turn]").count():
                seq = page.locator("#game-area").get_attribute("data-seq")
                page.locator("#game-area button[value^='discard:']").first.click()  # she drew
                page.wait_for_selector(f"#game-area:not([data-seq='{seq}'])")
            if violations := page.evaluate("window.__violations"):
                found[name] = violations
    finally:
        context.close()
    assert len(pages) > 8, "the tour's pages were visited"
    assert not found, found
    assert not console, console
