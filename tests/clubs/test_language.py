"""The club pages and the clubs' refusals in the reader's language (docs/i18n.md): a
German browser reads the club's page in German, and a refusal is worded in the language
of the person who asked."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from clubs import services
from clubs.models import Club, JoinRequest, Membership

pytestmark = pytest.mark.django_db


def test_an_organizer_reads_the_club_page_in_german(
    club: Club, ann: Any, bob: Any, cat: Any, member_of: Any
) -> None:
    member_of(bob)
    JoinRequest.objects.create(club=club, user=cat)
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    client.force_login(ann)
    page = client.get(club.get_absolute_url()).content.decode()
    for german in (
        "2 Mitglieder",
        "Du bist Inhaber",
        "Spieler fragen an; die Turnierleitung nimmt an",
        "Beitrittsanfragen",
        "Einladungslink",
        "Club-Einstellungen",
        "Zeitzone",
    ):
        assert german in page
    for english in ("Members", "Asking to join", "Invite link", "Club settings", "Who may join"):
        assert english not in page


def test_a_refusal_is_worded_in_the_language_of_who_asked(
    club: Club, bob: Any, member_of: Any
) -> None:
    member_of(bob)
    with translation.override("fr"), pytest.raises(services.NotAllowed) as refused:
        services.new_invite_link(by=bob, club=club)
    assert refused.value.message == (
        "Seuls les organisateurs de Kitchen Club peuvent créer un nouveau lien d’invitation."
    )
    with translation.override("da"), pytest.raises(services.ServiceError) as refused:
        services.leave(by=Membership.objects.get(role=Membership.OWNER).user, club=club)
    assert refused.value.message.startswith("Du er den eneste ejer af Kitchen Club")


def test_a_message_after_an_action_is_in_the_readers_language(club: Club, bob: Any) -> None:
    Club.objects.filter(pk=club.pk).update(join_policy=Club.OPEN)
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    client.force_login(bob)
    page = client.post(reverse("clubs:join", args=[club.slug]), follow=True).content.decode()
    assert "Bienvenue à Kitchen Club\u00a0: vous êtes membre." in page  # a no-break space
