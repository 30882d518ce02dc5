"""Guests at an event played with real cards (docs/club-night.md#guests), in a real browser:
the organizer's 390×844 phone with JavaScript off adds a guest by name on the manage
page; the result page of a table of guests says the organizer enters its result.
Screenshots in tests/e2e/output/; axe-core finds nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.club_night import card_swiss, kitchen_club
from tests.e2e.conftest import PHONE
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services as events
from tournaments.models import Entry, Event, Round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_organizer_adds_guests_and_settles_their_table(
    browser: Any, live_server: Any, ann: Any, scat: Any, shoot: Any
) -> None:
    club, _ = kitchen_club(ann, None)
    event = card_swiss(club, ann, scat, Event.CARDS, 1)
    manage = f"{live_server.url}/tournaments/{event.pk}/manage/"
    phone = logged_in(browser, live_server, ann, viewport=PHONE, java_script_enabled=False)
    page = phone.new_page()
    for name in ("Anna", "Bert", "Anna"):
        page.goto(manage)
        page.get_by_label("Guest's name").fill(name)
        with page.expect_navigation():  # the next goto() would cancel the POST
            page.get_by_role("button", name="Add the guest").click()
    assert "Anna (guest 2) is registered." in page.inner_text("body")
    assert set(Entry.objects.filter(event=event).values_list("user__username", flat=True)) == {
        "Anna (guest)",
        "Bert (guest)",
        "Anna (guest 2)",
    }
    shoot(page, "guests-manage")
    phone.close()

    events.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    events.start_round(round_=round_, by=ann)
    table = round_.tables.get()
    checker = logged_in(browser, live_server, ann, viewport=PHONE).new_page()
    checker.goto(f"{live_server.url}/tournaments/{event.pk}/results/{table.pk}/")
    assert "Every player at this table is a guest: the organizer enters its result." in (
        checker.inner_text("main")
    )
    shoot(checker, "guests-result-page")
    assert axe_violations(checker) == []
    checker.goto(manage)
    assert "Every player at this table is a guest" in checker.inner_text("#console-live")
    assert axe_violations(checker) == []
