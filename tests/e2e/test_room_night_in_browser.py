"""A club night as the room lives it, on the LAN (docs/profiles.md#the-sites-one-address,
docs/club-night.md#the-evening-tested, docs/club-night.md#the-result-page-leads-on): the
site serves the room's network, its address `http://clubroom.test:<port>/` (the
`HOST=0.0.0.0` settings of `make run`: SITE_URL the LAN's address), while the organizer's
laptop opens it at its loopback address. The players' phones are a browser of their own
that reaches the laptop by that name only (Chromium's host resolver maps it to this
machine, so nothing leaves it); any link built from the laptop's own address would not
open there.

The evening: a Swiss of seven with real cards and a 30-minute check-in. Five check in
themselves, one is checked in by the organizer at the desk, hank never comes. The
organizer starts before the deadline: the console counts and asks, and hank is withdrawn
and told by e-mail, whose every link opens on hank's phone (his event page saying he did
not check in, the one-click way out, the settings). The table cards printed from the
laptop carry the LAN address: a card's QR code, read from a screenshot of the printed
page with zxing-cpp, opens its table's result page on a phone without JavaScript, where
the result is entered. During the break before round 2 that page shows the break's clock
and the organizer's announcement. Screenshots in tests/e2e/output/."""

from __future__ import annotations

import io
import re
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any
from urllib.parse import urlsplit

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.core import mail
from django.test import Client
from django.utils import timezone

from tests.e2e.club_night import kitchen_club
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, OUTPUT, PHONE
from tests.e2e.test_mixed_swiss_evening_in_browser import enter_places
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services as events
from tournaments.cards import card_results, table_links
from tournaments.models import CardResult, Entry, Event, Round, RoundTable

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LAN = "clubroom.test"
LAPTOP = {"width": 1366, "height": 768}
WAIT = 30_000  # ms: the machine is shared
LINK = re.compile(r"https?://[^\s>]+")


@pytest.fixture
def room(live_server: Any, settings: Any) -> str:
    """The site's address on the room's network (what `make run` derives with
    HOST=0.0.0.0), which the live server answers to."""
    address = f"http://{LAN}:{urlsplit(live_server.url).port}"
    settings.SITE_URL = address
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, LAN]
    return address


@pytest.fixture
def phones(browser: Any) -> Iterator[Any]:
    """The players' phones: a Chromium that reaches the laptop by its LAN name only."""
    launched = browser.browser_type.launch(
        executable_path=str(CHROMIUM),
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {LAN} 127.0.0.1"],
    )
    yield launched
    launched.close()


def phone_of(phones: Any, room: str, user: Any, js: bool = False) -> Any:
    """`user`'s phone (390×844, JavaScript off unless `js`), logged in at the LAN address."""
    client = Client()
    client.force_login(user)
    context = phones.new_context(viewport=PHONE, java_script_enabled=js)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "url": room, "value": cookie}])
    return context.new_page()


def sitting(table: RoundTable) -> list[Any]:
    return [s.entry.user for s in table.seats.select_related("entry__user").order_by("position")]


