"""A finished Swiss event's page in a real browser
(docs/club-night.md#the-end-of-the-evening): its podium heads the page and looks like one
on a phone (390×844) and a laptop (1366×768) — 2nd, 1st, 3rd from left to right, the
winner's step the tallest — its player reads how they finished, and axe-core finds
nothing at either size. Screenshots in tests/e2e/output/."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Membership
from games.models import RuleSet
from tests.e2e.conftest import OUTPUT
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in
from tests.games.playing import play_out
from tournaments import services
from tournaments.models import Event, Round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 768}


def finished_swiss(ann: Any, django_user_model: Any) -> Event:
    """Six players, two rounds at tables of three, played to the end."""
    club = Club.objects.create(name="Kitchen Club", slug="kitchen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    quick = RuleSet.objects.create(name="Quick scat", preset="scat", changes={"lives": 1})
    event = services.create_event(
        club=club,
        by=ann,
        name="Thursday Swiss",
        rule_set=quick,
        starts_at=timezone.now() + timedelta(hours=1),
        rounds=2,
        table_size=3,
        table_min=3,
        table_max=3,
        turn_timer=0,
    )
    names = ["ada", "bartholomew", "cleo", "dan", "evangeline", "finn"]
    for name in names:
        user = django_user_model.objects.create_user(name)
        Membership.objects.create(club=club, user=user)
        services.register(event=event, user=user)
    services.start_event(event=event, by=ann)
    for number in (1, 2):
        for table in Round.objects.get(event=event, number=number).tables.select_related("game"):
            play_out(table.game)  # each commit records its table, and round 2 starts
        services.sweep()  # a game over on its deal, whose hook ran outside: as beat does
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    return event


def test_a_finished_swiss_events_podium_on_a_phone_and_a_laptop(
    browser: Any, live_server: Any, ann: Any, presets: Any, django_user_model: Any
) -> None:
    event = finished_swiss(ann, django_user_model)
    player = event.entries.get(user__username="cleo").user
    OUTPUT.mkdir(exist_ok=True)
    found = {}
    for label, size in (("phone", PHONE), ("laptop", LAPTOP)):
        context = logged_in(browser, live_server, player, viewport=size)
        try:
            page = context.new_page()
            page.goto(f"{live_server.url}{event.get_absolute_url()}")
            podium = page.locator("ol.podium")
            assert podium.is_visible()
            steps = podium.locator("li")
            assert steps.count() >= 2
            assert steps.first.locator(".podium__place").inner_text().lstrip("=") == "1st"
            first = steps.first.bounding_box()
            second = steps.nth(1).bounding_box()
            # The podium's shape: the 1st step to the right of the 2nd and taller; all
            # within the page's width (nothing scrolls sideways).
            assert first["x"] > second["x"] and first["height"] > second["height"]
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= size["width"]
            assert "You finished" in page.locator(".own-line").inner_text()
            page.screenshot(path=str(OUTPUT / f"podium-{label}.png"))
            page.screenshot(path=str(OUTPUT / f"podium-{label}-full.png"), full_page=True)
            if problems := axe_violations(page):
                found[label] = problems
        finally:
            context.close()
    assert not found, json.dumps(found, indent=2, ensure_ascii=False)
