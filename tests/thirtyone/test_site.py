"""The site layout and the ASGI application."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.staticfiles import finders
from django.test import Client

from accounts.models import User
from thirtyone.asgi import application

pytestmark = pytest.mark.django_db


def test_the_lobby_page_uses_the_site_layout(client: Client) -> None:
    response = client.get("/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "Tables will appear here" in page
    assert "Log in" in page
    assert "Sign up" in page
    assert "/static/django_htmx/htmx-2.min.js" in page
    assert "/static/django_htmx/ext/hx-ws-2.min.js" in page
    assert "/static/css/site.css" in page


def test_htmx_requests_carry_the_csrf_token_from_the_body(client: Client) -> None:
    page = client.get("/").content.decode()

    token = client.cookies["csrftoken"].value
    assert token
    assert 'hx-headers=\'{"X-CSRFToken": "' in page


def test_a_logged_in_player_sees_profile_and_log_out(client: Client) -> None:
    client.force_login(User.objects.create_user("carol", password="x"))

    page = client.get("/").content.decode()

    assert "Profile" in page
    assert "Log out" in page
    assert "Log in" not in page


def test_the_log_in_page_is_styled_by_the_site_layout(client: Client) -> None:
    page = client.get("/accounts/login/").content.decode()

    assert 'class="page page--narrow auth"' in page
    assert "Thirty-One" in page


def test_the_stylesheet_and_icon_are_static_files() -> None:
    assert finders.find("css/site.css")
    assert finders.find("img/favicon.svg")


def test_favicon_ico_is_sent_to_the_svg_icon_for_good(client: Client) -> None:
    response = client.get("/favicon.ico")

    assert response.status_code == 301
    assert response["Location"] == "/static/img/favicon.svg"
    assert finders.find(response["Location"].removeprefix("/static/"))


def test_a_websocket_from_another_site_is_refused() -> None:
    communicator = WebsocketCommunicator(
        application, "/ws/anything/", headers=[(b"origin", b"https://evil.example")]
    )

    connected, _ = async_to_sync(communicator.connect)()

    assert connected is False
