"""Event times on the club's clock with JavaScript off (clubs.zones, the club_time tag):
an event at 19:30 in Copenhagen reads 19:30 on every page that shows it, its zone
named, with the moment itself in the <time datetime> for static/js/local-time.js."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse

from clubs import zones
from clubs.models import Club
from tests.tournaments.test_pages import good_data
from tournaments import services
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db

# 19:30 in Copenhagen on a winter Friday (CET, UTC+1) and a summer one (CEST, UTC+2).
WINTER = datetime(2031, 3, 7, 18, 30, tzinfo=UTC)
SUMMER = datetime(2031, 6, 6, 17, 30, tzinfo=UTC)


@pytest.fixture
def copenhagen(club: Club) -> Club:
    club.time_zone = "Europe/Copenhagen"
    club.save(update_fields=["time_zone"])
    return club


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def times(page: str) -> list[tuple[str, str]]:
    """Each <time data-local>'s datetime attribute and text."""
    return re.findall(r'<time datetime="([^"]+)" data-local>([^<]*)</time>', page)


@pytest.mark.parametrize(
    ("starts_at", "shown"),
    [(WINTER, "Fri 7 Mar 2031, 19:30 CET"), (SUMMER, "Fri 6 Jun 2031, 19:30 CEST")],
)
def test_an_event_at_half_past_seven_in_copenhagen_reads_so_on_every_page(
    copenhagen: Club, make_event: Any, ann: Any, starts_at: datetime, shown: str
) -> None:
    event = make_event(name="Friday Swiss", starts_at=starts_at)
    iso = starts_at.isoformat()
    pages = {
        "list": Client().get(reverse("tournaments:list")),
        "event": Client().get(event.get_absolute_url()),
        "club": Client().get(copenhagen.get_absolute_url()),
        "invite": logged_in(ann).get(
            reverse("tournaments:join", args=[event.pk, event.invite_token])
        ),
    }

    for name, response in pages.items():
        assert response.status_code == 200, name
        assert (iso, shown) in times(response.content.decode()), name


def test_a_scheduled_round_and_the_schedule_form_read_on_the_clubs_clock(
    copenhagen: Club, make_event: Any, members: list, ann: Any
) -> None:
    event = make_event(advance=Event.MANUAL)
    for player in members[:4]:
        services.register(event=event, user=player)
    services.start_event(event=event, by=ann)
    round_ = event.round_set.get()
    client = logged_in(ann)
    url = reverse("tournaments:manage", args=[event.pk])

    response = client.post(
        url,
        {
            "action": "schedule",
            "round": round_.pk,
            "start_at": "2031-03-07T20:15",
            "time_zone": "Europe/Copenhagen",
        },
    )
    said = [str(m) for m in get_messages(response.wsgi_request)]
    page = client.get(url).content.decode()

    assert Round.objects.get(pk=round_.pk).start_at == datetime(2031, 3, 7, 19, 15, tzinfo=UTC)
    assert said == ["Round 1 starts by itself at 2031-03-07 20:15 CET."]
    assert ("2031-03-07T19:15:00+00:00", "Fri 7 Mar 2031, 20:15 CET") in times(page)
    assert 'value="2031-03-07T20:15"' in page  # the form again, on the club's clock
    assert re.search(r'<option value="Europe/Copenhagen" selected>', page)


def test_the_create_forms_zone_select_starts_with_the_club_then_common_then_all(
    copenhagen: Club, ann: Any
) -> None:
    page = logged_in(ann).get(reverse("tournaments:create", args=[copenhagen.slug]))
    select = re.search(r'<select name="time_zone".*?</select>', page.content.decode(), re.S)
    assert select is not None
    html = select.group(0)

    values = re.findall(r'<option value="([^"]+)"', html)
    groups = re.findall(r'<optgroup label="([^"]+)">', html)
    assert values[0] == "Europe/Copenhagen"
    assert '<option value="Europe/Copenhagen" selected>' in html
    assert groups == ["Common", "All zones"]
    common = [zone for zone in zones.COMMON if zone != "Europe/Copenhagen"]
    assert values[1 : 1 + len(common)] == common
    assert html.index('label="Common"') < html.index('value="Europe/Berlin"')
    assert html.index('label="All zones"') < html.index('value="Asia/Tokyo"')
    assert len(values) == len(set(values)) == len(zones.all_zones())


def test_what_the_organizer_types_is_read_in_the_zone_chosen(
    copenhagen: Club, ann: Any, scat: Any
) -> None:
    client = logged_in(ann)
    url = reverse("tournaments:create", args=[copenhagen.slug])
    client.post(url, good_data(scat, name="Here", time_zone="Europe/Copenhagen"))
    client.post(url, good_data(scat, name="There", time_zone="America/New_York"))

    here, there = Event.objects.get(name="Here"), Event.objects.get(name="There")
    assert here.starts_at == datetime(2031, 3, 7, 18, 30, tzinfo=UTC)
    assert there.starts_at == datetime(2031, 3, 8, 0, 30, tzinfo=UTC)  # 19:30 EST
    page = Client().get(there.get_absolute_url()).content.decode()
    # Shown on the club's clock (Copenhagen), whatever zone it was typed in.
    assert ("2031-03-08T00:30:00+00:00", "Sat 8 Mar 2031, 01:30 CET") in times(page)
