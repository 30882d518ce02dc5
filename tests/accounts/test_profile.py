import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import User
from accounts.stats import player_summary

pytestmark = pytest.mark.django_db


@pytest.fixture
def alice() -> User:
    return User.objects.create_user(
        "alice", email="alice@example.com", password="x", first_name="Alice", last_name="Ace"
    )


def test_it_shows_a_players_name_date_joined_and_games(client: Client, alice: User) -> None:
    response = client.get(reverse("profile", args=["alice"]))

    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>alice</h1>" in page
    assert "Alice Ace" in page
    assert alice.date_joined.strftime("%Y") in page
    assert "No games yet" in page


def test_it_does_not_show_the_email_address(client: Client, alice: User) -> None:
    page = client.get(reverse("profile", args=["alice"])).content.decode()

    assert "alice@example.com" not in page
    assert "Change password" not in page


def test_it_shows_your_own_profile_with_account_links(client: Client, alice: User) -> None:
    client.force_login(alice)

    page = client.get(reverse("my_profile")).content.decode()

    assert "<h1>alice</h1>" in page
    assert reverse("account_change_password") in page


def test_it_sends_a_visitor_to_log_in_for_their_own_profile(client: Client) -> None:
    response = client.get(reverse("my_profile"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))


def test_it_answers_404_for_an_unknown_player(client: Client) -> None:
    assert client.get(reverse("profile", args=["nobody"])).status_code == 404


def test_a_new_player_has_no_games(alice: User) -> None:
    # What the summary holds once there are games: tests/accounts/test_profile_games.py.
    assert player_summary(alice)["games"] == []
