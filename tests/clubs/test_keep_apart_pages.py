"""A club's keep-apart pairs (docs/clubs.md#keep-apart-pairs): the organizers' page lists,
adds and, after asking, removes them with plain forms and a message each time; a pair
with a non-member, a person with themselves or a pair twice (either order) is a
sentence that writes nothing; members never see the list."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from clubs import services
from clubs.models import Club, KeepApart, Membership

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client: Client, ann: Any) -> Client:
    client.force_login(ann)
    return client


def page(club: Club) -> str:
    return reverse("clubs:keep_apart", args=[club.slug])


def add(client: Client, club: Club, first: Any, second: Any, note: str = "") -> Any:
    data = {"first": getattr(first, "pk", first), "second": getattr(second, "pk", second)}
    return client.post(page(club), {**data, "note": note}, follow=True)


def test_an_organizer_adds_a_pair_and_sees_it_listed(
    organizer: Client, club: Club, ann: Any, bob: Any, member_of: Any
) -> None:
    member_of(bob)
    answer = add(organizer, club, bob, ann, "a household")
    assert "ann and bob are kept apart in the club&#x27;s events." in answer.text
    pair = KeepApart.objects.get()
    # Stored in one order, the smaller id first.
    assert (pair.first_id, pair.second_id) == tuple(sorted((ann.pk, bob.pk)))
    assert pair.note == "a household" and pair.created_by == ann
    listed = organizer.get(page(club)).text
    assert "ann and bob" in listed and "a household" in listed
    # The club's page links to it for organizers.
    assert page(club) in organizer.get(club.get_absolute_url()).text


@pytest.mark.parametrize("case", ["non-member", "themselves", "twice", "reversed", "unknown"])
def test_bad_pairs_are_refused_with_a_sentence_and_write_nothing(
    organizer: Client, club: Club, ann: Any, bob: Any, cat: Any, member_of: Any, case: str
) -> None:
    member_of(bob)
    services.add_keep_apart(by=ann, club=club, first=ann, second=bob)
    first, second, said = {
        "non-member": (ann, cat, "cat is not a member of Kitchen Club."),
        "themselves": (bob, bob, "Choose two different people: nobody is kept apart"),
        "twice": (ann, bob, "ann and bob are already kept apart."),
        "reversed": (bob, ann, "ann and bob are already kept apart."),
        "unknown": ("junk", bob, "Choose two people to keep apart."),
    }[case]
    answer = add(organizer, club, first, second)
    assert said in answer.text
    assert KeepApart.objects.count() == 1


def test_removing_asks_first_then_removes(
    organizer: Client, club: Club, ann: Any, bob: Any, member_of: Any
) -> None:
    member_of(bob)
    pair = services.add_keep_apart(by=ann, club=club, first=ann, second=bob)
    remove = reverse("clubs:remove_keep_apart", args=[club.slug, pair.pk])
    asked = organizer.get(remove)
    assert asked.status_code == 200 and "Yes, remove the pair" in asked.text
    assert KeepApart.objects.count() == 1  # a GET asks, it removes nothing
    answer = organizer.post(remove, follow=True)
    assert "ann and bob are no longer kept apart." in answer.text
    assert not KeepApart.objects.exists()


def test_members_and_strangers_never_see_the_list(
    client: Client, club: Club, ann: Any, bob: Any, cat: Any, member_of: Any
) -> None:
    member_of(bob)
    pair = services.add_keep_apart(by=ann, club=club, first=ann, second=bob, note="partners")
    for who in (bob, cat):
        client.force_login(who)
        listed = client.get(page(club))
        assert listed.status_code == 403 and "partners" not in listed.text
        assert add(client, club, ann, cat).status_code == 403
        removed = client.post(reverse("clubs:remove_keep_apart", args=[club.slug, pair.pk]))
        assert removed.status_code == 403
        assert "partners" not in client.get(club.get_absolute_url()).text
    assert KeepApart.objects.count() == 1
    with pytest.raises(services.NotAllowed):
        services.add_keep_apart(by=bob, club=club, first=ann, second=bob)


def test_a_pair_of_a_member_who_left_says_so(
    organizer: Client, club: Club, ann: Any, bob: Any, member_of: Any
) -> None:
    member_of(bob)
    services.add_keep_apart(by=ann, club=club, first=ann, second=bob)
    Membership.objects.filter(user=bob).delete()
    assert "no longer a member" in organizer.get(page(club)).text
