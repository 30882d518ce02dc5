"""The organizer's news on a card table's result page
(docs/club-night.md#news-on-the-result-page), in real browsers, during the break before
round 2 of a Swiss evening played with cards: on a 390×844 phone with JavaScript off the
page shows the break's clock and the announcement and reloads itself (screenshots in
tests/e2e/output/); with JavaScript on it counts the break down, tells the event's news
socket which version it shows, and swaps in the news the socket pushes when the
organizer announces. The live server here has no sockets, so Playwright plays the
socket's side (`page.route_web_socket`) and sends what the server's socket sends
(`news.render_pushed`, as `consumers.NewsConsumer` does:
tests/tournaments/test_card_table_news.py checks that socket). axe-core finds
nothing."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.e2e.club_night import card_swiss, kitchen_club
from tests.e2e.conftest import PHONE
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in
from tournaments import news
from tournaments import services as events
from tournaments.cards import card_results
from tournaments.models import CardResult, Event, Round, RoundTable

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# The break's clock in the news is followed by static/js/countdown.js's "(in 14:59)".
COUNTED_DOWN = r"() => /\(in \d+:\d\d\)/.test(document.getElementById('event-news').textContent)"


def sitting(table: RoundTable) -> list[Any]:
    return [s.entry.user for s in table.seats.select_related("entry__user").order_by("position")]


def play(table: RoundTable) -> None:
    a, b, _ = sitting(table)
    pending = card_results.submit_result(round_table=table, by=a, places=[1, 2, 3])
    assert card_results.confirm_result(result=pending, by=b).status == CardResult.CONFIRMED


def test_a_result_pages_news_during_a_break_with_and_without_javascript(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any, shoot: Any
) -> None:
    club, players = kitchen_club(ann, django_user_model.objects, "card", 6)
    event = card_swiss(club, ann, scat, Event.CARDS, 2)
    for user in players:
        events.register(event=event, user=user)
    events.start_event(event=event, by=ann)
    first = Round.objects.get(event=event, number=1)
    events.start_round(round_=first, by=ann)
    one, two = first.tables.order_by("number")
    play(one)
    play(two)
    events.call_break(event=event, by=ann, minutes=15)
    events.announce(event=event, by=ann, text="Pizza is on the bar: help yourselves.")
    me = sitting(one)[0]
    url = f"{live_server.url}/tournaments/{event.pk}/results/{one.pk}/"

    # A phone without JavaScript: the break and the announcement, then what comes next.
    context = logged_in(browser, live_server, me, viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    page.goto(url)
    shown = page.inner_text("#event-news")
    assert re.search(r"Break: round 2 starts at \d\d:\d\d", shown), shown
    assert "Pizza is on the bar: help yourselves." in shown
    assert "What next" in page.inner_text("main")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert '<meta http-equiv="refresh" content="20">' in page.content()
    shoot(page, "card-table-result-break")
    context.close()

    # With JavaScript: counted down, and the organizer's next line arrives by push.
    context = logged_in(browser, live_server, me, viewport=PHONE)
    page = context.new_page()
    heard: list[str] = []
    sockets: list[Any] = []

    def socket(route: Any) -> None:  # the event's news socket, played by the test
        sockets.append(route)
        route.on_message(lambda message: heard.append(message))

    page.route_web_socket(re.compile(r".*/ws/tournaments/\d+/news/$"), socket)
    page.goto(url)
    page.wait_for_function(COUNTED_DOWN)
    for _ in range(100):  # the page's one message, once its socket opens (events.js)
        if heard:
            break
        page.wait_for_timeout(100)
    event.refresh_from_db()
    assert [json.loads(m) for m in heard] == [{"shown": event.live_version}]
    assert axe_violations(page) == []
    events.announce(event=event, by=ann, text="Round 2 starts at the bell.")
    sockets[0].send(news.render_pushed(event.pk, "the announcement"))
    page.locator("#event-news", has_text="Round 2 starts at the bell.").wait_for()
    page.wait_for_function(COUNTED_DOWN)  # the pushed break is counted down too
    pushed = page.inner_text("#event-news")
    assert pushed.index("Round 2 starts at the bell.") < pushed.index("Pizza is on the bar")
    event.refresh_from_db()
    assert page.locator("#event-news").get_attribute("data-version") == str(event.live_version)
    assert axe_violations(page) == []
    shoot(page, "card-table-result-break-pushed")
    context.close()
