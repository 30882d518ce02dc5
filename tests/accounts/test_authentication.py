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


def log_in(client: Client, username: str, password: str):
    return client.post(reverse("account_login"), {"login": username, "password": password})


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
    assert "Too many failed login attempts" in throttled.content.decode()

    # Even the right password is refused while the limit lasts.
    right_password = log_in(client, "alice", PASSWORD)
    assert "Too many failed login attempts" in right_password.content.decode()
    assert not is_logged_in_as(client, alice)


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
