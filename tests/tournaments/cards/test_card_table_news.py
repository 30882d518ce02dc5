"""The organizer's news where the players of card tables are
(docs/club-night.md#breaks-and-announcements,
docs/club-night.md#news-on-the-result-page): a card table's result page shows the break
and the announcements as the event page does, pushed over the event's news socket, and
without JavaScript reloads itself when it has no form to fill in; an announcement is
news until the next round starts after it or for 30 minutes, the same on every page and
call; a finished event's projector shows its podium."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs import zones
from tests.tournaments.cards.test_card_tables import (  # noqa: F401  (twelve: a fixture)
    cards_event,
    phone,
    players,
    result_url,
    twelve,
)
from tests.tournaments.test_consumer import _latest, _socket
from tournaments import news, pages, services
from tournaments.cards import card_results
from tournaments.models import Announcement, CardResult, Event, Round, RoundTable

pytestmark = pytest.mark.django_db

REFRESH = re.compile(r'<noscript><meta http-equiv="refresh" content="(\d+)"></noscript>')


def play(table: RoundTable, places: tuple[int, ...] = (1, 2, 3)) -> None:
    a, b, _ = players(table)
    pending = card_results.submit_result(round_table=table, by=a, places=list(places))
    assert card_results.confirm_result(result=pending, by=b).status == CardResult.CONFIRMED


def round_one_played(make_event: Any, users: list[Any], ann: Any) -> tuple[Event, RoundTable]:
    """A Swiss of two rounds, six players at two card tables: round 1 played, round 2
    seated (the organizer starts it); the first table of round 1."""
    event = cards_event(make_event, users[:6], Event.CARDS, rounds=2)
    services.start_event(event=event, by=ann)
    first = Round.objects.get(event=event, number=1)
    services.start_round(round_=first, by=ann)
    one, two = first.tables.order_by("number")
    play(one)
    play(two)
    assert Round.objects.get(event=event, number=2).status == Round.SEATED
    return Event.objects.get(pk=event.pk), one


def news_of(page: str) -> str:
    """The page's news part (its #event-news), as a page without JavaScript shows it."""
    found = re.search(r'<div id="event-news".*?</div>', page, re.S)
    assert found, "the page has a place for the news"
    return found.group(0)


def test_a_card_tables_result_page_shows_the_break_and_the_announcements(
    make_event: Any,
    twelve: list[Any],  # noqa: F811
    ann: Any,
) -> None:
    event = cards_event(make_event, twelve[:6], Event.CARDS, rounds=2)
    services.start_event(event=event, by=ann)
    first = Round.objects.get(event=event, number=1)
    services.start_round(round_=first, by=ann)
    one, two = first.tables.order_by("number")
    me = players(one)[0]
    # While the table plays, its page holds the result's form: it never reloads itself.
    playing = phone(me).get(result_url(one)).content.decode()
    assert 'name="place_0"' in playing and not REFRESH.search(playing)
    assert "Break:" not in news_of(playing)
    play(one)
    play(two)
    services.call_break(event=event, by=ann, minutes=10)
    services.announce(event=event, by=ann, text="Pizza is on the bar")
    event.refresh_from_db()
    page = phone(me).get(result_url(one)).content.decode()
    shown = news_of(page)
    clock = news.clock(event.break_until, zones.zone(event.club.time_zone))
    assert "<strong>Break:</strong> round 2 starts at" in shown and clock in shown
    assert 'data-countdown="clock"' in shown and "Pizza is on the bar" in shown
    # The same news as the event page's.
    assert news_of(phone(me).get(event.get_absolute_url()).content.decode()).replace(
        f' data-version="{event.live_version}"', ""
    ) == shown.replace(f' data-version="{event.live_version}"', "")
    # With JavaScript it listens on the event's news socket, saying which version it shows.
    assert f'ws-connect="/ws/tournaments/{event.pk}/news/"' in page
    assert f'<div id="event-news" data-version="{event.live_version}">' in page
    # Without: a recorded table's page has no form, and reloads itself to show what comes.
    assert 'name="place_0"' not in page and REFRESH.search(page)[1] == "20"
    # Once the event is over, nothing more comes: no reload.
    second = Round.objects.get(event=event, number=2)
    services.start_round(round_=second, by=ann)
    for table in second.tables.all():
        play(table)
    assert Event.objects.get(pk=event.pk).status == Event.FINISHED
    assert not REFRESH.search(phone(me).get(result_url(one)).content.decode())


def test_the_news_part_pushed_to_a_result_page_is_its_news_alone(
    make_event: Any,
    twelve: list[Any],  # noqa: F811
    ann: Any,
) -> None:
    event, one = round_one_played(make_event, twelve, ann)
    services.call_break(event=event, by=ann, minutes=10)
    services.announce(event=event, by=ann, text="Round 2 at the bell")
    event.refresh_from_db()
    html = news.render_pushed(event.pk) or ""
    assert html.startswith(f'<div id="event-news" data-version="{event.live_version}"')
    assert 'hx-swap-oob="true"' in html and html.endswith("</div>")
    assert "Round 2 at the bell" in html and "round 2 starts at" in html
    # Nothing else of the event: no table, no standings, no name of a player.
    assert "event-live" not in html and "Standings" not in html
    assert not any(user.get_username() in html for user in twelve[:6])
    assert news.render_pushed(999_999) is None
    # One render per change in a process, for every socket told of it.
    assert news.render_pushed(event.pk, "change-1") is news.render_pushed(event.pk, "change-1")


