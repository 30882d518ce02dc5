"""The links in a notification's e-mail are at the site's address (games.site,
docs/notifications.md#e-mail-an-outbox), not at the host the page that caused it was opened by: an
organizer on the laptop at http://127.0.0.1:8400/ accepts a request to join, and the
member's mail leads to the LAN address the room's phones open."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from clubs.models import Club, JoinRequest, Membership
from tests.notifications.conftest import verified

pytestmark = pytest.mark.django_db

SITE = "http://192.0.2.20:8400"


def test_a_mail_caused_at_loopback_links_to_the_site_address(
    settings: Any, ann: Any, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.SITE_URL = SITE
    owls = Club.objects.create(name="Night Owls", slug="owls", join_policy=Club.REQUEST)
    Membership.objects.create(club=owls, user=ann, role=Membership.OWNER)
    verified(bob)
    asked = JoinRequest.objects.create(club=owls, user=bob)
    laptop = Client(HTTP_HOST="127.0.0.1:8400")
    laptop.force_login(ann)

    with django_capture_on_commit_callbacks(execute=True):
        answer = laptop.post(
            reverse("clubs:answer_request", args=[owls.slug, asked.pk]), {"action": "accept"}
        )

    assert answer.status_code == 302
    (message,) = mail.outbox
    links = re.findall(r"https?://\S+", message.body)
    assert f"{SITE}{owls.get_absolute_url()}" in links  # the notification's own link
    assert f"{SITE}{reverse('notifications:preferences')}" in links
    assert len(links) >= 3 and all(link.startswith(f"{SITE}/") for link in links), links
    assert message.extra_headers["List-Unsubscribe"].startswith(f"<{SITE}/")
