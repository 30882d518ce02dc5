""" "Download my data" in Chromium without JavaScript (docs/privacy.md#download-my-data):
from the profile to the data page, "Prepare my data" (the worker's task runs inline),
the ready download with its size and expiry, the ZIP downloaded, the notification that
it is ready, and index.html opened from the ZIP; axe-core (in a context with JavaScript,
which it needs) finds nothing on the data page or the index; screenshots at 1366×768
and 390×844 under tests/e2e/output/."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from games import chat, services
from tests.accounts.exports import export_dir  # noqa: F401  (shared fixture)
from tests.e2e.conftest import OUTPUT
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_play_screen_in_browser import LAPTOP, PHONE
from tests.e2e.test_table_in_browser import logged_in
from tests.games.playing import play_out

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _fits(page: Any) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def test_a_member_prepares_and_downloads_their_data_without_javascript(
    browser: Any,
    live_server: Any,
    ann: Any,
    bob: Any,
    scat: Any,
    export_dir: Path,  # noqa: F811
    tmp_path: Path,
) -> None:
    table = services.create_table(owner=ann, name="Kitchen", rule_set=scat, seat_count=2)
    services.join_table(table=table, user=bob)
    game = play_out(services.start_game(table=table, by=ann))
    chat.post(table=table, user=bob, text="Good game!")
    chat.post(table=table, user=ann, text="Thanks, again tomorrow?")
    OUTPUT.mkdir(exist_ok=True)
    for label, size in (("desktop", LAPTOP), ("phone", PHONE)):
        context = logged_in(
            browser, live_server, ann, viewport=size, java_script_enabled=False,
            accept_downloads=True,
        )  # fmt: skip
        page = context.new_page()
        page.goto(f"{live_server.url}/accounts/profile/")
        page.get_by_role("link", name="Download my data").click()
        # expect() waits for the new page; inner_text() could read the profile's heading
        expect(page.get_by_role("heading", level=1)).to_have_text("Download my data")
        if label == "desktop":
            assert "You have not asked for your data yet." in page.content()
            page.get_by_role("button", name="Prepare my data").click()
        else:  # a second request: a new download replaces the first
            page.get_by_role("button", name="Prepare a new download").click()
        expect(page.locator(".messages")).to_contain_text("Your data is ready to download.")
        link = page.get_by_role("link", name=re.compile(r"^Download the ZIP \("))
        assert link.count() == 1 and "Until" in page.inner_text("#download")
        assert _fits(page), f"the data page scrolls sideways at {size}"
        page.screenshot(path=str(OUTPUT / f"data-export-{label}.png"), full_page=True)
        with page.expect_download() as info:
            link.click()
        download = info.value
        assert re.fullmatch(r"thirty-one-ann-\d{4}-\d{2}-\d{2}\.zip", download.suggested_filename)
        saved = tmp_path / f"{label}.zip"
        download.save_as(saved)
        unpacked = tmp_path / label
        with zipfile.ZipFile(saved) as zipped:
            assert {"index.html", "chat.json", f"games/{game.pk}.json"} <= set(zipped.namelist())
            zipped.extractall(unpacked)
        page.goto(f"{live_server.url}/notifications/")
        assert page.get_by_role("link", name=re.compile("^Your data is ready")).count() >= 1
        page.goto((unpacked / "index.html").as_uri())
        assert page.get_by_role("link", name=re.compile("Kitchen")).count() == 1
        assert _fits(page), f"index.html scrolls sideways at {size}"
        page.screenshot(path=str(OUTPUT / f"data-export-index-{label}.png"), full_page=True)
        context.close()
        # axe-core is a script: it runs in a context of its own, with JavaScript.
        checker = logged_in(browser, live_server, ann, viewport=size)
        looked = checker.new_page()
        for where in (f"{live_server.url}/accounts/data/", (unpacked / "index.html").as_uri()):
            looked.goto(where)
            assert axe_violations(looked) == [], f"{where} at {size}"
        checker.close()
