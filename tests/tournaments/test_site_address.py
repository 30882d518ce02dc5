"""Every absolute link is at the site's address (games.site,
docs/profiles.md#the-sites-one-address), not at the host the page was opened by: an
organizer on the laptop at http://127.0.0.1:8400/ while the room's phones open
http://192.0.2.20:8400/ prints table cards whose codes and captions lead to the LAN
address (and the page says so), hands out invite links and calendar addresses at it, and
the projector tells the room where to join."""

from __future__ import annotations

import re
from typing import Any

import icalendar
import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Club
from tests.games.conftest import table  # noqa: F401  (shared fixture)
from tests.tournaments.test_printing import printed_cards, swiss
from tournaments import services
from tournaments.models import Event
from tournaments.room import qr
from tournaments.schedule import calendars

pytestmark = pytest.mark.django_db

SITE = "http://192.0.2.20:8400"
LAPTOP = "127.0.0.1:8400"  # what `make run` prints: the organizer's browser uses it
SAYS_SO = f"The codes lead to {SITE}/, the address players' phones open the site at"


@pytest.fixture(autouse=True)
def _on_a_lan(settings: Any) -> None:
    settings.SITE_URL = SITE
    settings.ALLOWED_HOSTS = ["127.0.0.1", "192.0.2.20", "testserver"]


def at_the_laptop(user: Any = None) -> Client:
    """A browser on the machine that runs the site, at its loopback address."""
    client = Client(HTTP_HOST=LAPTOP)
    if user is not None:
        client.force_login(user)
    return client


def test_table_cards_printed_at_loopback_lead_to_the_site_address_and_say_so(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = swiss(make_event, [ann, *members[:5]])
    first = services.start_event(event=event, by=ann)

    page = at_the_laptop(ann).get(f"/tournaments/{event.pk}/print/table-cards/1/")

    assert page.status_code == 200
    text = page.content.decode()
    cards = printed_cards(text)
    tables = {t.number: t for t in first.tables.all()}
    assert sorted(cards) == sorted(tables) and cards
    for number, card in cards.items():
        url = f"{SITE}/tables/{tables[number].table_id}/"
        assert card["url"] == url  # the caption
        assert qr.modules(card["svg"]) == qr.matrix(url)  # the code, read back
        assert qr.modules(card["svg"]) != qr.matrix(f"http://{LAPTOP}/tables/x/")
    assert LAPTOP not in text
    assert SAYS_SO in text


def test_table_cards_opened_at_the_site_address_say_nothing_of_it(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = swiss(make_event, [ann, *members[:5]])
    services.start_event(event=event, by=ann)
    client = Client(HTTP_HOST="192.0.2.20:8400")
    client.force_login(ann)

    text = client.get(f"/tournaments/{event.pk}/print/table-cards/1/").content.decode()

    assert printed_cards(text)
    assert "The codes lead to" not in text


def test_the_invite_links_are_at_the_site_address(
    make_event: Any,
    ann: Any,
    club: Club,
    table: Any,  # noqa: F811
) -> None:
    organizer = at_the_laptop(ann)
    event = make_event(entry=Event.INVITE)
    join = reverse("tournaments:join", args=[event.pk, event.invite_token])

    manage = organizer.get(reverse("tournaments:manage", args=[event.pk])).content.decode()
    club_page = organizer.get(club.get_absolute_url()).content.decode()
    table_page = organizer.get(table.get_absolute_url()).content.decode()

    assert f'id="invite-url" type="text" readonly value="{SITE}{join}"' in manage
    assert f'value="{SITE}{club.invite_url()}"' in club_page
    assert f'readonly value="{SITE}{table.invite_url()}"' in table_page
    for page in (manage, club_page, table_page):
        assert f"http://{LAPTOP}" not in page


def test_the_calendars_are_at_the_site_address(make_event: Any, ann: Any, club: Club) -> None:
    event = make_event()
    path = reverse("tournaments:club_calendar", args=[club.slug])
    visitor = at_the_laptop()

    club_page = visitor.get(club.get_absolute_url()).content.decode()
    assert f'href="webcal://192.0.2.20:8400{path}"' in club_page
    assert f'href="{SITE}{path}"' in club_page

    for feed in (path, reverse("tournaments:event_calendar", args=[event.pk])):
        (entry,) = icalendar.Calendar.from_ical(visitor.get(feed).content).walk("VEVENT")
        assert str(entry["URL"]) == f"{SITE}{event.get_absolute_url()}"
        assert f"{SITE}{event.get_absolute_url()}" in str(entry["DESCRIPTION"])

    me = at_the_laptop(ann)
    me.post(reverse("tournaments:my_calendar"), {"action": "make"})
    mine = calendars.feed_of(ann).get_absolute_url()
    shown = me.get(reverse("tournaments:my_calendar")).content.decode()
    assert f"{SITE}{mine}" in shown and f"webcal://192.0.2.20:8400{mine}" in shown
    assert LAPTOP not in shown


def test_the_projector_tells_the_room_where_to_join(make_event: Any) -> None:
    event = make_event()

    page = at_the_laptop().get(reverse("tournaments:screen", args=[event.pk])).content.decode()

    joined = re.search(r'<p class="screen__join">(.*?)</p>', page, re.S)
    assert joined is not None
    assert " ".join(joined[1].split()) == f"Join at <strong>{SITE}/</strong>"
