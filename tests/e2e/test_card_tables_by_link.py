"""A card evening through the tables' own links (docs/club-night.md#a-tables-own-link), in
real browsers: the organizer prints the table cards; at each of three tables one phone
without an account and with JavaScript off reads its card's QR code, enters the result,
and a second phone confirms it; table 2's phone calls the organizer, whose console (no
JavaScript either) shows the call from "Phone 1" and marks it answered; the round is
recorded. axe-core finds nothing on the link's page; screenshots at 390×844 and 1366×768
in tests/e2e/output/ (link-*.png), to look at."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.e2e.club_night import card_swiss, kitchen_club
from tests.e2e.conftest import OUTPUT, PHONE
from tests.e2e.pages_without_js import LAPTOP, without_site_scripts
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_room_night_in_browser import read_qr
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services as events
from tournaments.cards import table_links
from tournaments.models import CardResult, Event, OrganizerCall, Round, RoundTable

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Each table's finishing order, by seat.
ORDERS = {1: ["1", "2", "3"], 2: ["3", "1", "2"], 3: ["2", "3", "1"]}


def shots(page: Any, name: str) -> None:
    """`page` photographed at a phone's and a laptop's size, each no wider than it."""
    OUTPUT.mkdir(exist_ok=True)
    before = page.viewport_size
    for label, size in (("phone", PHONE), ("laptop", LAPTOP)):
        page.set_viewport_size(size)
        page.screenshot(path=str(OUTPUT / f"link-{name}-{label}.png"), full_page=True)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name} is {width}px wide at {size['width']}px"
    page.set_viewport_size(before)


def a_phone(browser: Any) -> Any:
    """A phone with no account and JavaScript off."""
    return browser.new_context(viewport=PHONE, java_script_enabled=False)


def test_three_card_tables_enter_their_results_through_their_links(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any
) -> None:
    club, players = kitchen_club(ann, django_user_model.objects, "q", 9)
    event = card_swiss(club, ann, scat, Event.CARDS, 2)
    for user in players:
        events.register(event=event, user=user)
    events.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    if round_.status == Round.SEATED:
        events.start_round(round_=round_, by=ann)
    tables = list(
        RoundTable.objects.filter(round=round_).select_related("round").order_by("number")
    )
    assert len(tables) == 3

    # The organizer's printed cards: each code is its table's own link.
    laptop = logged_in(browser, live_server, ann, viewport=LAPTOP, java_script_enabled=False)
    desk = laptop.new_page()
    desk.goto(f"{live_server.url}/tournaments/{event.pk}/print/table-cards/")
    codes = desk.locator(".table-card__code")
    links = {}
    expected = {t.number: table_links.url_for(t) for t in tables}
    for k, table in enumerate(tables):
        # The element's picture may catch a neighbouring card's code at its edge (the
        # cards sit side by side): its own must be there, and nothing but these links.
        read = read_qr(codes.nth(k).screenshot())
        assert expected[table.number] in read, (table.number, read)
        assert set(read) <= set(expected.values()), read
        links[table.number] = expected[table.number]
    shots(desk, "table-cards")

    # axe, in a context that loads none of the site's scripts (the DOM a phone without
    # JavaScript builds), on the link's page as it is before and after an entry.
    checker = without_site_scripts(browser.new_context(viewport=PHONE))
    axed = checker.new_page()

    names = {
        t.number: [s.entry.user.get_username() for s in t.seats.order_by("position")]
        for t in tables
    }
    for table in tables:
        order = ORDERS[table.number]
        first = a_phone(browser)
        page = first.new_page()
        answer = page.goto(links[table.number])
        assert answer is not None and answer.status == 200
        main = page.inner_text("main")
        assert all(name in main for name in names[table.number])
        others = [n for number, ns in names.items() if number != table.number for n in ns]
        assert not any(name in main for name in others)  # only this table
        if table.number == 1:
            shots(page, "empty")
            axed.goto(links[1])
            assert axe_violations(axed) == []
        for k, place in enumerate(order):
            page.select_option(f"#place-{k}", place)
        page.get_by_role("button", name="Submit the result").click()
        expect(page.locator("main")).to_contain_text(
            "Waiting for another player at the table to confirm"
        )  # waits for the answer; inner_text() would read the page before it
        # The same phone is offered no confirmation of its own entry.
        assert page.get_by_role("button", name="Confirm this result").count() == 0
        if table.number == 1:
            shots(page, "pending")
            axed.goto(links[1])
            assert axe_violations(axed) == []
        if table.number == 2:
            # Table 2 calls the organizer, from the foot of the same page.
            page.get_by_label("A rules question").check()
            page.get_by_label("A few words (optional)").fill("Is a 31 on the deal a win?")
            page.get_by_role("button", name="Call the organizer").click()
            expect(page.locator("main")).to_contain_text("The organizer is called: on the way.")
            shots(page, "called")
            axed.goto(links[2])
            assert axe_violations(axed) == []
        first.close()

        # A second phone confirms it.
        second = a_phone(browser)
        page = second.new_page()
        page.goto(links[table.number])
        page.get_by_role("button", name="Confirm this result").click()
        main = page.inner_text("main")
        assert f"Confirmed: table {table.number}'s result is recorded." in main
        if table.number < 3:
            assert "Entered by Phone 1, confirmed by Phone 2" in main
            if table.number == 1:
                shots(page, "confirmed")
                axed.goto(links[1])
                assert axe_violations(axed) == []
        else:
            # The round's last table: the link opens nothing more, the event's page leads on.
            assert page.url == f"{live_server.url}{event.get_absolute_url()}"
        second.close()

        if table.number == 2:
            # The organizer's console, JavaScript off: the call from table 2's Phone 1.
            desk.goto(f"{live_server.url}/tournaments/{event.pk}/manage/")
            calls = desk.locator(".console-calls").inner_text()
            assert "Table 2" in calls and "Phone 1" in calls and "a rules question" in calls
            assert "Entered by Phone 1, confirmed by Phone 2" in desk.inner_text("#console-table-1")
            shown = desk.locator("#console-table-3 .console-link__url")
            assert shown.get_attribute("href") == links[3]  # in a <details>, closed
            shots(desk, "console")
            desk.locator(".console-call", has_text="Table 2").get_by_role("button").click()
            expect(desk.locator("main")).to_contain_text("Table 2's call is answered.")
            call = OrganizerCall.objects.get(event=event)
            assert call.caller is None and call.answered_by == ann

    assert Round.objects.get(pk=round_.pk).status == Round.FINISHED
    for table in tables:
        result = CardResult.objects.get(round_table=table, status=CardResult.CONFIRMED)
        assert result.submitted_by is None and result.confirmed_by is None
        assert result.submitted_device and result.confirmed_device != result.submitted_device
        assert result.places == [int(p) for p in ORDERS[table.number]]
    # An old round's link, once more: a sentence, no table.
    late = a_phone(browser)
    page = late.new_page()
    answer = page.goto(links[1])
    assert answer is not None and answer.status == 403
    assert "Round 1 is over: this link no longer opens a table." in page.inner_text("main")
    shots(page, "refused")
    axed.goto(links[1])
    assert axe_violations(axed) == []
    late.close()
    checker.close()
    laptop.close()
