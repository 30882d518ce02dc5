"""An e-mail in Danish, German and French: a notification's mail, written by the worker
in its reader's language while the organizer who caused it reads English, holds no
English beyond names and addresses (tests/i18n/english_left.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail

from clubs.models import Club, Membership
from tests.games.conftest import ann  # noqa: F401  (shared fixture)
from tests.i18n.english_left import english_in
from tests.notifications.conftest import accept_request, verified

pytestmark = pytest.mark.django_db

URL = re.compile(r"https?://\S+")


def test_a_notifications_mail_is_in_its_readers_language(
    ann: Any,  # noqa: F811
    django_user_model: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    club = Club.objects.create(name="Night Owls", slug="owls", join_policy=Club.REQUEST)
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    found = {}
    for language in ("da", "de", "fr"):
        reader = django_user_model.objects.create_user(f"reader-{language}", language=language)
        address = verified(reader)
        with django_capture_on_commit_callbacks(execute=True):
            accept_request(ann, club, reader)
        (message,) = [m for m in mail.outbox if m.to == [address]]
        assert message.extra_headers["Content-Language"] == language
        text = URL.sub(" ", f"{message.subject}\n{message.body}")
        if english := english_in(text, language, ("Night Owls",)):
            found[language] = english
    assert not found, found
