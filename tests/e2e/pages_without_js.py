"""Walking a list of pages with JavaScript off at a phone's and a laptop's size, as the
fair-play and club-year browser tests do: each page answers, shows its key words, fits
the window, is photographed, and axe finds nothing in the DOM a browser without
JavaScript builds."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from tests.e2e.conftest import PHONE
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in

LAPTOP = {"width": 1366, "height": 768}
SIZES = {"phone": PHONE, "laptop": LAPTOP}
SHOTS = Path(os.environ.get("SHOTS_DIR", "/tmp/shots"))

Pages = dict[str, tuple[str, list[str]]]  # name -> (path, words the page must show)
Extra = Callable[[str, Any, str], None]  # (name, page, where): a page's own check


def without_site_scripts(context: Any) -> Any:
    """`context`, loading none of the site's scripts: a page's DOM is what a browser
    without JavaScript builds, and axe (added by the test) still runs."""
    context.route(
        "**/*",
        lambda route: (
            route.abort() if route.request.resource_type == "script" else route.continue_()
        ),
    )
    return context


def check_pages(
    browser: Any,
    live_server: Any,
    readers: Iterable[tuple[Any, Pages]],
    *,
    shot_prefix: str = "",
    extra: Extra | None = None,
) -> None:
    """Every reader's pages at both sizes; fails with every axe violation found."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    found: dict[str, Any] = {}
    for user, pages in readers:
        for label, size in SIZES.items():
            plain = logged_in(browser, live_server, user, viewport=size, java_script_enabled=False)
            checked = without_site_scripts(logged_in(browser, live_server, user, viewport=size))
            try:
                page, axed = plain.new_page(), checked.new_page()
                for name, (path, words) in pages.items():
                    where = f"{name} at {size['width']}px"
                    answer = page.goto(f"{live_server.url}{path}")
                    assert answer is not None and answer.status == 200, where
                    text = page.locator("main").inner_text()  # as shown: some in capitals
                    missing = [w for w in words if w.casefold() not in text.casefold()]
                    assert not missing, f"{where}: {missing} not in {text!r}"
                    if extra is not None:
                        extra(name, page, where)
                    shot = SHOTS / f"{shot_prefix}{name}-{label}.png"
                    page.screenshot(path=str(shot), full_page=True)
                    width = page.evaluate("document.documentElement.scrollWidth")
                    assert width <= size["width"], f"{where} is {width}px wide"
                    axed.goto(f"{live_server.url}{path}")
                    if problems := axe_violations(axed):
                        found[where] = problems
            finally:
                plain.close()
                checked.close()
    assert not found, json.dumps(found, indent=2, ensure_ascii=False)
