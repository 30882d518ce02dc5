import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "felt-table-31-blitz"
NEW_PASSWORD = "knock-knock-scat-31"


@pytest.fixture
def alice() -> User:
    return User.objects.create_user("alice", email="alice@example.com", password=PASSWORD)


def is_logged_in_as(client: Client, user: User) -> bool:
    return client.session.get("_auth_user_id") == str(user.pk)


def log_in(client: Client, username: str, password: str, **extra: str):
    """POST the log-in form; `extra` sets request META (REMOTE_ADDR, HTTP_X_FORWARDED_FOR)."""
    return client.post(reverse("account_login"), {"login": username, "password": password}, **extra)


def test_it_signs_up_with_a_username_and_no_email_and_logs_in(client: Client) -> None:
    response = client.post(
        reverse("account_signup"),
        {"username": "bob", "email": "", "password1": PASSWORD, "password2": PASSWORD},
    )

    assert response.status_code == 302
    assert response["Location"] == "/"
    bob = User.objects.get(username="bob")
    assert bob.email == ""
    assert is_logged_in_as(client, bob)
    assert "Log out" in client.get("/").content.decode()


def test_it_rejects_a_sign_up_with_a_taken_username(client: Client, alice: User) -> None:
    response = client.post(
        reverse("account_signup"),
        {"username": "alice", "password1": PASSWORD, "password2": PASSWORD},
    )

    assert response.status_code == 200
    assert "already" in response.content.decode()
    assert User.objects.filter(username="alice").count() == 1


def test_it_logs_in_with_a_username_and_redirects_to_the_lobby(client: Client, alice: User) -> None:
    response = log_in(client, "alice", PASSWORD)

    assert response.status_code == 302
    assert response["Location"] == "/"
    assert is_logged_in_as(client, alice)


def test_it_throttles_log_in_after_five_wrong_passwords(client: Client, alice: User) -> None:
    for _ in range(5):
        response = log_in(client, "alice", "wrong-password")
        assert response.status_code == 200
        assert "not correct" in response.content.decode()

    throttled = log_in(client, "alice", "wrong-password")
    assert "Too many failed log-in attempts from your address" in throttled.content.decode()

    # Even the right password is refused from that address while the limit lasts.
    right_password = log_in(client, "alice", PASSWORD)
    assert "Too many failed log-in attempts" in right_password.content.decode()
    assert not is_logged_in_as(client, alice)


def test_a_guessers_wrong_passwords_do_not_lock_the_member_out(alice: User) -> None:
    guesser, member = Client(), Client()
    for _ in range(8):
        log_in(guesser, "alice", "wrong-password", REMOTE_ADDR="203.0.113.7")
    refused = log_in(guesser, "alice", PASSWORD, REMOTE_ADDR="203.0.113.7")
    assert "Too many failed log-in attempts" in refused.content.decode(), "the guesser stops"
    assert not is_logged_in_as(guesser, alice)

    response = log_in(member, "ALICE", PASSWORD, REMOTE_ADDR="198.51.100.20")

    assert response.status_code == 302
    assert is_logged_in_as(member, alice)


def test_the_refusal_says_how_long_it_lasts(client: Client, alice: User) -> None:
    for _ in range(5):
        log_in(client, "alice", "wrong-password")
    page = log_in(client, "alice", "wrong-password").content.decode()
    assert "try again in 5 minutes." in page  # the username's limit: 5 failures in 5


def test_a_spoofed_x_forwarded_for_does_not_escape_the_per_address_limit(
    client: Client, settings: Any
) -> None:
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 0  # no proxy in front: the header is the client's
    for number in range(10):  # a new username and a new "address" each time
        response = log_in(
            client, f"member{number}", "guess", HTTP_X_FORWARDED_FOR=f"192.0.2.{number}"
        )
        assert "not correct" in response.content.decode()
    response = log_in(client, "member10", "guess", HTTP_X_FORWARDED_FOR="192.0.2.99")
    page = response.content.decode()
    assert "Too many failed log-in attempts from your address: try again in 1 minute." in page


def test_behind_a_trusted_proxy_the_address_it_appended_counts(
    client: Client, settings: Any, alice: User
) -> None:
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    for _ in range(6):  # the guesser writes an address; the proxy appends the real one
        log_in(client, "alice", "wrong", HTTP_X_FORWARDED_FOR="10.9.9.9, 203.0.113.7")
    member = log_in(client, "alice", PASSWORD, HTTP_X_FORWARDED_FOR="10.9.9.9, 198.51.100.20")
    assert member.status_code == 302, "another real address is not limited"


def test_it_logs_out_on_post(client: Client, alice: User) -> None:
    client.force_login(alice)

    response = client.post(reverse("account_logout"))

    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_it_changes_the_password_and_keeps_the_player_logged_in(
    client: Client, alice: User
) -> None:
    client.force_login(alice)

    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
    )

    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)
    assert is_logged_in_as(client, alice)


def test_it_resets_a_forgotten_password_by_email(
    client: Client, alice: User, django_capture_on_commit_callbacks: Any
) -> None:
    # The mail is handed to Celery when the request's transaction commits.
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("account_reset_password"), {"email": "alice@example.com"})

    assert len(mail.outbox) == 1
    match = re.search(r"http://testserver(/accounts/password/reset/key/\S+/)", mail.outbox[0].body)
    assert match, mail.outbox[0].body
    # The link stores the key in the session and redirects to the form.
    form_url = client.get(match.group(1))["Location"]
    response = client.post(form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})

    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password(NEW_PASSWORD)


def test_the_admins_log_in_is_the_sites_under_the_same_limits(
    client: Client, django_user_model: Any
) -> None:
    staff = django_user_model.objects.create_user("boss", password=PASSWORD, is_staff=True)
    # The admin's own form is not there: its address sends a visitor to the site's.
    page = client.get("/admin/login/?next=/admin/games/table/")
    assert page.status_code == 302
    assert page["Location"].startswith(reverse("account_login") + "?next=")
    posted = client.post("/admin/login/", {"username": "boss", "password": PASSWORD})
    assert posted.status_code == 302 and not is_logged_in_as(client, staff)
    # So guessing a staff password meets the site's limits.
    for _ in range(5):
        log_in(client, "boss", "wrong-password")
    refused = log_in(client, "boss", PASSWORD)
    assert "Too many failed log-in attempts" in refused.content.decode()
    assert not is_logged_in_as(client, staff)
    # A member logged in on another address reaches the admin; one not staff is refused.
    member = Client(REMOTE_ADDR="198.51.100.20")
    assert log_in(member, "boss", PASSWORD).status_code == 302
    assert member.get("/admin/").status_code == 200
    django_user_model.objects.create_user("plain", password=PASSWORD)
    plain = Client(REMOTE_ADDR="198.51.100.21")
    log_in(plain, "plain", PASSWORD)
    assert plain.get("/admin/login/").status_code == 403
