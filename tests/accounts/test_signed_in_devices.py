"""Signed-in devices (docs/security.md#signed-in-devices): each session's browser, address
and last visit, and one POST that logs out every other one."""

from __future__ import annotations

from typing import Any

import pytest
from allauth.usersessions.models import UserSession
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from accounts.devices import browser_name
from accounts.models import User
from tests.accounts.two_factor import PASSWORD, log_in

pytestmark = pytest.mark.django_db

FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"
SAFARI_IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
)


@pytest.fixture
def alice() -> User:
    return User.objects.create_user("alice", password=PASSWORD)


def device(user_agent: str, address: str) -> Client:
    return Client(HTTP_USER_AGENT=user_agent, REMOTE_ADDR=address)


def test_the_page_lists_each_signed_in_device(alice: User) -> None:
    laptop = device(FIREFOX_WINDOWS, "198.51.100.7")
    phone = device(SAFARI_IPHONE, "203.0.113.40")
    log_in(laptop, "alice")
    log_in(phone, "alice")

    page = laptop.get(reverse("usersessions_list")).content.decode()

    assert page.count('<li class="device') == 2
    assert 'Firefox on Windows <span class="device__this">(this device)</span>' in page
    assert "Safari on iOS" in page
    assert "198.51.100.7" in page and "203.0.113.40" in page
    assert page.count("Last seen") == 2
    assert "Log out the other devices" in page


def test_logging_out_the_others_ends_their_sessions(alice: User) -> None:
    laptop = device(FIREFOX_WINDOWS, "198.51.100.7")
    phone = device(SAFARI_IPHONE, "203.0.113.40")
    log_in(laptop, "alice")
    log_in(phone, "alice")
    assert phone.get(reverse("my_profile")).status_code == 200

    done = laptop.post(reverse("usersessions_list"), follow=True)

    page = done.content.decode()
    assert "The other devices are logged out." in page
    assert page.count('<li class="device') == 1
    assert "This is the only device where you are logged in." in page
    assert phone.get(reverse("my_profile"))["Location"].startswith(reverse("account_login"))
    assert laptop.get(reverse("my_profile")).status_code == 200, "this one stays"
    assert UserSession.objects.filter(user=alice).count() == 1


def test_another_members_devices_are_not_touched(alice: User) -> None:
    User.objects.create_user("bob", password=PASSWORD)
    mine, theirs = device(FIREFOX_WINDOWS, "198.51.100.7"), device(SAFARI_IPHONE, "203.0.113.4")
    log_in(mine, "alice")
    log_in(theirs, "bob")
    page = mine.get(reverse("usersessions_list")).content.decode()
    assert "203.0.113.4" not in page and "Safari" not in page
    mine.post(reverse("usersessions_list"))
    assert theirs.get(reverse("my_profile")).status_code == 200


def test_the_page_is_for_the_signed_in_only(client: Client) -> None:
    response = client.get(reverse("usersessions_list"))
    assert response["Location"].startswith(reverse("account_login"))


def test_a_visit_is_written_at_most_once_per_interval(alice: User, settings: Any) -> None:
    laptop = device(FIREFOX_WINDOWS, "198.51.100.7")
    log_in(laptop, "alice")
    row = UserSession.objects.get(user=alice)
    first_seen = row.last_seen_at
    laptop.get(reverse("my_profile"), REMOTE_ADDR="198.51.100.8")
    row.refresh_from_db()
    assert (row.ip, row.last_seen_at) == ("198.51.100.7", first_seen), "not at every request"

    cache.clear()  # the interval is over
    laptop.get(reverse("my_profile"), REMOTE_ADDR="198.51.100.8")

    row.refresh_from_db()
    assert row.ip == "198.51.100.8" and row.last_seen_at > first_seen


def test_a_session_from_before_the_list_is_listed_on_its_next_visit(alice: User) -> None:
    client = Client(HTTP_USER_AGENT=FIREFOX_WINDOWS)
    client.force_login(alice)  # no allauth log-in: no row yet
    UserSession.objects.all().delete()
    cache.clear()  # and no interval started, as for a session from before the rows
    page = client.get(reverse("usersessions_list")).content.decode()
    assert "Firefox on Windows" in page


@pytest.mark.parametrize(
    ("user_agent", "named"),
    [
        (FIREFOX_WINDOWS, "Firefox on Windows"),
        (SAFARI_IPHONE, "Safari on iOS"),
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like "
            "Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
            "Edge on macOS",
        ),
        (
            "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/131.0.0.0 Mobile Safari/537.36",
            "Chrome on Android",
        ),
        (
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
            "HeadlessChrome/131.0.0.0 Safari/537.36",
            "Chrome on Linux",
        ),
        ("curl/8.5.0", "curl/8.5.0"),
        ("", "A browser that did not say which it is"),
        ("x" * 200, "x" * 79 + "…"),
    ],
)
def test_a_browser_is_named_as_a_person_would(user_agent: str, named: str) -> None:
    assert browser_name(user_agent) == named
