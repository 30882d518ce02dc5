"""Members by CSV (docs/clubs.md#members-by-csv): the organizers' download (no e-mail
addresses), the import's preview sorting every row and writing nothing, files refused
whole with a sentence, "Send invitations" making one-time links mailed at the site's
address, and a link that works once."""

from __future__ import annotations

import csv
import io
from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs import tasks
from clubs.models import Club, ClubInvitation, Membership
from tests.clubs.conftest import counts

pytestmark = pytest.mark.django_db

SITE = "https://31.example.org"


@pytest.fixture(autouse=True)
def _site_url(settings: Any) -> None:
    settings.SITE_URL = SITE


@pytest.fixture
def organizer(client: Client, ann: Any) -> Client:
    client.force_login(ann)
    return client


def upload(client: Client, club: Club, content: bytes) -> Any:
    url = reverse("clubs:import_members", args=[club.slug])
    return client.post(url, {"file": SimpleUploadedFile("m.csv", content, "text/csv")})


def everything() -> dict[str, int]:
    return {**counts(), "ClubInvitation": ClubInvitation.objects.count()}


def test_the_download_lists_members_without_e_mail(
    organizer: Client, club: Club, bob: Any, member_of: Any
) -> None:
    bob.first_name, bob.last_name, bob.email = "Bob", "Baker", "bob@example.org"
    bob.save()
    member_of(bob, Membership.ORGANIZER)
    answer = organizer.get(reverse("clubs:members_csv", args=[club.slug]))
    assert answer["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(answer.content.decode())))
    assert rows[0] == ["name", "username", "role", "joined"]
    assert [r[:3] for r in rows[1:]] == [["", "ann", "Owner"], ["Bob Baker", "bob", "Organizer"]]
    assert len(rows[1][3]) == 10  # an ISO date
    assert b"bob@example.org" not in answer.content


def test_a_member_may_not_download_the_members(
    client: Client, club: Club, bob: Any, member_of: Any
) -> None:
    member_of(bob)
    client.force_login(bob)
    answer = client.get(reverse("clubs:members_csv", args=[club.slug]))
    assert answer.status_code == 403
    assert "Only the organizers of Kitchen Club can download the members." in answer.text


def test_the_preview_sorts_every_row_and_writes_nothing(
    organizer: Client, club: Club, bob: Any, cat: Any, member_of: Any
) -> None:
    bob.email = "Bob@Example.org"
    bob.save()
    cat.email = "cat@example.org"
    cat.save()
    member_of(bob)
    before = everything()
    content = (
        "\ufeffname,email\n"
        "Bob,bob@example.org\n"
        "Cat,CAT@example.org\n"
        "Dora,dora@example.org\n"
        "Dora again,dora@example.org\n"
        "Eve,not-an-address\n"
        ",finn@example.org\n"
    ).encode()
    answer = upload(organizer, club, content)
    assert answer.status_code == 200
    preview = answer.context["preview"]
    assert [r.line for r in preview.members] == [2]
    # An account on the site or none: the same bucket (whether one exists is not told).
    assert [r.email for r in preview.to_invite] == ["cat@example.org", "dora@example.org"]
    assert "&gt; — bob" not in answer.text  # the member's address is not matched to a name
    reasons = {r.line: r.problem for r in preview.bad}
    assert reasons == {
        5: "The same address as line 4.",
        6: "“not-an-address” is not an e-mail address.",
        7: "The name is empty.",
    }
    assert "Send 2 invitations" in answer.text
    assert everything() == before
    assert mail.outbox == []


@pytest.mark.parametrize(
    ("content", "sentence"),
    [
        ("name,email\nRenée,renee@example.org\n".encode("latin-1"), "The file is not in UTF-8"),
        (
            ("name,email\n" + "".join(f"P{i},p{i}@example.org\n" for i in range(10_000))).encode(),
            "The file has 10000 rows: at most 500 at a time.",
        ),
        (b"name,email\n" + b"x" * (1024 * 1024), "The file is larger than 1 MB"),
        (b"who,where\nA,a@example.org\n", "The first line must be the header name,email."),
    ],
)
def test_a_file_that_cannot_be_read_is_refused_whole(
    organizer: Client, club: Club, content: bytes, sentence: str
) -> None:
    before = everything()
    answer = upload(organizer, club, content)
    assert answer.status_code == 400
    assert sentence in answer.text
    assert "preview" not in answer.context
    assert everything() == before
    assert mail.outbox == []


def send(client: Client, club: Club, signed: str) -> Any:
    url = reverse("clubs:send_invitations", args=[club.slug])
    return client.post(url, {"rows": signed}, follow=True)


def test_sending_makes_invitations_and_mails_links_at_the_site_address(
    organizer: Client, club: Club, ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    answer = upload(organizer, club, b"name,email\nDora,dora@example.org\nEd,ed@example.org\n")
    with django_capture_on_commit_callbacks(execute=True):
        sent = send(organizer, club, answer.context["signed"])
    assert "2 invitations sent." in sent.text
    invitations = list(ClubInvitation.objects.order_by("email"))
    assert [(i.email, i.name, i.created_by) for i in invitations] == [
        ("dora@example.org", "Dora", ann),
        ("ed@example.org", "Ed", ann),
    ]
    assert len({i.token for i in invitations}) == 2
    assert sorted(m.to[0] for m in mail.outbox) == ["dora@example.org", "ed@example.org"]
    for message in mail.outbox:
        invitation = next(i for i in invitations if i.email == message.to[0])
        assert f"{SITE}/clubs/{club.slug}/invitation/{invitation.token}/" in message.body
    # The same preview again invites no one twice.
    again = send(organizer, club, answer.context["signed"])
    assert "There is no one left to invite in this file." in again.text
    assert ClubInvitation.objects.count() == 2


def test_a_changed_preview_is_refused(organizer: Client, club: Club) -> None:
    answer = upload(organizer, club, b"name,email\nDora,dora@example.org\n")
    sent = send(organizer, club, answer.context["signed"] + "x")
    assert "This preview is too old or was changed: upload the file again." in sent.text
    assert ClubInvitation.objects.count() == 0


def test_an_invitation_joins_once(club: Club, ann: Any, bob: Any, cat: Any, client: Client) -> None:
    invitation = ClubInvitation.objects.create(
        club=club, email="b@example.org", name="B", created_by=ann
    )
    url = reverse("clubs:invitation", args=[club.slug, invitation.token])
    assert client.get(url).status_code == 302  # to the log-in first
    client.force_login(bob)
    assert "Join Kitchen Club" in client.get(url).text
    joined = client.post(url, follow=True)
    assert "Welcome to Kitchen Club: you are a member." in joined.text
    assert Membership.objects.filter(club=club, user=bob, role=Membership.MEMBER).exists()
    invitation.refresh_from_db()
    assert invitation.used_at is not None

    client.force_login(cat)
    used = client.post(url)
    assert used.status_code == 409
    assert "This invitation link to Kitchen Club has been used already: it works once." in used.text
    assert not Membership.objects.filter(club=club, user=cat).exists()


def test_an_unknown_invitation_is_refused(club: Club, bob: Any, client: Client) -> None:
    client.force_login(bob)
    answer = client.post(reverse("clubs:invitation", args=[club.slug, "no-such-token"]))
    assert "This invitation link to Kitchen Club is not known" in answer.text
    assert not Membership.objects.filter(club=club, user=bob).exists()


def test_the_club_page_links_both_ways_for_organizers(organizer: Client, club: Club) -> None:
    page = organizer.get(club.get_absolute_url()).text
    assert reverse("clubs:members_csv", args=[club.slug]) in page
    assert reverse("clubs:import_members", args=[club.slug]) in page


def test_invitations_are_purged_a_month_after_they_were_sent(club: Club, ann: Any) -> None:
    old = ClubInvitation.objects.create(club=club, email="old@example.org", name="Old", token="a")
    new = ClubInvitation.objects.create(club=club, email="new@example.org", name="New", token="b")
    sent = timezone.now() - timedelta(days=tasks.INVITATION_DAYS, seconds=1)
    ClubInvitation.objects.filter(pk=old.pk).update(created_at=sent)
    assert tasks.purge_invitations() == 1
    assert tasks.purge_invitations() == 0  # twice: nothing more
    assert list(ClubInvitation.objects.values_list("pk", flat=True)) == [new.pk]
