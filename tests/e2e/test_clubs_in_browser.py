"""The club pages in a real browser, JavaScript off, as a phone (390 px) sees them:
nothing is wider than the screen, and a player joins with the buttons alone."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs import services
from clubs.models import Club, Membership
from tests.e2e.conftest import PHONE
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services as tournaments

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def overflow(page: Any) -> int:
    """How many pixels the page is wider than the window (0: no sideways scrolling)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def test_the_club_pages_fit_a_phone_and_work_without_javascript(
    browser: Any,
    live_server: Any,
    ann: Any,
    bob: Any,
    scat: Any,
    django_user_model: Any,
    shoot: Any,
) -> None:
    club = services.create_club(
        by=ann,
        name="The Kitchen Table Thirty-One Society of Upper Tooting",
        description="Tuesdays at eight. " * 10,
        join_policy=Club.REQUEST,
    )
    long_name = django_user_model.objects.create_user("a_player_with_a_long_user_name_here")
    Membership.objects.create(club=club, user=long_name, role=Membership.ORGANIZER)
    services.join(by=bob, club=club)
    services.add_rule_set(by=ann, club=club, rule_set=scat)
    services.create_rule_set(
        by=ann, club=club, name="Kitchen rules", preset="scat", changes={"lives": 5}
    )
    tournaments.create_event(
        club=club,
        by=ann,
        name="Tuesday Swiss",
        rule_set=scat,
        starts_at=timezone.now() + timedelta(days=1),
    )
    pages = {
        "clubs-list": "/clubs/",
        "club-organizer": club.get_absolute_url(),
        "club-rules-new": f"{club.get_absolute_url()}rules/new/",
        "club-invite": club.invite_url(),
    }
    context = logged_in(browser, live_server, ann, java_script_enabled=False, viewport=PHONE)
    page = context.new_page()
    for name, path in pages.items():
        page.goto(live_server.url + path)
        assert page.locator("h1").count() == 1, name
        assert overflow(page) <= 0, f"{name} is {overflow(page)} px too wide"
        shoot(page, name)

    page.goto(live_server.url + club.get_absolute_url())
    page.get_by_role("button", name="Accept bob").click()
    assert page.get_by_role("status").filter(has_text="bob is a member now.").is_visible()
    assert Membership.objects.filter(club=club, user=bob).exists()
    context.close()
