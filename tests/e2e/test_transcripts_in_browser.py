"""Importing a transcript in a browser without JavaScript, as a phone and a laptop:
this site's signed transcript is shown as its game; the same moves unsigned and
renamed, as unverified, uploaded by the member (docs/security.md#signed-transcripts). Each page fits
its screen's width and axe finds nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from games import services
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_play_screen_in_browser import LAPTOP, PHONE
from tests.e2e.test_table_in_browser import logged_in
from tests.games.playing import play_out

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_signed_and_a_forged_transcript_are_told_apart_on_both_screens(
    browser: Any, live_server: Any, ann: Any, bob: Any, scat: Any, shoot: Any
) -> None:
    table = services.create_table(
        owner=ann, name="Kitchen", rule_set=scat, seat_count=2, changes={"lives": 1}
    )
    services.join_table(table=table, user=bob)
    game = play_out(services.start_game(table=table, by=ann))
    signed = Client().get(f"/games/{game.pk}/transcript.txt").content.decode()
    forged = signed.split("\n", 1)[1].replace("Kitchen", "World final")
    replays: dict[str, str] = {}
    context = logged_in(browser, live_server, bob, viewport=PHONE, java_script_enabled=False)
    try:
        page = context.new_page()
        for name, text in (("signed", signed), ("forged", forged)):
            page.goto(f"{live_server.url}/replays/import/")
            page.fill("#transcript-text", text)
            page.get_by_role("button", name="Replay it").click()
            page.wait_for_url("**/replays/*/", timeout=30_000)
            replays[name] = page.url
    finally:
        context.close()
    found = {}
    for size in (PHONE, LAPTOP):
        # axe runs as a script: these look at the pages with JavaScript on.
        context = logged_in(browser, live_server, bob, viewport=size)
        try:
            page = context.new_page()
            for name, said in (
                ("signed", "Recorded by this site"),
                ("forged", "Unverified, uploaded by bob."),
            ):
                page.goto(replays[name])
                assert said in page.locator(".message").first.inner_text()
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= size["width"], f"{name} is {width}px wide at {size['width']}"
                if problems := axe_violations(page):
                    found[f"{name} at {size['width']}px"] = problems
                if size == LAPTOP:
                    shoot(page, f"transcript-{name}")
            page.goto(f"{live_server.url}/replays/import/")
            page.locator("details summary").click()  # the steps to check a signature
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= size["width"], f"the import page is {width}px wide"
            shoot(page, "transcript-import")
            if problems := axe_violations(page):
                found[f"import at {size['width']}px"] = problems
        finally:
            context.close()
    assert not found, json.dumps(found, indent=2, ensure_ascii=False)
