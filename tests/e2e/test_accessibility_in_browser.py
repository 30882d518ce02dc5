"""Accessibility (issue 26): axe-core finds nothing on the main pages, at a phone's and
a laptop's size, and a whole turn is played with the keyboard alone -- focus goes to
the first control of the turn after each move and after a pushed update, and the live
region says what the others did and that it is your turn.

axe-core is an npm package, pinned in tests/e2e/axe/package.json and installed there by
.ci/run (`npm install --prefix tests/e2e/axe`); AXE_CORE_JS may name another copy of
axe.min.js. Without it the axe test skips, except on CI, where it fails."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from games import engine, services
from tests.e2e.test_play_screen_in_browser import LAPTOP, PHONE
from tests.e2e.test_table_in_browser import logged_in
from tests.site_tour import play_until, site_tour

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

AXE = Path(
    os.environ.get("AXE_CORE_JS")
    or Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
)
# Every rule of axe's default set, and the experimental one that checks a control's name
# holds its visible words (the card buttons were named otherwise, issue 26).
AXE_OPTIONS = {
    "resultTypes": ["violations"],
    "rules": {"label-content-name-mismatch": {"enabled": True}},
}


def axe_with_javascript(browser: Any, url: str, **options: Any) -> list[str]:
    """axe's findings on `url` opened in a context of its own with JavaScript on (axe runs
    a script): for a test that looks at a page without JavaScript."""
    context = browser.new_context(**options)
    try:
        page = context.new_page()
        page.goto(url)
        return axe_violations(page)
    finally:
        context.close()


def axe_violations(page: Any) -> list[str]:
    if not AXE.exists():
        message = f"axe-core is not installed at {AXE} (npm install --prefix tests/e2e/axe)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    page.add_script_tag(path=str(AXE))
    result = page.evaluate(f"() => axe.run(document, {json.dumps(AXE_OPTIONS)})")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} -- "
        + "; ".join(f"{n['target']} {n['failureSummary']}" for n in v["nodes"][:4])
        for v in result["violations"]
    ]


# The pages also kept as screenshots (tests/e2e/output/), to look at.
SHOT = ("table mid-game", "rules of a preset", "customise", "knockout event", "duplicate event")


def test_axe_finds_no_violations_on_the_main_pages(
    browser: Any,
    live_server: Any,
    ann: Any,
    bob: Any,
    scat: Any,
    django_user_model: Any,
    shoot: Any,
) -> None:
    pages = site_tour(ann, bob, scat, django_user_model)
    pages["rules of a preset"] = "/rules/en_og_tredive/"
    found = {}
    for size in (LAPTOP, PHONE):
        context = logged_in(browser, live_server, ann, viewport=size)
        try:
            page = context.new_page()
            for name, path in pages.items():
                page.goto(f"{live_server.url}{path}")
                if name == "table mid-game":
                    page.locator(".discard-several summary").click()  # the open box too
                if size == LAPTOP and name in SHOT:
                    shoot(page, "a11y-" + name.replace(" ", "-"))
                if problems := axe_violations(page):
                    found[f"{name} at {size['width']}px"] = problems
        finally:
            context.close()
    assert not found, json.dumps(found, indent=2, ensure_ascii=False)


def test_a_whole_turn_is_played_with_the_keyboard_alone(
    browser: Any, live_server: Any, ann: Any, bob: Any, scat: Any
) -> None:
    table = services.create_table(owner=ann, name="Keys", rule_set=scat, seat_count=2, turn_timer=0)
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=ann)
    seats = {p.user_id: p.position for p in game.players.all()}
    me, them = seats[ann.pk], seats[bob.pk]
    users = {me: ann, them: bob}
    play_until(game, users, lambda s: s.turn == me)
    context = logged_in(browser, live_server, ann, viewport=LAPTOP)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/tables/{table.pk}/")

        def focused() -> dict[str, str]:
            return page.evaluate(
                "() => { const e = document.activeElement; const s = getComputedStyle(e);"
                " return {value: e.value || '', id: e.id, outline: s.outlineStyle,"
                " width: s.outlineWidth}; }"
            )

        def press_and_wait(key: str) -> None:
            seq = page.locator("#game-area").get_attribute("data-seq")
            page.keyboard.press(key)
            page.wait_for_selector(f"#game-area:not([data-seq='{seq}'])")
            page.wait_for_timeout(100)  # htmx settles, live.js moves focus

        # The turn's first control has focus as the page opens: the stock.
        assert focused()["value"] == "draw:stock"
        press_and_wait("Enter")
        now = focused()
        assert now["value"].startswith("discard:"), f"after drawing, focus is on {now}"
        # Tab to the next card: a keyboard focus shows its ring over the playable glow.
        page.keyboard.press("Tab")
        now = focused()
        assert now["value"].startswith("discard:") and now["outline"] == "solid", now
        discarded = now["value"].removeprefix("discard:")
        press_and_wait("Enter")
        game.refresh_from_db()
        state = game.engine_state()
        assert state.turn == them and state.discard[-1] == engine.parse_card(discarded)
        assert focused()["id"] == "game-area", "focus stays in the game, not at the top"

        # bob plays; the page catches up by itself (a poll here; a push on a socket).
        state = play_until(game, users, lambda s: s.turn == me)
        page.wait_for_selector(f"#game-area[data-seq='{game.seq}'][data-my-turn]")
        page.wait_for_timeout(200)
        assert focused()["value"] in ("draw:stock", "knock"), "your turn: focus on the stock"
        said = page.locator("#announcer").inner_text()
        assert "bob" in said and "Your turn" in said, said
        assert page.locator("#announcer[aria-live='polite']").count()
    finally:
        context.close()