def test_an_announcement_is_news_until_the_next_round_starts_or_for_30_minutes(
    make_event: Any,
    twelve: list[Any],  # noqa: F811
    ann: Any,
) -> None:
    event, one = round_one_played(make_event, twelve, ann)
    me = players(one)[0]
    services.announce(event=event, by=ann, text="Pizza is on the bar")

    def everywhere() -> dict[str, bool]:
        """Whether each page and call that shows announcements shows the pizza."""
        found = Event.objects.get(pk=event.pk)

        def shows(client: Client, url: str, part: Any = str) -> bool:
            return "Pizza" in part(client.get(url).content.decode())

        return {
            "event page": shows(phone(me), found.get_absolute_url(), news_of),
            "result page": shows(phone(me), result_url(one), news_of),
            "projector": shows(Client(), reverse("tournaments:screen", args=[event.pk])),
            "call": shows(phone(me), reverse("lobby")),
            "manage page": shows(phone(ann), reverse("tournaments:manage", args=[event.pk])),
        }

    assert set(everywhere().values()) == {True}
    # Round 2 starts after it: the pizza is old news, on every page at once.
    services.start_round(round_=Round.objects.get(event=event, number=2), by=ann)
    assert set(everywhere().values()) == {False}
    # Said during round 2, it shows; 30 minutes on, it no longer does.
    said = services.announce(event=event, by=ann, text="Pizza again")
    assert [line.text for line in news.news(event).announcements] == ["Pizza again"]
    later = said.at + timedelta(minutes=news.ANNOUNCEMENT_MINUTES)
    assert [line.text for line in news.news(event, later - timedelta(seconds=1)).announcements]
    assert news.news(event, later).announcements == ()
    Announcement.objects.filter(pk=said.pk).update(at=timezone.now() - timedelta(minutes=31))
    assert set(everywhere().values()) == {False}


def test_a_finished_events_projector_shows_its_podium(
    make_event: Any,
    twelve: list[Any],  # noqa: F811
    ann: Any,
) -> None:
    event = cards_event(make_event, twelve[:3], Event.CARDS, rounds=1)
    services.start_event(event=event, by=ann)
    first = Round.objects.get(event=event, number=1)
    services.start_round(round_=first, by=ann)
    table = first.tables.get()
    running = Client().get(reverse("tournaments:screen", args=[event.pk])).content.decode()
    assert "Podium" not in running
    play(table, (2, 1, 3))
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    text = Client().get(reverse("tournaments:screen", args=[event.pk])).content.decode()
    podium = re.search(r'<section class="screen__podium".*?</section>', text, re.S)
    assert podium, "the finished event's screen opens with its podium"
    steps = re.findall(
        r'<li value="(\d)"[^>]*><span class="screen__step-place">([^<]+)</span> '
        r'<span class="screen__step-names">([^<]+)</span>',
        podium.group(0),
    )
    a, b, c = (u.get_username() for u in players(table))
    assert steps == [("1", "1st", b), ("2", "2nd", a), ("3", "3rd", c)]
    # The event page's podium, step for step.
    expected = [(str(s.rank), s.place, ", ".join(s.names)) for s in pages.podium_of(event)]
    assert steps == expected


@pytest.mark.django_db(transaction=True)
def test_the_news_socket_sends_the_news_when_the_organizer_announces(
    make_event: Any,
    twelve: list[Any],  # noqa: F811
    ann: Any,
) -> None:
    event, one = round_one_played(make_event, twelve, ann)
    path = f"/ws/tournaments/{event.pk}/news/"

    async def scenario() -> None:
        socket = _socket(path)
        assert (await socket.connect())[0]
        # The page shows the latest: nothing is sent until something changes.
        await socket.send_to(text_data=json.dumps({"shown": event.live_version}))
        assert await socket.receive_nothing(timeout=0.3)
        await database_sync_to_async(services.call_break)(event=event, by=ann, minutes=10)
        await database_sync_to_async(services.announce)(
            event=event, by=ann, text="Round 2 at the bell"
        )
        html = await _latest(socket)
        assert html.startswith('<div id="event-news"') and 'hx-swap-oob="true"' in html
        assert "Round 2 at the bell" in html and "round 2 starts at" in html
        assert "event-live" not in html
        await socket.disconnect()
        # A socket of a page older than the change gets the news it missed at once.
        stale = _socket(path)
        assert (await stale.connect())[0]
        await stale.send_to(text_data=json.dumps({"shown": event.live_version}))
        assert "Round 2 at the bell" in await _latest(stale)
        await stale.disconnect()

    async_to_sync(scenario)()
