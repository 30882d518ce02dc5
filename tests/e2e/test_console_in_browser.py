"""The organizer's console in a browser: a running 12-player Swiss round's tables on a
desktop and a phone (screenshots under tests/e2e/output/ to look at), no axe-core
violation at either size, and a bot standing in for a no-show from the page; the
check-in desk before and while an event starts, a player checked in by the organizer
and a start that counts and asks before it withdraws whoever has not checked in, all
without JavaScript too."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Membership
from notifications.models import Notification
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_play_screen_in_browser import LAPTOP, PHONE
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services
from tournaments.models import Entry, Event

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def running_swiss(ann: Any, scat: Any, django_user_model: Any) -> Event:
    """Kitchen Night: a Swiss of three rounds for ann and eleven members at tables of
    four, round 1 being played with a 60-second turn timer, a break called and a line
    announced."""
    club = Club.objects.create(name="Kitchen Club", slug="kitchen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    event = services.create_event(
        club=club,
        by=ann,
        name="Kitchen Night",
        rule_set=scat,
        starts_at=timezone.now() + timedelta(hours=1),
        rounds=3,
        table_size=4,
        turn_timer=60,
    )
    services.register(event=event, user=ann)
    for k in range(1, 12):
        user = django_user_model.objects.create_user(f"player-with-a-long-name-{k}")
        Membership.objects.create(club=club, user=user)
        services.register(event=event, user=user)
    django_user_model.objects.create_user("late-lou")
    Membership.objects.create(club=club, user=django_user_model.objects.get(username="late-lou"))
    services.start_event(event=event, by=ann)
    services.call_break(event=event, by=ann, minutes=15)
    services.announce(event=event, by=ann, text="Pizza is on the bar: help yourselves.")
    return Event.objects.get(pk=event.pk)


def test_the_console_of_a_running_swiss_round_on_a_desktop_and_a_phone(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any, shoot: Any
) -> None:
    event = running_swiss(ann, scat, django_user_model)
    context = logged_in(browser, live_server, ann)
    page = context.new_page()
    url = f"{live_server.url}/tournaments/{event.pk}/manage/"
    for name, size in (("desktop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.goto(url)
        assert page.get_by_role("heading", name="Round 1: the tables").is_visible()
        assert page.locator(".console-table").count() == 3
        assert page.get_by_text("Break: round 2 starts at").is_visible()
        assert page.get_by_text("Pizza is on the bar").is_visible()
        # Nothing wider than the screen: every seat's button wraps rather than clips.
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name}: the page is {width}px wide"
        page.screenshot(path=f"tests/e2e/output/console-{name}.png", full_page=True)
        # Closer looks: the top of the page (the news) and one table, as they are.
        page.screenshot(path=f"tests/e2e/output/console-{name}-top.png")
        page.locator(".console-table").first.screenshot(
            path=f"tests/e2e/output/console-{name}-table.png"
        )
        assert axe_violations(page) == [], name

    # A bot stands in for a no-show, from the page; the console marks it.
    absent = Entry.objects.get(event=event, user__username="player-with-a-long-name-3")
    page.get_by_role("button", name="A bot plays for player-with-a-long-name-3 this round").click()
    page.get_by_text("A bot plays for player-with-a-long-name-3 this round.").wait_for()
    assert page.get_by_role(
        "button", name="Give player-with-a-long-name-3 their seat back"
    ).is_visible()
    absent.refresh_from_db()
    assert absent.stand_in_round == 1

    # The console follows the event without a reload (its socket, or its poll).
    services.announce(event=event, by=ann, text="Round 2 will be at the big table.")
    page.get_by_text("Round 2 will be at the big table.").wait_for(timeout=15_000)

    # Finishing is not offered while the round plays; withdrawing asks first.
    assert page.get_by_role("button", name="Finish the event now").count() == 0
    page.get_by_role("button", name="Withdraw player-with-a-long-name-5").click()
    page.get_by_role(
        "heading", name="Withdraw player-with-a-long-name-5 from Kitchen Night?"
    ).wait_for()
    assert axe_violations(page) == [], "the confirmation page"
    page.screenshot(path="tests/e2e/output/console-confirm-phone.png")
    page.get_by_role("link", name="Cancel").click()
    assert Entry.objects.get(event=event, user__username="player-with-a-long-name-5").active
    shoot(page, "console")
    context.close()


def checking_in(ann: Any, scat: Any, django_user_model: Any) -> Event:
    """Kitchen Night with a 30-minute check-in, starting in 20 minutes: ann and eleven
    members registered, all but hank and ivy checked in."""
    club = Club.objects.create(name="Kitchen Club", slug="kitchen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    event = services.create_event(
        club=club,
        by=ann,
        name="Kitchen Night",
        rule_set=scat,
        starts_at=timezone.now() + timedelta(minutes=20),
        checkin_minutes=30,
        rounds=3,
        table_size=4,
        turn_timer=60,
    )
    names = [f"player-with-a-long-name-{k}" for k in range(1, 10)] + ["hank", "ivy"]
    for name in ["ann", *names]:
        user = ann if name == "ann" else django_user_model.objects.create_user(name)
        if user != ann:
            Membership.objects.create(club=club, user=user)
        entry = services.register(event=event, user=user)
        if name not in ("hank", "ivy"):
            services.check_in_for(event=event, entry=entry, by=ann)
    return Event.objects.get(pk=event.pk)


def test_the_check_in_desk_counts_asks_and_withdraws_who_did_not_come(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any
) -> None:
    event = checking_in(ann, scat, django_user_model)
    url = f"{live_server.url}/tournaments/{event.pk}/manage/"
    context = logged_in(browser, live_server, ann)
    page = context.new_page()
    for name, size in (("desktop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.goto(url)
        assert page.get_by_role("heading", name="Check-in desk").is_visible()
        page.get_by_text("10 of 12 checked in — hank and ivy will be withdrawn at the start.")
        assert page.get_by_role("button", name="Check in hank").is_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name}: the page is {width}px wide"
        page.screenshot(path=f"tests/e2e/output/desk-{name}.png")
        page.locator(".desk").screenshot(path=f"tests/e2e/output/desk-{name}-panel.png")
        assert axe_violations(page) == [], name

    # Without JavaScript: ivy is checked in at the desk, then the start asks first.
    plain = logged_in(browser, live_server, ann, viewport=PHONE, java_script_enabled=False)
    desk = plain.new_page()
    desk.goto(url)
    desk.get_by_role("button", name="Check in ivy").click()
    desk.get_by_text("ivy is checked in.").wait_for()
    assert desk.get_by_text(
        "11 of 12 checked in — hank will be withdrawn at the start."
    ).is_visible()
    desk.get_by_role("button", name="Start the event (seat round 1)").click()
    desk.get_by_role("heading", name="Start Kitchen Night now?").wait_for()
    assert desk.get_by_text("11 of 12 checked in — hank will be withdrawn").is_visible()
    desk.screenshot(path="tests/e2e/output/desk-start-confirm-phone.png")
    assert Event.objects.get(pk=event.pk).status == Event.UPCOMING
    desk.get_by_role("button", name="Start and withdraw 1 player").click()
    desk.get_by_text("hank had not checked in and is withdrawn; they are told.").wait_for()
    hank = Entry.objects.get(event=event, user__username="hank")
    assert hank.missed_check_in and not hank.active
    assert Notification.objects.filter(kind="missed_check_in", user=hank.user).count() == 1
    plain.close()

    # Round 1 plays: the desk says who has not come to their table (nobody has yet).
    for name, size in (("desktop", LAPTOP), ("phone", PHONE)):
        page.set_viewport_size(size)
        page.goto(url)
        page.get_by_text("0 of 11 at their tables.").wait_for()
        assert page.get_by_text("withdrawn at the start: not checked in").is_visible()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"{name}: the page is {width}px wide"
        page.screenshot(path=f"tests/e2e/output/desk-running-{name}.png")
        page.locator(".desk").screenshot(path=f"tests/e2e/output/desk-running-{name}-panel.png")
        assert axe_violations(page) == [], f"{name}, running"
    context.close()

    # hank's own line says why.
    theirs = logged_in(browser, live_server, hank.user).new_page()
    theirs.goto(f"{live_server.url}{event.get_absolute_url()}")
    theirs.get_by_text("You did not check in before the start, so you were withdrawn.").wait_for()
    theirs.context.close()
