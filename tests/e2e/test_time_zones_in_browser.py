"""Time zones with JavaScript on, in a browser in New York: static/js/local-time.js
rewrites an event's time, written on its Copenhagen club's clock, into the viewer's
zone, and a new club takes its founder's browser's zone."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from clubs.models import Club, Membership
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_times_are_rewritten_into_the_viewers_zone_and_a_new_club_takes_it(
    browser: Any, live_server: Any, ann: Any, scat: Any, shoot: Any
) -> None:
    club = Club.objects.create(name="Kitchen Club", slug="kitchen", time_zone="Europe/Copenhagen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    # 19:30 in Copenhagen (CET) is 13:30 in New York (EST).
    event = services.create_event(
        club=club,
        by=ann,
        name="Friday Swiss",
        rule_set=scat,
        starts_at=datetime(2031, 3, 7, 18, 30, tzinfo=UTC),
        turn_timer=0,
    )
    context = logged_in(browser, live_server, ann, timezone_id="America/New_York", locale="en-US")
    try:
        page = context.new_page()
        for path in (event.get_absolute_url(), "/tournaments/", "/clubs/kitchen/"):
            page.goto(f"{live_server.url}{path}")
            shown = page.locator("time[data-local]").first
            assert shown.get_attribute("datetime") == "2031-03-07T18:30:00+00:00", path
            text = shown.inner_text()
            assert "1:30" in text and "EST" in text and "Fri" in text, (path, text)
            # The club's clock, as the server wrote it, stays at hand.
            assert shown.get_attribute("title") == "Fri 7 Mar 2031, 19:30 CET", path
        shoot(page, "time-zones-club-page")

        page.goto(f"{live_server.url}/clubs/")
        page.get_by_label("Club name").fill("Night Owls")
        page.get_by_role("button", name="Create").click()
        page.wait_for_url(f"{live_server.url}/clubs/night-owls/")
        assert Club.objects.get(slug="night-owls").time_zone == "America/New_York"
        assert page.locator("#id_time_zone").input_value() == "America/New_York"
    finally:
        context.close()
