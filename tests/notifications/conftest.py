"""Fixtures for the notifications' tests: the clubs' and events' ones, people with a
verified e-mail address, and the mail sent."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.test import Client
from django.urls import reverse

from clubs.models import Club, JoinRequest
from tests.notifications.push_service import PushService
from tests.tournaments.conftest import (  # noqa: F401  (shared fixtures)
    ann,
    bob,
    club,
    make_event,
    members,
    presets,
    scat,
    staff,
)


def verified(user: Any, address: str | None = None) -> str:
    """Give `user` a verified primary address (as allauth keeps them); return it."""
    address = address or f"{user.username}@example.com"
    EmailAddress.objects.create(user=user, email=address, verified=True, primary=True)
    return address


@pytest.fixture
def mailable(members: list[Any]) -> list[Any]:  # noqa: F811
    """The members p1..p7, each with a verified address pN@example.com."""
    for member in members:
        verified(member)
    return members


@pytest.fixture(autouse=True)
def _site_url(settings: Any) -> None:
    settings.SITE_URL = "https://31.example.org"


from tests.tournaments.test_knockout import field, quick  # noqa: E402, F401  (shared fixtures)


def accept_request(organizer: Any, joined: Club, asker: Any) -> Any:
    """`organizer`, reading an English page, accepts `asker`'s request to join `joined`:
    the notification (and its mail) is written in the asker's language, not theirs."""
    join_request = JoinRequest.objects.create(club=joined, user=asker)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(organizer)
    return client.post(
        reverse("clubs:answer_request", args=[joined.slug, join_request.pk]),
        {"action": "accept"},
        follow=True,
    )


@pytest.fixture
def push_service(settings: Any) -> Iterator[PushService]:
    """A push service on this machine (tests/notifications/push_service.py), and the
    site's VAPID key for the test."""
    settings.THIRTYONE_PUSH_ALLOW_INSECURE = True  # the stand-in speaks plain HTTP, locally
    settings.VAPID_PRIVATE_KEY = (
        ec.generate_private_key(ec.SECP256R1())
        .private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
        .decode()
    )
    settings.VAPID_CONTACT = "mailto:push@club.example"
    service = PushService()
    yield service
    service.close()
