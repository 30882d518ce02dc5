"""Calendars and weekly series in a browser with JavaScript off (docs/calendars.md):
the organizer repeats an event, moves it and stops repeating from the manage page; a
player makes their private calendar address and renews it; the event page offers
"Add to calendar" and the club page its feed. axe-core finds nothing on the new pages
at a phone's and a laptop's size; screenshots of each go to tests/e2e/output/."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import icalendar
import pytest

from clubs.models import Club, Membership
from tests.e2e.conftest import OUTPUT
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services
from tournaments.models import CalendarFeed, Event, EventSeries

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 768}
# Thursday 23 October 2031, 19:30 in Copenhagen (CEST).
FIRST = datetime(2031, 10, 23, 17, 30, tzinfo=UTC)


def look(page: Any, checker: Any, name: str) -> None:
    """A screenshot of `page` (JavaScript off) at each size to look at, and axe-core's
    findings on it, which must be none. axe needs scripts, so it runs in `checker`, a
    page with JavaScript on of the same site, given this page's document without its
    scripts: what a browser without JavaScript has (a form's answer cannot be fetched
    twice)."""
    OUTPUT.mkdir(exist_ok=True)
    document = SCRIPT.sub("", page.content())
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name} is {width} px wide at {label}"
        page.screenshot(path=str(OUTPUT / f"calendars-{name}-{label}.png"), full_page=True)
        checker.set_viewport_size(size)
        checker.set_content(document)
        assert axe_violations(checker) == [], f"{name} at {label}"


SCRIPT = re.compile(r"<script\b.*?</script>", re.S | re.I)


def test_the_calendar_controls_work_without_javascript_and_pass_axe(
    browser: Any, live_server: Any, ann: Any, bob: Any, scat: Any
) -> None:
    club = Club.objects.create(name="Kitchen Club", slug="kitchen", time_zone="Europe/Copenhagen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    Membership.objects.create(club=club, user=bob)
    event = services.create_event(
        club=club, by=ann, name="Thursday Scat", rule_set=scat, starts_at=FIRST, turn_timer=0
    )
    services.register(event=event, user=bob)
    base = live_server.url
    organizer = logged_in(browser, live_server, ann, java_script_enabled=False)
    player = logged_in(browser, live_server, bob, java_script_enabled=False)
    checking = browser.new_context()
    checker = checking.new_page()
    checker.goto(f"{live_server.url}/static/css/site.css")  # the site's origin, for its CSS
    try:
        page = organizer.new_page()
        page.set_default_timeout(30_000)
        manage = f"{base}/tournaments/{event.pk}/manage/"
        page.goto(manage)
        look(page, checker, "manage-before")

        page.get_by_label("Registration opens (days before each)").fill("6")
        page.get_by_role("button", name="Repeat every week").click()
        page.wait_for_url(manage)
        assert "Every Thursday at 19:30 (Europe/Copenhagen)" in page.inner_text("main")
        assert EventSeries.objects.get().registration_days == 6

        page.get_by_label("New start").fill("2031-10-23T20:00")
        page.get_by_role("button", name="Move the event").click()
        page.wait_for_url(manage)
        assert Event.objects.get(pk=event.pk).starts_at == datetime(2031, 10, 23, 18, 0, tzinfo=UTC)
        look(page, checker, "manage-repeating")
        page.goto(f"{base}{event.get_absolute_url()}")
        assert "Repeats" in page.inner_text("main")
        look(page, checker, "event-page")
        page.goto(manage)

        page.get_by_role("button", name="Stop repeating").click()
        page.wait_for_selector("text=Stop repeating Thursday Scat?")
        look(page, checker, "stop-repeating-confirm")
        page.get_by_role("button", name="Stop repeating").click()
        page.wait_for_url(manage)
        assert not EventSeries.objects.get().active

        page.goto(f"{base}{club.get_absolute_url()}")
        look(page, checker, "club-page")

        mine = player.new_page()
        mine.set_default_timeout(30_000)
        mine.goto(f"{base}/accounts/profile/")
        mine.get_by_role("link", name="Your events in your calendar").click()
        mine.get_by_role("button", name="Make my calendar address").click()
        mine.wait_for_selector("#feed-url")
        look(mine, checker, "my-calendar")
        feed_url = mine.locator("#feed-url").input_value()
        answer = mine.request.get(feed_url)
        events = icalendar.Calendar.from_ical(answer.body()).walk("VEVENT")
        assert [e.decoded("DTSTART") for e in events] == [datetime(2031, 10, 23, 18, 0, tzinfo=UTC)]

        mine.get_by_role("button", name="Make a new address").click()
        mine.wait_for_selector("text=Make a new calendar address?")
        look(mine, checker, "renew-confirm")
        mine.get_by_role("button", name="Make a new address").click()
        mine.wait_for_selector("#feed-url")
        assert mine.locator("#feed-url").input_value() != feed_url
        assert mine.request.get(feed_url).status == 404
        assert CalendarFeed.objects.count() == 1

        page.goto(manage)
        page.get_by_role("button", name="Cancel the event").click()
        page.wait_for_selector("text=Cancel Thursday Scat?")
        look(page, checker, "cancel-confirm")
        page.get_by_role("button", name="Cancel the event").click()
        page.wait_for_url(manage)
        assert Event.objects.get(pk=event.pk).status == Event.CANCELLED
        page.goto(f"{base}{event.get_absolute_url()}")
        assert "Cancelled: this event will not be played." in page.inner_text("main")
    finally:
        organizer.close()
        player.close()
        checking.close()
