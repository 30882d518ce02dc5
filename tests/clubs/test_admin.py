"""The clubs admin: pages load, and its forms refuse what the services refuse."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs import services
from clubs.models import Club, ClubRuleSet, JoinRequest, Membership
from games.models import RuleSet
from tournaments import services as tournaments

pytestmark = pytest.mark.django_db


@pytest.fixture
def boss(django_user_model: Any) -> Any:
    return django_user_model.objects.create_superuser("boss", password="cards-on-the-table")


@pytest.fixture
def admin_client(client: Client, boss: Any) -> Client:
    client.force_login(boss)
    return client


def inline(prefix: str, rows: list[dict[str, Any]], initial: int = 0) -> dict[str, Any]:
    """An inline formset as the admin posts it."""
    data: dict[str, Any] = {
        f"{prefix}-TOTAL_FORMS": str(len(rows)),
        f"{prefix}-INITIAL_FORMS": str(initial),
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }
    for n, row in enumerate(rows):
        data |= {f"{prefix}-{n}-{name}": value for name, value in row.items()}
    return data


def club_data(
    memberships: list[dict[str, Any]], rule_sets: list[dict[str, Any]] = (), **kw: Any
) -> dict[str, Any]:
    return {
        "name": "Den",
        "slug": "den",
        "description": "",
        "join_policy": "open",
        **inline("memberships", memberships, kw.get("members_initial", 0)),
        **inline("rule_sets", list(rule_sets), kw.get("rules_initial", 0)),
    }


def errors_of(response: Any) -> list[str]:
    return [
        str(error)
        for formset in response.context["inline_admin_formsets"]
        for error in formset.formset.non_form_errors()
    ]


def test_the_admin_pages_load(admin_client: Client, club: Club, bob: Any, member_of: Any) -> None:
    services.join(by=bob, club=club)

    pages = [
        reverse("admin:clubs_club_changelist"),
        reverse("admin:clubs_club_changelist") + "?q=kitchen",
        reverse("admin:clubs_club_add"),
        reverse("admin:clubs_club_change", args=[club.pk]),
        reverse("admin:clubs_joinrequest_changelist"),
    ]

    for page in pages:
        response = admin_client.get(page)
        assert response.status_code == 200, page
    listed = admin_client.get(reverse("admin:clubs_club_changelist")).content.decode()
    assert "Kitchen Club" in listed


def test_a_club_without_an_owner_is_refused(admin_client: Client, bob: Any) -> None:
    response = admin_client.post(
        reverse("admin:clubs_club_add"), club_data([{"user": bob.pk, "role": "member"}])
    )

    assert response.status_code == 200
    assert errors_of(response) == [
        "A club needs at least one owner: make someone the owner before you save."
    ]
    assert not Club.objects.filter(slug="den").exists()


def test_a_club_with_an_owner_is_saved(admin_client: Client, bob: Any) -> None:
    response = admin_client.post(
        reverse("admin:clubs_club_add"), club_data([{"user": bob.pk, "role": "owner"}])
    )

    assert response.status_code == 302
    assert Membership.objects.get(club__slug="den").role == Membership.OWNER


def test_the_same_person_twice_or_a_role_off_the_list_is_refused(
    admin_client: Client, bob: Any
) -> None:
    twice = admin_client.post(
        reverse("admin:clubs_club_add"),
        club_data([{"user": bob.pk, "role": "owner"}, {"user": bob.pk, "role": "member"}]),
    )
    president = admin_client.post(
        reverse("admin:clubs_club_add"), club_data([{"user": bob.pk, "role": "president"}])
    )

    assert twice.status_code == president.status_code == 200
    assert errors_of(twice)  # "Please correct the duplicate data for club and user…"
    formset = president.context["inline_admin_formsets"][0].formset
    assert "role" in formset.errors[0]
    assert not Club.objects.filter(slug="den").exists()


def test_taking_away_the_last_owner_is_refused(admin_client: Client, club: Club, ann: Any) -> None:
    anns = Membership.objects.get(club=club, user=ann)
    data = club_data(
        [{"id": anns.pk, "club": club.pk, "user": ann.pk, "role": "member"}], members_initial=1
    ) | {"name": club.name, "slug": club.slug}

    response = admin_client.post(reverse("admin:clubs_club_change", args=[club.pk]), data)

    assert response.status_code == 200
    assert "A club needs at least one owner" in errors_of(response)[0]
    assert Membership.objects.get(pk=anns.pk).role == Membership.OWNER


def test_a_rule_set_an_event_plays_stays_on_the_list(
    admin_client: Client, club: Club, ann: Any, scat: RuleSet
) -> None:
    anns = Membership.objects.get(club=club, user=ann)
    entry = services.add_rule_set(by=ann, club=club, rule_set=scat)
    tournaments.create_event(
        club=club, by=ann, name="Swiss", rule_set=scat, starts_at=timezone.now() + timedelta(days=1)
    )
    data = club_data(
        [{"id": anns.pk, "club": club.pk, "user": ann.pk, "role": "owner"}],
        [{"id": entry.pk, "club": club.pk, "rule_set": scat.pk, "DELETE": "on"}],
        members_initial=1,
        rules_initial=1,
    ) | {"name": club.name, "slug": club.slug}

    response = admin_client.post(reverse("admin:clubs_club_change", args=[club.pk]), data)

    assert response.status_code == 200
    assert errors_of(response) == [
        "\u201cScat\u201d is the rules of the club's event \u201cSwiss\u201d, "
        "so it stays on the list."
    ]
    assert ClubRuleSet.objects.filter(pk=entry.pk).exists()


def test_staff_accept_join_requests_with_an_action(
    admin_client: Client, club: Club, bob: Any
) -> None:
    request = services.join(by=bob, club=club)

    response = admin_client.post(
        reverse("admin:clubs_joinrequest_changelist"),
        {"action": "accept", "_selected_action": [request.pk]},
        follow=True,
    )

    assert "1 request accepted." in response.content.decode()
    assert Membership.objects.get(club=club, user=bob).role == Membership.MEMBER
    assert not JoinRequest.objects.exists()
