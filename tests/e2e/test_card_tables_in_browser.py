"""A table played with real cards (docs/club-night.md#entering-and-confirming), in real
browsers: two players' 390×844 phones with JavaScript off enter and confirm the table's
result on its result page; the organizer's console shows a table with no result yet and
one disputed, with both versions. Screenshots in tests/e2e/output/; axe-core finds
nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.club_night import card_swiss, kitchen_club
from tests.e2e.conftest import PHONE
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services as events
from tournaments.cards import card_results, card_tables
from tournaments.models import CardResult, Event, Round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_card_tables_result_from_two_phones_without_javascript(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any, shoot: Any
) -> None:
    club, players = kitchen_club(ann, django_user_model.objects, "card", 6)
    event = card_swiss(club, ann, scat, Event.MIXED, 2)
    for user in players:
        events.register(event=event, user=user)
    events.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    card_tables.choose_card_tables(round_=round_, by=ann, numbers=[1, 2])
    events.start_round(round_=round_, by=ann)
    first, second = round_.tables.get(number=1), round_.tables.get(number=2)
    sitting = [s.entry.user for s in first.seats.select_related("entry__user")]
    url = f"{live_server.url}/tournaments/{event.pk}/results/{first.pk}/"

    # Table 2 is disputed; table 1 has no result yet: the organizer's console.
    a2, b2, _ = (s.entry.user for s in second.seats.select_related("entry__user"))
    card_results.submit_result(round_table=second, by=a2, places=[1, 2, 3])
    card_results.submit_result(round_table=second, by=b2, places=[1, 3, 2])
    organizer = logged_in(browser, live_server, ann, viewport=PHONE)
    console = organizer.new_page()
    console.goto(f"{live_server.url}/tournaments/{event.pk}/manage/")
    text = console.inner_text("#console-live")
    assert "cards: no result yet" in text
    assert "cards: disputed —" in text
    shoot(console, "card-tables-console")
    assert axe_violations(console) == []
    organizer.close()

    # axe runs in the page, so a third player's phone with JavaScript on checks each state.
    three = logged_in(browser, live_server, sitting[2], viewport=PHONE)
    checker = three.new_page()
    checker.goto(url)
    assert axe_violations(checker) == []

    # The first phone enters the result, JavaScript off.
    places = ["2", "1", "3"]
    one = logged_in(browser, live_server, sitting[0], viewport=PHONE, java_script_enabled=False)
    page = one.new_page()
    page.goto(url)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "card-table-result-empty")
    for k, place in enumerate(places):
        page.select_option(f"#place-{k}", place)
    page.fill("#score-0", "2")
    page.click("text=Submit the result")
    assert "Waiting for another player at the table to confirm" in page.inner_text("main")
    shoot(page, "card-table-result-pending")
    one.close()
    checker.goto(url)
    assert axe_violations(checker) == []

    # The second phone sees it and confirms it.
    two = logged_in(browser, live_server, sitting[1], viewport=PHONE, java_script_enabled=False)
    page = two.new_page()
    page.goto(url)
    assert "Confirm this result" in page.inner_text("main")
    page.click("text=Confirm this result")
    assert "The result is recorded" in page.inner_text("main")
    shoot(page, "card-table-result-confirmed")
    two.close()
    confirmed = CardResult.objects.get(round_table=first, status=CardResult.CONFIRMED)
    assert confirmed.places == [int(p) for p in places] and confirmed.confirmed_by == sitting[1]
    assert [s.place for s in first.seats.order_by("position")] == [2, 1, 3]

    checker.goto(url)
    assert axe_violations(checker) == []
    three.close()
