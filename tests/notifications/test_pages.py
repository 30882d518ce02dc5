"""The notifications' pages (notifications.views, docs/notifications.md#the-site), as a browser
without JavaScript uses them: the header's unread count, the list and "Mark all read",
the settings' table, the one-click unsubscribe link (no log-in, no CSRF token; a changed
link refused) and an organizer's announcement to their club."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from notifications import channels, kinds, preferences, services, unsubscribe
from notifications.models import ClubAnnouncement, Notification, Preference
from notifications.services import Draft

pytestmark = pytest.mark.django_db

LIST = reverse("notifications:list")
SETTINGS = reverse("notifications:preferences")


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _badge(html: str) -> str:
    found = re.search(r'<span id="notify-count">(.*?)</span>\s*</a>', html, re.S)
    assert found, "every page's header links to the notifications"
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def _notify(user: Any, n: int) -> list[Notification]:
    return services.notify(
        [Draft("announcement", user.pk, f"n-{k}", f"Note {k}", "/clubs/") for k in range(n)]
    )


def test_the_header_counts_the_unread_ones_on_every_page(ann: Any) -> None:
    client = _client(ann)
    assert _badge(client.get(reverse("lobby")).content.decode()) == ""
    _notify(ann, 2)
    for page in (reverse("lobby"), reverse("my_profile"), LIST):
        assert _badge(client.get(page).content.decode()) == "2 unread"
    assert "notify-count" not in Client().get(reverse("lobby")).content.decode()


def test_the_list_shows_the_newest_first_and_marks_all_read(ann: Any) -> None:
    _notify(ann, 3)
    client = _client(ann)
    html = client.get(LIST).content.decode()
    assert html.index("Note 2") < html.index("Note 1") < html.index("Note 0")
    assert html.count("notify-item--new") == 3
    assert "Mark all read" in html
    response = client.post(reverse("notifications:read_all"), follow=True)
    html = response.content.decode()
    assert "Marked 3 notifications read." in html
    assert "notify-item--new" not in html and "Mark all read" not in html
    assert _badge(html) == ""


def test_opening_one_follows_its_link_and_reads_it_and_no_one_elses(ann: Any, bob: Any) -> None:
    first, second = _notify(ann, 2)
    response = _client(ann).get(reverse("notifications:open", args=[first.pk]))
    assert response.status_code == 302 and response["Location"] == "/clubs/"
    ann.refresh_from_db()
    assert ann.unread_notifications == 1
    response = _client(bob).get(reverse("notifications:open", args=[second.pk]))
    assert response["Location"] == LIST
    assert Notification.objects.get(pk=second.pk).read_at is None


def test_the_pages_are_for_the_logged_in(ann: Any) -> None:
    for page in (LIST, SETTINGS):
        response = Client().get(page)
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_the_settings_are_a_table_of_kinds_by_channels_saved_at_once(ann: Any) -> None:
    client = _client(ann)
    html = client.get(SETTINGS).content.decode()
    boxes = re.findall(
        r'<input type="checkbox" name="on" value="([^"]+)" id="[^"]+"( checked)?', html
    )
    assert (
        len(boxes) == len(kinds.all_kinds()) * len(channels.names())
        and len(kinds.all_kinds()) >= 10
    )
    assert ("game_ready:email", "") in boxes and ("game_ready:site", " checked") in boxes
    assert ("missed_check_in:email", " checked") in boxes
    assert ("missed_check_in:site", " checked") in boxes
    assert "no verified e-mail address" in html
    chosen = ["game_ready:email", "your_turn:site", "bogus:site", "announcement:fax"]
    response = client.post(SETTINGS, {"on": chosen}, follow=True)
    assert "Your notification settings are saved." in response.content.decode()
    now = preferences.choices(ann.pk)
    assert {pair for pair, on in now.items() if on} == {
        ("game_ready", "email"),
        ("your_turn", "site"),
    }
    assert not Preference.objects.filter(kind="bogus").exists()


def test_the_unsubscribe_link_works_without_logging_in_or_a_csrf_token(ann: Any) -> None:
    link = reverse(
        "notifications:unsubscribe", args=[unsubscribe.token(ann.pk, "your_turn", "email")]
    )
    browser = Client(enforce_csrf_checks=True)
    asked = browser.get(link).content.decode()
    assert "Stop sending &ldquo;Your turn&rdquo; e-mails to ann" in asked
    assert preferences.choices(ann.pk)[("your_turn", "email")], "a GET changes nothing"
    done = browser.post(link)
    assert (
        done.status_code == 200
        and "No more &ldquo;Your turn&rdquo; e-mails to ann" in done.content.decode()
    )
    assert not preferences.choices(ann.pk)[("your_turn", "email")]
    assert preferences.choices(ann.pk)[("your_turn", "site")]


def test_a_mail_clients_one_click_post_unsubscribes(ann: Any) -> None:
    link = reverse(
        "notifications:unsubscribe", args=[unsubscribe.token(ann.pk, "announcement", "email")]
    )
    response = Client(enforce_csrf_checks=True).post(
        link, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 200
    assert not preferences.choices(ann.pk)[("announcement", "email")]


def test_a_changed_unsubscribe_link_is_refused_and_changes_nothing(ann: Any, bob: Any) -> None:
    good = unsubscribe.token(ann.pk, "announcement", "email")
    payload, _, signature = good.rpartition(":")
    # the same signature on bob's payload, a cut signature, a kind the site has not
    forged = unsubscribe.token(bob.pk, "announcement", "email").rpartition(":")[0] + ":" + signature
    for token in (
        forged,
        good[:-3],
        payload,
        "nonsense",
        unsubscribe.token(ann.pk, "bogus", "email"),
    ):
        link = reverse("notifications:unsubscribe", args=[token])
        for method in ("get", "post"):
            response = getattr(Client(enforce_csrf_checks=True), method)(link)
            assert response.status_code == 400, (token, method)
            assert "This link does not work" in response.content.decode()
    assert Preference.objects.count() == 0


def test_an_organizer_writes_to_the_members_after_looking_it_over(
    club: Any, ann: Any, members: list, django_capture_on_commit_callbacks: Any
) -> None:
    page = reverse("notifications:announce", args=[club.slug])
    client = _client(ann)
    assert f'href="{page}"' in client.get(club.get_absolute_url()).content.decode()
    refused = client.post(page, {"text": "   "})
    assert refused.status_code == 400 and "Write the announcement." in refused.content.decode()
    preview = client.post(page, {"text": "Summer party!\nSaturday at 18:00"}).content.decode()
    assert "This goes to 7 members" in preview and "Send it" in preview
    assert not ClubAnnouncement.objects.exists(), "nothing is sent before it is confirmed"
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            page, {"text": "Summer party!\nSaturday at 18:00", "confirm": "yes"}, follow=True
        )
    assert "Sent to 7 members of Kitchen Club." in response.content.decode()
    told = Notification.objects.filter(kind="announcement")
    assert sorted(told.values_list("user_id", flat=True)) == sorted(m.pk for m in members)
    assert {(n.text, n.body) for n in told} == {
        ("Kitchen Club: Summer party!", "Summer party!\nSaturday at 18:00")
    }


def test_a_member_who_does_not_organize_cannot_write_to_the_club(club: Any, members: list) -> None:
    page = reverse("notifications:announce", args=[club.slug])
    client = _client(members[0])
    assert f'href="{page}"' not in client.get(club.get_absolute_url()).content.decode()
    assert client.get(page).status_code == 403
    assert client.post(page, {"text": "Hi", "confirm": "yes"}).status_code == 403
    assert not ClubAnnouncement.objects.exists()
