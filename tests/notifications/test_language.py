"""Notifications in their recipient's language (docs/i18n.md, notifications.speaking): a
worker words each notification, its e-mail and its pop-up in the language of the person
told, whatever the language of the request that caused it. The text is stored as worded
then; the pages around it follow the reader's language."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from clubs.models import Club, Membership
from games.sockets import language_of_scope as page_language
from notifications import letters, speaking
from notifications.models import Notification
from tests.notifications.conftest import accept_request, verified

pytestmark = pytest.mark.django_db


@pytest.fixture
def owls(ann: Any) -> Club:
    club = Club.objects.create(name="Night Owls", slug="owls", join_policy=Club.REQUEST)
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    return club


def _accept(ann: Any, club: Club, asker: Any, capture: Any) -> Any:
    """ann, on an English page, accepts `asker`'s request to join."""
    with capture(execute=True):
        return accept_request(ann, club, asker)


def test_a_german_member_is_told_in_german_though_the_request_was_english(
    ann: Any, bob: Any, owls: Club, django_capture_on_commit_callbacks: Any
) -> None:
    bob.language = "de"
    bob.save(update_fields=["language"])
    address = verified(bob)

    page = _accept(ann, owls, bob, django_capture_on_commit_callbacks)

    # The organizer's own page stays in English ...
    assert "bob is a member now." in page.content.decode()
    # ... bob's notification is in German, and so is its e-mail, subject and body.
    told = Notification.objects.get(user=bob, kind="join_answered")
    assert told.text == "Night Owls hat dich als Mitglied aufgenommen"
    (message,) = mail.outbox
    assert message.to == [address]
    assert message.subject == "Night Owls hat dich als Mitglied aufgenommen"
    assert "Night Owls hat dich als Mitglied aufgenommen" in message.body
    assert (
        "Thirty-One hat dir das geschickt, weil E-Mails zu „Beitrittsanfrage beantwortet“ "
        "für dich eingeschaltet sind." in message.body
    )
    assert "Diese E-Mails abbestellen (ein Klick, ohne Anmeldung): https://" in message.body
    assert "told you this" not in message.body


def test_each_person_is_told_in_their_own_language(
    ann: Any, bob: Any, owls: Club, django_user_model: Any, django_capture_on_commit_callbacks: Any
) -> None:
    cy = django_user_model.objects.create_user("cy", language="fr")
    dan = django_user_model.objects.create_user("dan", language="da")
    eve = django_user_model.objects.create_user("eve")  # never chose: the site's default
    for person in (bob, cy, dan, eve):
        _accept(ann, owls, person, django_capture_on_commit_callbacks)
    texts = dict(Notification.objects.values_list("user__username", "text"))
    assert texts == {
        "bob": "Night Owls accepted you as a member",
        "cy": "Night Owls vous a accepté comme membre",
        "dan": "Night Owls har optaget dig som medlem",
        "eve": "Night Owls accepted you as a member",
    }


def test_the_list_is_shown_in_the_readers_language(
    ann: Any, bob: Any, owls: Club, django_capture_on_commit_callbacks: Any
) -> None:
    bob.language = "fr"
    bob.save(update_fields=["language"])
    _accept(ann, owls, bob, django_capture_on_commit_callbacks)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(bob)
    page = client.get(reverse("notifications:list")).content.decode()
    assert "Night Owls vous a accepté comme membre" in page
    assert "Tout marquer comme lu" in page and "Mark all read" not in page
    settings_page = client.get(reverse("notifications:preferences")).content.decode()
    assert "Réponse à une demande d’adhésion" in settings_page
    assert "Request to join answered" not in settings_page


def test_a_letter_is_worded_in_the_language_given_or_the_recipients(
    bob: Any,
) -> None:
    bob.language = "da"
    bob.save(update_fields=["language"])
    row = Notification.objects.create(user=bob, kind="join_answered", key="k", text="Hej")
    assert "Stop disse e-mails" in letters.letter(row, "bob@example.com").body
    assert "Stoppe" not in letters.letter(row, "bob@example.com", "de").body
    assert "Diese E-Mails abbestellen" in letters.letter(row, "bob@example.com", "de").body
    assert speaking.languages([bob.pk, 10**9]) == {bob.pk: "da", 10**9: "en"}


def test_the_calls_socket_speaks_the_language_of_the_page_that_opened_it(bob: Any) -> None:
    headers = [(b"accept-language", b"fr-FR,fr;q=0.9")]
    assert page_language({"user": bob, "headers": headers, "cookies": {}}) == "fr"
    assert (
        page_language({"user": bob, "headers": headers, "cookies": {"django_language": "da"}})
        == "da"
    )
    bob.language = "de"
    assert page_language({"user": bob, "headers": headers, "cookies": {}}) == "de"
    assert page_language({"user": None, "headers": [], "cookies": {}}) == "en"
