"""Every kind of notification in Danish, German and French: made through its real source
for a reader of each language (tests/i18n/notification_samples.py), its text in their
list of notifications, its pop-up and its e-mail hold no English beyond proper names and
addresses (tests/i18n/english_left.py, the pages' detector). A kind with no sample fails:
a new kind adds one."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation

from notifications import kinds, letters
from notifications.models import Notification
from tests.games.conftest import staff  # noqa: F401  (a moderator, for fair play's kinds)
from tests.i18n.english_left import english_in, page_text
from tests.i18n.notification_samples import NAMES, SAMPLES
from tests.notifications.conftest import (  # noqa: F401  (shared fixtures)
    ann,
    bob,
    club,
    field,
    make_event,
    members,
    presets,
    quick,
    scat,
)

pytestmark = pytest.mark.django_db

LANGUAGES = ("da", "de", "fr")
URL = re.compile(r"https?://\S+")
KINDS = [kind.name for kind in kinds.all_kinds()]


def test_every_kind_of_notification_has_a_sample() -> None:
    missing = sorted({kind.name for kind in kinds.all_kinds()} - set(SAMPLES))
    assert not missing, f"add a sample of {missing} to tests/i18n/notification_samples.py"


def _read(notification: Notification, language: str) -> dict[str, str]:
    """What the reader reads of `notification`: its row in their list, its pop-up, its
    e-mail (subject and body; the links taken out)."""
    client = Client()
    client.force_login(notification.user)
    listed = client.get(reverse("notifications:list"))
    assert listed.status_code == 200
    html = listed.content.decode()
    assert notification.text in html or notification.text.replace("'", "&#x27;") in html
    lang, listed_text = page_text(html, language)
    assert lang == language
    with translation.override(language):
        popup = render_to_string("notifications/_popups.html", {"popups": [notification]})
    message = letters.letter(notification, "reader@example.com")
    assert message.extra_headers["Content-Language"] == language
    return {
        "list": listed_text,
        "pop-up": page_text(popup, language)[1],
        "e-mail": URL.sub(" ", f"{message.subject}\n{message.body}"),
    }


@pytest.mark.parametrize("kind", KINDS)
def test_a_notification_and_its_mail_are_in_their_readers_language(
    kind: str, request: pytest.FixtureRequest
) -> None:
    samples = SAMPLES.get(kind)
    if not samples:
        pytest.fail(f"no sample of {kind!r}: add one to tests/i18n/notification_samples.py")
    found: dict[str, list[str]] = {}
    for number, sample in enumerate(samples):
        made = sample(request)
        reader: Any = made.reader
        for language in LANGUAGES:
            reader.language = language
            reader.save(update_fields=["language"])
            # Older ones were worded in the language they were made in: only this one.
            Notification.objects.filter(user=reader).delete()
            made.again()
            notification = Notification.objects.get(user=reader, kind=kind)
            for where, text in _read(notification, language).items():
                if english := english_in(text, language, (*NAMES, reader.get_username())):
                    found[f"{kind} #{number} {language} {where}"] = english
    assert not found, found
