"""The event pages in a real browser as a phone sees them: nothing wider than the
screen (wide tables scroll inside their own region), and the start time shown in the
browser's own time zone when JavaScript runs."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Membership
from tests.e2e.conftest import PHONE
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_event_pages_fit_a_phone(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any, shoot: Any
) -> None:
    club = Club.objects.create(name="Kitchen Club", slug="kitchen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    event = services.create_event(
        club=club,
        by=ann,
        name="A rather long event name for a small screen",
        rule_set=scat,
        starts_at=timezone.now() + timedelta(hours=1),
        rounds=6,
        advance="manual",
        turn_timer=0,
    )
    for k in range(1, 9):
        user = django_user_model.objects.create_user(f"player-with-a-long-name-{k}")
        Membership.objects.create(club=club, user=user)
        services.register(event=event, user=user)
    services.start_event(event=event, by=ann)
    services.start_round(round_=event.round_set.get(), by=ann)
    context = logged_in(browser, live_server, ann, viewport=PHONE, timezone_id="America/New_York")
    try:
        page = context.new_page()
        for path in (
            "/tournaments/",
            event.get_absolute_url(),
            f"/tournaments/{event.pk}/manage/",
            "/clubs/kitchen/events/new/",
        ):
            page.goto(f"{live_server.url}{path}")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"{path} is {width}px wide"
        page.goto(f"{live_server.url}{event.get_absolute_url()}")
        shown = page.locator("time[data-local]").first.inner_text()
        assert "UTC" not in shown and ("EST" in shown or "EDT" in shown or "GMT-" in shown)
        shoot(page, "event-page")
        page.goto(f"{live_server.url}/clubs/kitchen/events/new/")
        assert page.locator("#id_time_zone").input_value() == "America/New_York"
    finally:
        context.close()
