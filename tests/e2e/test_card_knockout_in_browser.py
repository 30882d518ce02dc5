"""A balanced knockout played with real cards (docs/design.md §21), in a real browser:
a player's 390×844 phone with JavaScript off enters a deal's lives lost (one select per
seat), another's confirms it. Screenshots in tests/e2e/output/; axe-core finds nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import RuleSet
from tests.e2e.club_night import kitchen_club
from tests.e2e.conftest import PHONE
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services as events
from tournaments.models import Event, Round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_card_deal_from_two_phones_without_javascript(
    browser: Any, live_server: Any, ann: Any, presets: None, django_user_model: Any, shoot: Any
) -> None:
    club, players = kitchen_club(ann, django_user_model.objects, "deal", 6)
    rules = RuleSet.objects.create(
        name="Two lives", preset="scat", changes={"lives": 2, "county": False}
    )
    event = events.create_event(
        club=club,
        by=ann,
        name="Knockout with cards",
        format=Event.KNOCKOUT,
        rule_set=rules,
        starts_at=timezone.now() + timedelta(hours=1),
        venue=Event.CARDS,
        bots_fill=False,
        table_size=3,
        table_min=3,
        table_max=3,
        turn_timer=0,
    )
    for user in players:
        events.register(event=event, user=user)
    events.start_event(event=event, by=ann)
    table = Round.objects.get(event=event, number=1).tables.get(number=1)
    seats = list(table.seats.select_related("entry__user").order_by("position"))
    url = f"{live_server.url}/tournaments/{event.pk}/results/{table.pk}/"

    one = logged_in(
        browser, live_server, seats[0].entry.user, viewport=PHONE, java_script_enabled=False
    )
    page = one.new_page()
    page.goto(url)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "card-deal-result-empty")
    for k, seat in enumerate(seats):
        page.select_option(f"#lost-{seat.position}", "1" if k == 0 else "0")
    page.click("text=Submit the result")
    assert "Waiting for another player at the table to confirm" in page.inner_text("main")
    one.close()

    two = logged_in(browser, live_server, seats[1].entry.user, viewport=PHONE)
    page = two.new_page()
    page.goto(url)
    assert "lost 1 life" in page.inner_text("main")
    assert axe_violations(page) == []
    page.click("text=Confirm this result")
    assert "The result is recorded" in page.inner_text("main")
    shoot(page, "card-deal-result-confirmed")
    # Reloaded: the flashed message's list is base.html's (its role is checked there).
    page.goto(url)
    assert axe_violations(page) == []
    two.close()
    assert [s.lives_lost for s in table.seats.order_by("position")] == [1, 0, 0]
