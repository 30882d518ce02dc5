"""Keeping one's name off public pages in a browser without JavaScript
(docs/privacy.md#my-name-off-public-pages): a member ticks the choice on their profile and
saves it; a visitor then reads "Player 2" for them on their event's page, and their club's
organizer still reads the name. The profile fits a phone, and axe finds nothing on it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Membership
from tests.e2e.conftest import PHONE
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_member_keeps_their_name_to_their_club(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any, shoot: Any
) -> None:
    club = Club.objects.create(name="Kitchen Club", slug="kitchen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    event = services.create_event(
        club=club,
        by=ann,
        name="Thursday night",
        rule_set=scat,
        starts_at=timezone.now() + timedelta(hours=1),
        rounds=3,
        advance="manual",
        turn_timer=0,
    )
    rosalind = django_user_model.objects.create_user("rosalind", password="x" * 12)
    Membership.objects.create(club=club, user=rosalind)
    first = django_user_model.objects.create_user("first-to-enter")
    Membership.objects.create(club=club, user=first)
    for user in (first, rosalind):
        services.register(event=event, user=user)

    context = logged_in(browser, live_server, rosalind, viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}/accounts/profile/")
    choice = page.get_by_label("Show my name only to signed-in members of my clubs")
    choice.check()
    page.get_by_role("button", name="Save settings").click()
    page.wait_for_url("**/accounts/profile/")
    assert page.get_by_label("Show my name only to signed-in members of my clubs").is_checked()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the profile is {width}px wide"
    shoot(page, "profile-name-to-club-members")
    context.close()

    visitor = browser.new_context(java_script_enabled=False)
    seen = visitor.new_page()
    seen.goto(f"{live_server.url}{event.get_absolute_url()}")
    text = seen.locator("main").inner_text()
    assert "Player 2" in text and "rosalind" not in text
    shoot(seen, "event-page-name-hidden")
    visitor.close()

    organizer = logged_in(browser, live_server, ann, java_script_enabled=False)
    theirs = organizer.new_page()
    theirs.goto(f"{live_server.url}{event.get_absolute_url()}")
    assert "rosalind" in theirs.locator("main").inner_text()
    organizer.close()

    # axe runs a script: the profile again, in a context with JavaScript on.
    checked = logged_in(browser, live_server, rosalind)
    profile = checked.new_page()
    profile.goto(f"{live_server.url}/accounts/profile/")
    assert axe_violations(profile) == []
    checked.close()
