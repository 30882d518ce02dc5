"""A guest becomes a member (docs/clubs.md#a-guest-becomes-a-member): the organizer sends a
guest of a card evening a one-time invitation from the console; whoever accepts it joins
the club and takes the guest's places and results; a refusal is a sentence and writes
nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from accounts.models import User
from clubs.models import ClubInvitation, Membership
from tests.tournaments.cards.test_card_tables import phone, players, post_places, result_url
from tests.tournaments.test_guests import cards_swiss, four  # noqa: F401 (a fixture)
from tournaments import services
from tournaments.models import Entry, Round

pytestmark = pytest.mark.django_db

SITE = "https://31.example.org"


@pytest.fixture(autouse=True)
def _site_url(settings: Any) -> None:
    settings.SITE_URL = SITE


def played_evening(make_event: Any, four: list[Any], ann: Any) -> tuple[Any, Entry]:  # noqa: F811
    """A one-round card evening of three members and the guest Anna, recorded."""
    event = cards_swiss(make_event, four[:2], rounds=1)
    guest_entry = services.add_guest(event=event, by=ann, name="Anna")
    services.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    services.start_round(round_=round_, by=ann)
    table = round_.tables.get()
    members = [u for u in players(table) if not u.is_guest]
    post_places(members[0], table, [1, 2, 3])
    phone(members[1]).post(
        result_url(table), {"action": "confirm", "result": table.card_results.get().pk}
    )
    return event, guest_entry


def invite(client: Client, event: Any, entry: Entry, email: str) -> Any:
    url = reverse("tournaments:invite_guest", args=[event.pk, entry.pk])
    return client.post(url, {"email": email}, follow=True)


def test_an_invited_guest_joins_and_takes_their_results(
    make_event: Any,
    four: list[Any],  # noqa: F811
    ann: Any,
    club: Any,
    django_user_model: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    event, entry = played_evening(make_event, four, ann)
    places = [(s.pk, s.place) for s in entry.seats.all()]
    assert len(places) == 1 and places[0][1] in (1, 2, 3)
    guest = entry.user
    console = phone(ann).get(reverse("tournaments:manage", args=[event.pk])).content.decode()
    assert reverse("tournaments:invite_guest", args=[event.pk, entry.pk]) in console
    with django_capture_on_commit_callbacks(execute=True):
        page = invite(phone(ann), event, entry, "anna@example.org").content.decode()
    assert "An invitation to join" in page and "anna@example.org" in page
    invitation = ClubInvitation.objects.get()
    assert invitation.guest_id == guest.pk
    (letter,) = mail.outbox
    assert letter.to == ["anna@example.org"]
    assert f"{SITE}/clubs/{club.slug}/invitation/{invitation.token}/" in letter.body
    assert "as Anna (guest)" in letter.body
    # Anna signs up and opens the link.
    anna = django_user_model.objects.create_user("anna_lee", password="x-31-felt-table")
    url = reverse("clubs:invitation", args=[club.slug, invitation.token])
    asked = phone(anna).get(url).content.decode()
    assert "accepting it makes Anna (guest)'s places and results yours" in asked
    done = phone(anna).post(url, follow=True).content.decode()
    assert "you are a member" in done
    assert "Your results as Anna (guest) in 1 event are yours now" in done
    assert Membership.objects.filter(club=club, user=anna).exists()
    entry.refresh_from_db()
    assert entry.user_id == anna.pk
    # The seat and its place hang on the entry: they came along.
    assert [(s.pk, s.place) for s in entry.seats.all()] == places
    # The guest, left with nothing, is erased; the standings name Anna.
    guest.refresh_from_db()
    assert guest.deleted_number is not None and guest.username != "Anna (guest)"
    csv_text = phone(ann).get(reverse("tournaments:standings_csv", args=[event.pk])).content
    assert b"anna_lee" in csv_text and b"Anna (guest)" not in csv_text
    # The link worked once.
    again = phone(anna).post(url)
    assert again.status_code == 409


def test_a_member_who_played_beside_the_guest_keeps_the_guests_entry_apart(
    make_event: Any,
    four: list[Any],  # noqa: F811
    ann: Any,
    club: Any,
) -> None:
    event, entry = played_evening(make_event, four, ann)
    member = four[0]  # played at the same table, so has an entry of their own
    invite(phone(ann), event, entry, "m1@example.org")
    invitation = ClubInvitation.objects.get()
    url = reverse("clubs:invitation", args=[club.slug, invitation.token])
    assert "Take these results" in phone(member).get(url).content.decode()
    done = phone(member).post(url, follow=True).content.decode()
    assert "stay theirs where you played yourself" in done
    entry.refresh_from_db()
    assert entry.user.username == "Anna (guest)"  # one entry per player and event
    assert Membership.objects.filter(club=club, user=member).count() == 1


def test_a_new_invitation_replaces_the_open_one(
    make_event: Any,
    four: list[Any],  # noqa: F811
    ann: Any,
    club: Any,
) -> None:
    event, entry = played_evening(make_event, four, ann)
    invite(phone(ann), event, entry, "typo@example.org")
    first = ClubInvitation.objects.get()
    page = phone(ann).get(reverse("tournaments:invite_guest", args=[event.pk, entry.pk]))
    assert "typo@example.org" in page.content.decode()
    invite(phone(ann), event, entry, "anna@example.org")
    assert list(ClubInvitation.objects.values_list("email", flat=True)) == ["anna@example.org"]
    url = reverse("clubs:invitation", args=[club.slug, first.token])
    assert phone(four[0]).get(url).status_code == 409


def test_refusals_write_nothing(
    make_event: Any,
    four: list[Any],  # noqa: F811
    ann: Any,
) -> None:
    event, entry = played_evening(make_event, four, ann)
    page = invite(phone(ann), event, entry, "not an address").content.decode()
    assert "“not an address” is not an e-mail address." in page
    assert not ClubInvitation.objects.exists() and not mail.outbox
    # A player of the event is not its organizer.
    url = reverse("tournaments:invite_guest", args=[event.pk, entry.pk])
    assert phone(four[0]).post(url, {"email": "a@example.org"}).status_code == 403
    # A member's entry is not a guest's.
    member_entry = Entry.objects.get(event=event, user=four[0])
    url = reverse("tournaments:invite_guest", args=[event.pk, member_entry.pk])
    assert phone(ann).get(url).status_code == 404
    assert not ClubInvitation.objects.exists()
    assert User.objects.filter(is_guest=True, deleted_number__isnull=True).count() == 1