def mail_to(address: str, timeout: float = 30) -> Any:
    """The first message sent to `address` (the outbox is sent by a task after commit)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [m for m in mail.outbox if address in m.to]
        if found:
            return found[0]
        time.sleep(0.1)
    raise AssertionError(f"no mail to {address}: {[m.to for m in mail.outbox]}")


def read_qr(png: bytes) -> list[str]:
    """The texts of the QR codes in a screenshot (zxing-cpp, as a phone's camera reads)."""
    import zxingcpp
    from PIL import Image

    return [found.text for found in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


def test_a_club_night_on_the_rooms_address(
    browser: Any,
    phones: Any,
    room: str,
    live_server: Any,
    ann: Any,
    scat: Any,
    django_user_model: Any,
    shoot: Any,
) -> None:
    OUTPUT.mkdir(exist_ok=True)
    club, players = kitchen_club(ann, django_user_model.objects, "p", 6)
    hank = django_user_model.objects.create_user("hank", password="x" * 12)
    club.memberships.create(user=hank)
    EmailAddress.objects.create(user=hank, email="hank@example.com", verified=True, primary=True)
    event = events.create_event(
        club=club,
        by=ann,
        name="Cards night",
        rule_set=scat,
        starts_at=timezone.now() + timedelta(minutes=20),
        checkin_minutes=30,
        venue=Event.CARDS,
        advance=Event.MANUAL,
        bots_fill=False,
        rounds=2,
        table_size=3,
        table_min=3,
        table_max=3,
        turn_timer=0,
    )
    for user in [*players, hank]:
        events.register(event=event, user=user)
    for user in players[:5]:
        events.check_in(event=event, user=user)
    late = players[5]

    # The organizer's laptop, at its loopback address: the desk, one check-in for a
    # player, then a start before the deadline that counts and asks first.
    laptop = logged_in(browser, live_server, ann, viewport=LAPTOP).new_page()
    manage = f"{live_server.url}/tournaments/{event.pk}/manage/"
    laptop.goto(manage)
    laptop.get_by_role("button", name=f"Check in {late.username}").click()
    laptop.get_by_text(f"{late.username} is checked in.").wait_for(timeout=WAIT)
    laptop.get_by_text("6 of 7 checked in — hank will be withdrawn at the start.").wait_for()
    laptop.get_by_role("button", name="Start the event (seat round 1)").click()
    laptop.get_by_role("heading", name="Start Cards night now?").wait_for(timeout=WAIT)
    assert Event.objects.get(pk=event.pk).status == Event.UPCOMING  # asked, not done
    laptop.get_by_role("button", name="Start and withdraw 1 player").click()
    laptop.get_by_text("hank had not checked in and is withdrawn; they are told.").wait_for(
        timeout=WAIT
    )
    withdrawn = Entry.objects.get(event=event, user=hank)
    assert withdrawn.missed_check_in and not withdrawn.active

    # hank's e-mail: every link leads to the room's address and opens on his phone.
    message = mail_to("hank@example.com")
    links = LINK.findall(message.body)
    assert len(links) >= 3, message.body  # the event, the way out, the settings
    assert all(link.startswith(f"{room}/") for link in links), links
    unsubscribe = message.extra_headers["List-Unsubscribe"].strip("<>")
    assert unsubscribe.startswith(f"{room}/")
    his_phone = phone_of(phones, room, hank)
    for link in links:
        answer = his_phone.goto(link)
        assert answer is not None and answer.ok, (link, answer and answer.status)
        assert his_phone.url.startswith(f"{room}/"), his_phone.url
    his_phone.goto(f"{room}{event.get_absolute_url()}")
    assert "You did not check in before the start, so you were withdrawn." in (
        his_phone.inner_text("main")
    )
    his_phone.context.close()

    # Round 1 starts; its table cards, printed from the laptop, lead to the LAN address.
    first = Round.objects.get(event=event, number=1)
    laptop.goto(manage)
    laptop.get_by_role("button", name="Start round 1 now").click()
    laptop.get_by_text("Round 1 has started.").first.wait_for(timeout=WAIT)
    laptop.goto(f"{live_server.url}/tournaments/{event.pk}/print/table-cards/")
    assert f"The codes lead to {room}/" in laptop.inner_text("body")
    tables = list(first.tables.order_by("number"))
    assert len(tables) == 2
    code = laptop.locator(".table-card__code").first
    read = read_qr(code.screenshot())
    expected = f"{room}/tournaments/{event.pk}/results/{tables[0].pk}/"
    # The organizer's card: the table's own link (docs/club-night.md#a-tables-own-link).
    link = table_links.url_for(tables[0])
    assert link.startswith(f"{expected}link/")
    assert read == [link], read
    assert link in laptop.locator(".table-card").first.inner_text()
    laptop.emulate_media(media="print")
    laptop.screenshot(path=str(OUTPUT / "room-table-cards-print.png"), full_page=True)
    laptop.emulate_media(media="screen")

    # A player at table 1 points their phone (no JavaScript) at the card: the result page.
    first_seat, second_seat, _ = sitting(tables[0])
    mine = phone_of(phones, room, first_seat)
    mine.goto(read[0])
    assert mine.url == link
    enter_places(mine, [1, 2, 3], "Submit the result")
    mine.get_by_text("Saved: waiting for another player").wait_for(timeout=WAIT)
    pending = CardResult.objects.get(round_table=tables[0])
    card_results.confirm_result(result=pending, by=second_seat)
    a, b, _ = sitting(tables[1])
    other = card_results.submit_result(round_table=tables[1], by=a, places=[2, 1, 3])
    card_results.confirm_result(result=other, by=b)
    assert Round.objects.get(pk=first.pk).status == Round.FINISHED

    # The break before round 2, and an announcement: on the card table's result page.
    laptop.goto(manage)
    laptop.get_by_role("button", name="5 min", exact=True).click()
    laptop.get_by_role("textbox", name="Announcement").wait_for(timeout=WAIT)
    laptop.get_by_role("textbox", name="Announcement").fill("Pizza is in the kitchen")
    laptop.get_by_role("button", name="Announce").click()
    laptop.get_by_text("Pizza is in the kitchen").first.wait_for(timeout=WAIT)
    # What its own refresh brings without JavaScript: the link opens nothing once round 1
    # is over, so it leads the signed-in player to their result page.
    mine.goto(link)
    assert mine.url == expected
    news = mine.inner_text("#event-news")
    assert re.search(r"Break: round 2 starts at \d\d:\d\d", news), news
    assert "Pizza is in the kitchen" in news
    assert mine.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    mine.screenshot(path=str(OUTPUT / "room-result-page-break-phone.png"), full_page=True)
    mine.context.close()
    laptop.context.close()
