"""A club's time zone (clubs.zones): taken from the founder's browser through a hidden
field, checked against the tz database, changed in the club's settings, and the zone
lists the forms offer."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from clubs import services, zones
from clubs.models import Club
from tests.clubs.conftest import counts

pytestmark = pytest.mark.django_db


def new_club(client: Client, **data: str) -> Any:
    return client.post(reverse("clubs:list"), {"name": "Den", "join_policy": "open", **data})


def test_a_club_takes_the_time_zone_its_founders_browser_wrote(client: Client, ann: Any) -> None:
    client.force_login(ann)

    page = client.get(reverse("clubs:list")).content.decode()
    response = new_club(client, time_zone="Europe/Copenhagen")

    assert '<input type="hidden" name="time_zone"' in page and "data-browser-zone" in page
    assert response.status_code == 302
    assert Club.objects.get(slug="den").time_zone == "Europe/Copenhagen"


def test_without_javascript_a_new_club_is_on_utc(client: Client, ann: Any) -> None:
    client.force_login(ann)

    new_club(client)  # the hidden field left blank: nothing filled it

    assert Club.objects.get(slug="den").time_zone == "UTC"


def test_a_zone_that_is_not_one_is_refused_with_a_message(
    client: Client, club: Club, ann: Any
) -> None:
    client.force_login(ann)
    before = counts()

    response = new_club(client, time_zone="Mars/Olympus_Mons")

    assert response.status_code == 400
    message = "\u201cMars/Olympus_Mons\u201d is not a time zone this site knows"
    assert message in response.content.decode()  # shown, though its field is hidden
    assert counts() == before


def test_an_organizer_changes_the_clubs_zone_and_a_bad_one_is_refused(
    client: Client, club: Club, ann: Any
) -> None:
    client.force_login(ann)
    edit = reverse("clubs:edit", args=[club.slug])
    fields = {"name": club.name, "join_policy": club.join_policy}

    page = client.get(club.get_absolute_url()).content.decode()
    client.post(edit, {**fields, "time_zone": "America/Chicago"})
    refused = client.post(edit, {**fields, "time_zone": "Nowhere/Town"})
    club.refresh_from_db()

    assert '<select name="time_zone"' in page
    assert club.time_zone == "America/Chicago"
    assert refused.status_code == 400
    assert refused.context["club_form"].errors["time_zone"]


def test_an_edit_posted_without_a_zone_leaves_it(club: Club, ann: Any) -> None:
    services.update_club(by=ann, club=club, name="Kitchen", description="", join_policy="open")
    services.update_club(
        by=ann,
        club=club,
        name="Kitchen",
        description="",
        join_policy="open",
        time_zone="Asia/Tokyo",
    )
    services.update_club(by=ann, club=club, name="Kitchen 2", description="", join_policy="open")

    club.refresh_from_db()
    assert club.time_zone == "Asia/Tokyo"


def test_the_zone_choices_start_with_the_clubs_then_the_common_then_all() -> None:
    choices = zones.choices("Asia/Tokyo")

    first, (common_title, common), (all_title, others) = choices
    assert first == ("Asia/Tokyo", "Asia/Tokyo (the club's)")
    assert common_title == "Common" and all_title == "All zones"
    assert [value for value, _ in common] == list(zones.COMMON)
    values = [first[0]] + [value for value, _ in common + others]
    assert len(values) == len(set(values)) == len(zones.all_zones())  # each zone once
    assert [value for value, _ in others] == sorted(value for value, _ in others)


def test_the_clubs_own_zone_is_not_offered_twice_among_the_common() -> None:
    first, (_, common), _ = zones.choices("Europe/Paris")

    assert first[0] == "Europe/Paris"
    assert "Europe/Paris" not in [value for value, _ in common]


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Europe/Copenhagen", "CET"),
        ("America/New_York", "EST"),
        ("UTC", "UTC"),
        ("Asia/Dubai", "Asia/Dubai"),  # the database has only "+04" for it
        ("Not/A_Zone", "UTC"),  # a stored name the database lost: shown in UTC
    ],
)
def test_a_local_time_names_its_zone(name: str, shown: str) -> None:
    here = zones.local(datetime(2026, 1, 15, 18, 30, tzinfo=UTC), name)

    assert zones.abbreviation(here) == shown
