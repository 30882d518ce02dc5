"""Issue 28 in a real browser: a Scat table of twelve at a laptop's and a phone's size,
the host picking the first dealer, and Ride the Bus players adding a level by
agreement, each on their own page."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.models import Game, RuleSet
from tests.e2e.conftest import OUTPUT, PHONE
from tests.e2e.test_table_in_browser import logged_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}


def no_sideways_scroll(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width} px wide"


def test_twelve_at_a_scat_table_fit_a_laptop_and_a_phone(
    browser: Any, live_server: Any, ann: Any, scat: RuleSet, shoot: Any
) -> None:
    table = services.create_table(owner=ann, name="Twelve", rule_set=scat, seat_count=12)
    for level in ["easy", "medium"] * 5 + ["easy"]:
        services.add_bot(table=table, by=ann, level=level)
    context = logged_in(browser, live_server, ann, viewport=LAPTOP)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}{table.get_absolute_url()}")
        assert page.locator(".seat-list__row").count() == 12
        with page.expect_navigation():
            page.get_by_role("button", name="Start the game").click()
        page.wait_for_selector("#game-area[data-my-turn]", timeout=20_000)
        assert page.locator(".felt__others .seat").count() == 11
        for size in (LAPTOP, PHONE):
            page.set_viewport_size(size)
            no_sideways_scroll(page)
            assert page.locator(".hand .pc").count() == 3
        page.set_viewport_size(LAPTOP)
        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / "twelve-seats-laptop.png"))
        page.set_viewport_size(PHONE)
        page.screenshot(path=str(OUTPUT / "twelve-seats-phone-first-screen.png"))
        shoot(page, "twelve-seats")
    finally:
        context.close()


def test_the_host_picks_who_deals_first(
    browser: Any, live_server: Any, ann: Any, scat: RuleSet, shoot: Any
) -> None:
    table = services.create_table(
        owner=ann,
        name="Your deal",
        rule_set=scat,
        seat_count=3,
        changes={"first_dealer": "chosen"},
    )
    services.add_bot(table=table, by=ann, level="easy")
    services.add_bot(table=table, by=ann, level="easy")
    context = logged_in(browser, live_server, ann, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}{table.get_absolute_url()}")
        shoot(page, "first-dealer-chosen-seats")
        page.select_option("select[name=dealer]", label="Easy bot 3")
        with page.expect_navigation():
            page.get_by_role("button", name="Start the game").click()
        game = Game.objects.get(table=table)
        dealt = game.events.get(seq=2)
        assert dealt.kind == "dealer_chosen"
        assert dealt.data == {"method": "chosen", "dealer": 2, "draws": []}
        assert "Easy bot 3 deals first." in page.content()
    finally:
        context.close()


def test_ride_the_bus_players_add_a_level_when_everyone_agrees(
    browser: Any, live_server: Any, ann: Any, bob: Any, presets: None, shoot: Any
) -> None:
    bus = RuleSet.objects.get(preset="ride_the_bus", is_preset=True)
    table = services.create_table(owner=ann, name="The bus", rule_set=bus, seat_count=3)
    services.join_table(table=table, user=bob)
    services.add_bot(table=table, by=ann, level="easy")
    game = services.start_game(table=table, by=ann)
    url = f"{live_server.url}{table.get_absolute_url()}"
    contexts = [logged_in(browser, live_server, user, viewport=PHONE) for user in (ann, bob)]
    try:
        ann_page, bob_page = (context.new_page() for context in contexts)
        for page in (ann_page, bob_page):
            page.goto(url)
        ann_page.get_by_text("Propose a new level…").click()
        ann_page.fill("#bus-level-name", "on the roof")
        ann_page.get_by_role("button", name="Propose").click()
        ann_page.wait_for_selector("text=Waiting for bob", timeout=10_000)
        # The test server has no sockets: a page polls, every 10 s on its own turn
        # (games.rendering.POLL_OWN_TURN), so a wait of 10 s could just miss the poll.
        bob_page.wait_for_selector(".bus-levels button[value=agree]", timeout=25_000)
        shoot(bob_page, "bus-level-proposed")
        bob_page.locator(".bus-levels button[value=agree]").click()
        bob_page.wait_for_selector("text=the bus has a new level", timeout=25_000)
        game.refresh_from_db()
        state = game.engine_state()
        assert state.rules.lives == 5 and "on the roof" in state.rules.life_labels
        assert [p.lives for p in state.players] == [5, 5, 5]
        ann_page.wait_for_selector("text=the bus has a new level", timeout=25_000)
        shoot(ann_page, "bus-level-added")
    finally:
        for context in contexts:
            context.close()
