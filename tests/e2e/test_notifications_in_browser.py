"""The notifications' pages in Chromium (docs/notifications.md#the-site): the list and the settings
used without JavaScript on a phone and at 1366×768 (kept as screenshots in
tests/e2e/output/), axe-core finding nothing on the new pages, and "Notify me" asking
the browser's permission only when pressed, after which a notification pushed to the
page becomes the browser's own pop-up."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from clubs import services as clubs
from clubs.models import Club, Membership
from games.models import RuleSet
from notifications import services, unsubscribe
from notifications.services import Draft
from tests.e2e.conftest import OUTPUT
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_play_screen_in_browser import LAPTOP, PHONE
from tests.e2e.test_table_in_browser import logged_in
from tests.notifications.knockout_night import play_the_night
from tournaments import services as tournaments
from tournaments.models import Event

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _some_news(user: Any) -> None:
    # An event that takes registrations and that the person has not entered: still news.
    club, _made = Club.objects.get_or_create(slug="kitchen", defaults={"name": "Kitchen Club"})
    Membership.objects.get_or_create(club=club, user=user, role=Membership.OWNER)
    RuleSet.sync_presets()
    event = tournaments.create_event(
        club=club,
        by=user,
        name="Thursday Swiss",
        rule_set=RuleSet.objects.get(preset="scat", is_preset=True),
        starts_at=timezone.now() + timedelta(days=2),
    )
    Event.objects.filter(pk=event.pk).update(registration_open=True)
    services.notify(
        [
            Draft("registration_opened", user.pk, f"registration-{event.pk}",
                  "Registration is open: Thursday Swiss at Kitchen Club, Thu 4 Dec, 19:30 CET",
                  "/tournaments/"),
            Draft("final_standings", user.pk, "final-1",
                  "Tuesday Swiss is over. You finished =3rd of 12 — 4 points, 67% of the points "
                  "possible.", "/tournaments/"),
            Draft("announcement", user.pk, "club-announcement-1",
                  "Kitchen Club: Summer party on Saturday!", "/clubs/",
                  body="Summer party on Saturday!\n\nBring a dish; we play from 18:00."),
        ]
    )  # fmt: skip
    services.notify([Draft("starts_soon", user.pk, "soon-1", "Thursday Swiss starts at 19:30 CET")])


def _fits(page: Any) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def test_the_list_and_the_settings_work_without_javascript_on_a_phone_and_a_laptop(
    browser: Any, live_server: Any, ann: Any
) -> None:
    EmailAddress.objects.create(user=ann, email="ann@example.com", verified=True, primary=True)
    ann.notifications.all().delete()
    _some_news(ann)
    OUTPUT.mkdir(exist_ok=True)
    for label, size in (("phone", PHONE), ("desktop", LAPTOP)):
        context = logged_in(browser, live_server, ann, viewport=size, java_script_enabled=False)
        page = context.new_page()
        page.goto(f"{live_server.url}/")
        assert page.locator(".notify-link").inner_text().split() == ["Notifications", "4", "unread"]
        with page.expect_navigation():  # count() and inner_text() do not wait
            page.locator(".notify-link").click()
        assert page.locator(".notify-item--new").count() == 4
        assert "Bring a dish; we play from 18:00." in page.inner_text("main")
        assert _fits(page)
        page.screenshot(path=str(OUTPUT / f"notifications-list-{label}.png"), full_page=True)
        page.goto(f"{live_server.url}{reverse('notifications:preferences')}")
        assert _fits(page)
        assert "E-mails go to ann@example.com." in page.inner_text("main")
        assert not page.locator("[data-notify-me]").is_visible(), "nothing to press without JS"
        page.screenshot(path=str(OUTPUT / f"notifications-settings-{label}.png"), full_page=True)
        context.close()
    context = logged_in(browser, live_server, ann, viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server.url}{reverse('notifications:preferences')}")
    page.get_by_label("Your game is ready: By e-mail").check()
    page.get_by_label("Announcements: On the site").uncheck()
    with page.expect_navigation():
        page.get_by_role("button", name="Save", exact=True).click()
    assert "Your notification settings are saved." in page.inner_text("main")
    assert page.get_by_label("Your game is ready: By e-mail").is_checked()
    assert not page.get_by_label("Announcements: On the site").is_checked()
    page.goto(f"{live_server.url}{reverse('notifications:list')}")
    with page.expect_navigation():
        page.get_by_role("button", name="Mark all read").click()
    assert "Marked 4 notifications read." in page.inner_text("main")
    assert page.locator(".notify-item--new").count() == 0
    assert page.locator(".notify-link").inner_text().split() == ["Notifications"]
    context.close()


def test_axe_finds_nothing_on_the_notifications_pages(
    browser: Any, live_server: Any, ann: Any, bob: Any
) -> None:
    _some_news(ann)
    club = Club.objects.get(slug="kitchen")  # ann's
    Membership.objects.create(club=club, user=bob)
    token = unsubscribe.token(ann.pk, "announcement", "email")
    pages = {
        "list": reverse("notifications:list"),
        "settings": reverse("notifications:preferences"),
        "unsubscribe": reverse("notifications:unsubscribe", args=[token]),
        "unsubscribe, a changed link": reverse("notifications:unsubscribe", args=[token + "x"]),
        "announce": reverse("notifications:announce", args=[club.slug]),
    }
    found = {}
    for size in (PHONE, LAPTOP):
        context = logged_in(browser, live_server, ann, viewport=size)
        page = context.new_page()
        for name, path in pages.items():
            page.goto(f"{live_server.url}{path}")
            if problems := axe_violations(page):
                found[f"{name} at {size['width']}px"] = problems
        page.goto(f"{live_server.url}{pages['announce']}")
        page.get_by_label("Announcement").fill("Summer party on Saturday!\nBring a dish.")
        with page.expect_navigation():
            page.get_by_role("button", name="Look it over").click()
        assert "This goes to 1 member" in page.inner_text("main")
        if problems := axe_violations(page):
            found[f"announce, looked over at {size['width']}px"] = problems
        if size == PHONE:
            page.screenshot(path=str(OUTPUT / "notifications-announce-phone.png"), full_page=True)
        context.close()
    assert not found, json.dumps(found, indent=2, ensure_ascii=False)


# Records the browser notifications a page makes (headless Chromium shows none).
RECORD_NOTIFICATIONS = """
window.__shown = [];
class Recorded {
  constructor(title, options) { window.__shown.push({title, tag: options && options.tag}); }
  static get permission() { return window.__permission || "default"; }
  static requestPermission() {
    window.__asked = (window.__asked || 0) + 1;
    window.__permission = "granted";
    return Promise.resolve("granted");
  }
}
window.Notification = Recorded;
"""


def test_notify_me_asks_only_when_pressed_and_then_a_pushed_notification_pops_up(
    browser: Any, live_server: Any, ann: Any
) -> None:
    context = logged_in(browser, live_server, ann, viewport=LAPTOP)
    context.add_init_script(RECORD_NOTIFICATIONS)
    page = context.new_page()
    page.goto(f"{live_server.url}{reverse('notifications:list')}")
    box = page.locator("[data-notify-me]")
    box.wait_for(state="visible")
    assert page.evaluate("() => window.__asked || 0") == 0, "not asked before the press"
    box.get_by_role("button", name="Notify me").click()
    page.wait_for_function("() => window.__asked === 1")
    assert "Pop-ups are on in this browser" in box.inner_text()
    # What the calls socket delivers (tests/notifications/test_push.py checks the
    # server's side; the live server here has no sockets): htmx's out-of-band swap of
    # #notify-popups, then its event, as the ws extension does.
    made = services.notify(
        [Draft("announcement", ann.pk, "a-1", "Kitchen Club: party!", "/clubs/")]
    )
    html = render_to_string("notifications/_popups.html", {"popups": made})
    page.evaluate(
        """(html) => {
          const box = document.getElementById("notify-popups");
          const parsed = new DOMParser().parseFromString(html, "text/html");
          box.innerHTML = parsed.getElementById("notify-popups").innerHTML;
          document.dispatchEvent(new CustomEvent("htmx:oobAfterSwap", {detail: {target: box}}));
        }""",
        html,
    )
    shown = page.evaluate("() => window.__shown")
    assert shown == [{"title": "Kitchen Club: party!", "tag": "announcement-a-1"}]
    assert page.evaluate("() => document.getElementById('notify-popups').textContent") == ""
    # In another tab of the same browser the choice holds; "Stop" turns it off there too.
    other = context.new_page()
    other.goto(f"{live_server.url}{reverse('notifications:preferences')}")
    other.get_by_role("button", name="Stop pop-ups in this browser").click()
    assert other.get_by_role("button", name="Notify me").is_visible()
    context.close()


def test_after_a_knockout_night_the_bell_shows_the_news_not_a_line_a_deal(
    browser: Any,
    live_server: Any,
    ann: Any,
    presets: None,
    django_user_model: Any,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    """A whole knockout night (tests/notifications/knockout_night.py), and two people
    asking to join ann's club: her list is the news, on a phone and at 1366×768."""
    club = Club.objects.create(name="Kitchen Club", slug="kitchen", join_policy=Club.REQUEST)
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    field = [ann]
    for k in range(1, 12):
        user = django_user_model.objects.create_user(f"k{k}", password="x" * 12)
        Membership.objects.create(club=club, user=user)
        field.append(user)
    night = play_the_night(club, ann, field, monkeypatch, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        for name in ("newcomer", "neighbour"):
            asker = django_user_model.objects.create_user(name, password="x" * 12)
            clubs.join(by=asker, club=club)
    OUTPUT.mkdir(exist_ok=True)
    for label, size in (("phone", PHONE), ("desktop", LAPTOP)):
        context = logged_in(browser, live_server, ann, viewport=size, java_script_enabled=False)
        page = context.new_page()
        page.goto(f"{live_server.url}{reverse('notifications:list')}")
        page.screenshot(
            path=str(OUTPUT / f"notifications-after-knockout-{label}.png"), full_page=True
        )
        assert page.locator(".notify-link").inner_text().split() == ["Notifications", "2", "unread"]
        new = page.locator(".notify-item--new").all_inner_texts()
        assert len(new) == 2 and "2 people ask to join Kitchen Club" in new[0]
        assert page.locator(".notify-item").count() <= 4, f"{night.deals} deals, a line or two"
        assert _fits(page)
        context.close()
