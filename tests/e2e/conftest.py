"""Browser tests: Playwright's Python package driving Debian's Chromium.

Nothing is installed here: CI installs /usr/bin/chromium (.ci/run), and the tests skip
with the reason when it is missing. Never `playwright install`: that downloads a
browser of its own.

The site runs in pytest-django's `live_server` (a thread of this process, on a
transactional test database, so on-commit hooks fire). Celery is eager (see
tests/conftest.py) and bots move without their human-like pause, so a bot's turn is
played inside the request that made it due.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.games.conftest import ann, bob, presets, scat  # noqa: E402, F401  (shared fixtures)

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
OUTPUT = Path(__file__).parent / "output"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def goto_past_reloads(page: Any, url: str) -> None:
    """`page.goto(url)`, made again when the page's own script interrupts it by loading
    itself again (a table after a move, the console when a round starts: its live
    update), rather than failing the test."""
    from playwright.sync_api import Error as PlaywrightError

    for attempt in range(3):
        try:
            page.goto(url)
            return
        except PlaywrightError as error:
            if "interrupted by another navigation" not in str(error) or attempt == 2:
                raise


# Package scope, not session: Playwright's sync API keeps an event loop running on
# this thread while it is open, and later tests that use async_to_sync would fail.
@pytest.fixture(scope="package")
def browser() -> Iterator[Any]:
    with open_chromium() as browser:
        yield browser


@contextlib.contextmanager
def open_chromium() -> Iterator[Any]:
    """Debian's Chromium under Playwright (the test skips, saying why, without it)."""
    if not CHROMIUM.exists():
        pytest.skip(
            f"the browser tests need Debian's Chromium at {CHROMIUM} "
            "(apt-get install chromium; .ci/run does)"
        )
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; Django would refuse
    # database calls from it (the tests' own set-up and checks) without this. Only while
    # the browser is open: later tests' subprocesses must not inherit it.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            yield PolicyBypassed(browser)
            browser.close()
    finally:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]


class PolicyBypassed:
    """The browser, whose contexts skip the pages' Content-Security-Policy unless told
    otherwise: the tests' own scripts (`page.evaluate("…")`, `wait_for_function`, axe's
    `add_script_tag`) are code from strings and inline scripts, which the policy blocks
    in a page of the site. tests/e2e/test_csp_in_browser.py opens its pages with
    `bypass_csp=False`, as a visitor's browser does."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("bypass_csp", True)
        return self._browser.new_context(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture(autouse=True)
def _site_is_the_live_server(request: pytest.FixtureRequest, settings: Any) -> None:
    """The site's address (every absolute link: calendars, invitations, QR codes, mail;
    games.site) is the live server's, which the browser opens (tests/settings.py
    fixes one for the tests without a server)."""
    if "live_server" in request.fixturenames:
        settings.SITE_URL = request.getfixturevalue("live_server").url


@pytest.fixture(autouse=True)
def _bots_move_at_once(settings: Any) -> None:
    settings.THIRTYONE_BOT_DELAY = 0


@pytest.fixture
def shoot() -> Any:
    """shoot(page, name): screenshots of the page as a phone and as a desktop see it,
    under tests/e2e/output/ (not in git), to look at."""
    OUTPUT.mkdir(exist_ok=True)

    def take(page: Any, name: str) -> None:
        before = page.viewport_size
        for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(size)
            page.screenshot(path=str(OUTPUT / f"{name}-{label}.png"), full_page=True)
        page.set_viewport_size(before)

    return take
