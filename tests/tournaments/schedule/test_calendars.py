"""Calendar files (docs/calendars.md#the-three-feeds), read back with the icalendar
library: a club's feed, one event's "Add to calendar" file and a player's private feed,
their times across a daylight-saving change, stable UIDs, an update when an event moves
or is cancelled, the private feed's secret address, and who may see what."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime, timedelta
from typing import Any

import icalendar
import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs import access as club_access
from clubs.models import Club, Membership
from tests.tournaments.test_pages import logged_in, said
from tournaments import services
from tournaments.models import CalendarFeed, Event
from tournaments.schedule import calendars

pytestmark = pytest.mark.django_db

DOMAIN = "clubs.example"
# 19:30 in Copenhagen on the Thursdays before and after the clocks go back (Sunday 26
# October 2031): CEST (UTC+2), then CET (UTC+1).
BEFORE = datetime(2031, 10, 23, 17, 30, tzinfo=UTC)
AFTER = datetime(2031, 10, 30, 18, 30, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _domain(settings: Any) -> None:
    settings.THIRTYONE_CALENDAR_DOMAIN = DOMAIN


@pytest.fixture
def copenhagen(club: Club) -> Club:
    club.time_zone = "Europe/Copenhagen"
    club.save(update_fields=["time_zone"])
    return club


def parsed(response: Any) -> dict[str, icalendar.Event]:
    """The file's events by UID, checking it is a calendar file."""
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    calendar = icalendar.Calendar.from_ical(response.content)
    return {str(event["UID"]): event for event in calendar.walk("VEVENT")}


def uid(event: Event) -> str:
    return f"event-{event.pk}@{DOMAIN}"


def club_feed(club: Club) -> dict[str, icalendar.Event]:
    return parsed(Client().get(reverse("tournaments:club_calendar", args=[club.slug])))


# ---- the club's feed -------------------------------------------------------------------


def test_the_club_feed_has_its_events_at_the_clubs_time_on_both_sides_of_the_clock_change(
    copenhagen: Club, make_event: Any, django_user_model: Any, scat: Any
) -> None:
    before = make_event(name="Thursday Scat", starts_at=BEFORE, description="Bring snacks.")
    after = make_event(name="Thursday Scat", starts_at=AFTER)
    long_ago = make_event(name="Old", starts_at=timezone.now() - timedelta(days=31))
    other = Club.objects.create(name="Other Club", slug="other")
    owner = django_user_model.objects.create_user("olga", password="x" * 12)
    Membership.objects.create(club=other, user=owner, role=Membership.OWNER)
    elsewhere = services.create_event(
        club=other, by=owner, name="Elsewhere", rule_set=scat, starts_at=AFTER
    )

    events = club_feed(copenhagen)

    assert list(events) == [uid(before), uid(after)]  # no other club's, none long past
    assert uid(long_ago) not in events and uid(elsewhere) not in events
    first, second = events[uid(before)], events[uid(after)]
    # Written in UTC, each is 19:30 on the club's clock on its side of the change.
    assert first.decoded("DTSTART") == BEFORE
    assert second.decoded("DTSTART") == AFTER
    here = zoneinfo.ZoneInfo("Europe/Copenhagen")
    clock = [e.decoded("DTSTART").astimezone(here).strftime("%H:%M %Z") for e in (first, second)]
    assert clock == ["19:30 CEST", "19:30 CET"]
    assert first.decoded("DTEND") == BEFORE + calendars.LENGTH
    assert str(first["SUMMARY"]) == "Thursday Scat"
    assert first["SEQUENCE"] == 0
    assert str(first["STATUS"]) == "CONFIRMED"
    assert str(first["URL"]) == f"http://testserver{before.get_absolute_url()}"
    description = str(first["DESCRIPTION"])
    assert description.startswith("Bring snacks.") and "Kitchen Club" in description


def test_moving_an_event_updates_the_same_entry_with_a_higher_sequence(
    copenhagen: Club, make_event: Any, ann: Any
) -> None:
    event = make_event(starts_at=BEFORE)
    first = club_feed(copenhagen)[uid(event)]
    stamped = first.decoded("DTSTAMP")

    response = logged_in(ann).post(
        reverse("tournaments:manage", args=[event.pk]),
        {"action": "move", "start_at": "2031-10-30T20:00", "time_zone": "Europe/Copenhagen"},
    )

    assert said(response) == ["Tuesday Swiss now starts Thu 30 Oct 2031, 20:00 CET."]
    moved = club_feed(copenhagen)[uid(event)]
    assert moved.decoded("DTSTART") == datetime(2031, 10, 30, 19, 0, tzinfo=UTC)
    assert moved["SEQUENCE"] == first["SEQUENCE"] + 1
    assert moved.decoded("LAST-MODIFIED") >= stamped
    assert moved.decoded("DTSTAMP") == moved.decoded("LAST-MODIFIED")
    assert moved.decoded("CREATED") == first.decoded("CREATED")


def test_an_unchanged_feed_is_the_same_file_and_a_304_to_its_etag(
    copenhagen: Club, make_event: Any
) -> None:
    make_event(starts_at=BEFORE)
    url = reverse("tournaments:club_calendar", args=[copenhagen.slug])
    first, again = Client().get(url), Client().get(url)
    assert first.content == again.content
    assert Client().get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_a_cancelled_event_stays_in_the_feeds_marked_cancelled_after_a_confirmation(
    copenhagen: Club, make_event: Any, ann: Any, bob: Any
) -> None:
    Membership.objects.create(club=copenhagen, user=bob)
    event = make_event(starts_at=BEFORE)
    services.register(event=event, user=bob)
    manage = reverse("tournaments:manage", args=[event.pk])

    asked = logged_in(ann).post(manage, {"action": "cancel"})
    assert asked.status_code == 200 and "Cancel Tuesday Swiss?" in asked.text
    assert Event.objects.get(pk=event.pk).status == Event.UPCOMING
    logged_in(ann).post(manage, {"action": "cancel", "confirm": "yes"})

    event.refresh_from_db()
    assert event.status == Event.CANCELLED
    for feed in (club_feed(copenhagen), private_feed(bob)):
        entry = feed[uid(event)]
        assert str(entry["STATUS"]) == "CANCELLED"
        assert str(entry["SUMMARY"]) == "Cancelled: Tuesday Swiss"
        assert entry["SEQUENCE"] == 1
    page = logged_in(bob).get(event.get_absolute_url()).text
    assert "Cancelled: this event will not be played." in page
    assert ">Withdraw<" not in page and ">Register" not in page  # both would be refused
    with pytest.raises(services.ServiceError, match="cancelled"):
        services.register(event=event, user=bob)
    with pytest.raises(services.ServiceError, match="cancelled"):
        services.start_event(event=event, by=ann)


def test_only_an_event_that_has_not_started_moves_or_is_cancelled(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = make_event()
    for member in members[:4]:
        services.register(event=event, user=member)
    services.start_event(event=event, by=ann)
    with pytest.raises(services.ServiceError, match="has started"):
        services.move_event(event=event, by=ann, starts_at=AFTER)
    with pytest.raises(services.ServiceError, match="has started"):
        services.cancel_event(event=event, by=ann)
    page = logged_in(ann).get(reverse("tournaments:manage", args=[event.pk])).text
    assert "Move the event" not in page and "Cancel the event" not in page


def test_only_organizers_move_or_cancel_an_event(make_event: Any, bob: Any) -> None:
    event = make_event(starts_at=BEFORE)
    with pytest.raises(services.ServiceError, match="organizers"):
        services.move_event(event=event, by=bob, starts_at=AFTER)
    with pytest.raises(services.ServiceError, match="organizers"):
        services.cancel_event(event=event, by=bob)
    manage = reverse("tournaments:manage", args=[event.pk])
    assert logged_in(bob).post(manage, {"action": "cancel", "confirm": "yes"}).status_code == 403
    assert Event.objects.get(pk=event.pk).status == Event.UPCOMING


# ---- one event's file -----------------------------------------------------------------


def test_add_to_calendar_is_one_event_with_the_feeds_uid(copenhagen: Club, make_event: Any) -> None:
    event = make_event(name="Friday Swiss!", starts_at=AFTER)
    link = reverse("tournaments:event_calendar", args=[event.pk])
    assert f'href="{link}" download' in Client().get(event.get_absolute_url()).text

    response = Client().get(link)

    assert response["Content-Disposition"] == f'attachment; filename="friday-swiss-{event.pk}.ics"'
    events = parsed(response)
    assert list(events) == [uid(event)]
    assert events[uid(event)].decoded("DTSTART") == AFTER
    assert club_feed(copenhagen)[uid(event)]["UID"] == events[uid(event)]["UID"]


def test_a_name_typed_with_line_breaks_is_one_line_in_every_calendar_file(
    copenhagen: Club, make_event: Any
) -> None:
    copenhagen.name = "Copenhagen\r\nCard Club"
    copenhagen.save()
    event = make_event(name="Friday\nSwiss", description="Bring\ncards", starts_at=AFTER)

    one = parsed(Client().get(reverse("tournaments:event_calendar", args=[event.pk])))
    feed = Client().get(reverse("tournaments:club_calendar", args=[copenhagen.slug]))

    assert str(one[uid(event)]["SUMMARY"]) == "Friday Swiss"
    assert str(parsed(feed)[uid(event)]["SUMMARY"]) == "Friday Swiss"
    assert str(icalendar.Calendar.from_ical(feed.content)["X-WR-CALNAME"]) == (
        "Copenhagen Card Club (Thirty-One)"
    )
    # What may be several lines stays so.
    assert str(one[uid(event)]["DESCRIPTION"]).startswith("Bring\ncards")


# ---- the private feed --------------------------------------------------------------------


def private_feed(user: Any) -> dict[str, icalendar.Event]:
    feed = calendars.make_feed(user)
    response = Client().get(feed.get_absolute_url())
    assert response["Cache-Control"] == "private, max-age=900"
    return parsed(response)


def test_a_players_feed_has_the_events_they_entered_and_no_others(
    make_event: Any, club: Club, bob: Any, members: list[Any]
) -> None:
    Membership.objects.create(club=club, user=bob)
    entered, withdrawn, not_entered = (make_event(name=n) for n in ("A", "B", "C"))
    services.register(event=entered, user=bob)
    entry = services.register(event=withdrawn, user=bob)
    services.withdraw(event=withdrawn, entry=entry, by=bob)
    services.register(event=not_entered, user=members[0])

    assert list(private_feed(bob)) == [uid(entered)]
    assert private_feed(members[0]).keys() == {uid(not_entered)}


def test_the_calendar_page_makes_the_address_and_renews_it_after_asking(
    make_event: Any, club: Club, bob: Any
) -> None:
    Membership.objects.create(club=club, user=bob)
    services.register(event=make_event(), user=bob)
    page = reverse("tournaments:my_calendar")
    assert Client().get(page).status_code == 302  # log in first
    me = logged_in(bob)
    assert "Make my calendar address" in me.get(page).text

    me.post(page, {"action": "make"})
    feed = CalendarFeed.objects.get(user=bob)
    old = feed.get_absolute_url()
    shown = me.get(page).text
    assert f"http://testserver{old}" in shown and f"webcal://testserver{old}" in shown
    assert Client().get(old).status_code == 200  # no log-in: a calendar app has none

    asked = me.post(page, {"action": "renew"})
    assert "Make a new calendar address?" in asked.text
    assert Client().get(old).status_code == 200  # asking changed nothing
    me.post(page, {"action": "renew", "confirm": "yes"})

    new = CalendarFeed.objects.get(user=bob).get_absolute_url()
    assert new != old
    assert Client().get(old).status_code == 404
    assert Client().get(new).status_code == 200


def test_a_wrong_or_foreign_token_is_a_404(bob: Any, ann: Any) -> None:
    feed = calendars.make_feed(bob)
    theirs = calendars.make_feed(ann)
    for pk, token in [
        (feed.pk, feed.token[:-1] + ("A" if feed.token[-1] != "A" else "B")),
        (feed.pk, theirs.token),
        (feed.pk, ""),
        (feed.pk + 1000, feed.token),
    ]:
        url = reverse("tournaments:player_calendar", args=[pk, token or "x"])
        assert Client().get(url).status_code == 404
    bob.is_active = False
    bob.save(update_fields=["is_active"])
    assert Client().get(feed.get_absolute_url()).status_code == 404


def test_the_token_is_compared_in_constant_time(bob: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    feed = calendars.make_feed(bob)
    compared: list[tuple[bytes, bytes]] = []
    real = calendars.secrets.compare_digest

    def spy(a: bytes, b: bytes) -> bool:
        compared.append((a, b))
        return real(a, b)

    monkeypatch.setattr(calendars.secrets, "compare_digest", spy)
    assert calendars.find_feed(feed.pk, "guess") is None
    assert calendars.find_feed(feed.pk, feed.token) == feed
    assert compared == [(feed.token.encode(), b"guess"), (feed.token.encode(), feed.token.encode())]


def test_the_profile_and_the_club_page_link_to_the_calendars(club: Club, ann: Any) -> None:
    profile = logged_in(ann).get(reverse("my_profile")).text
    assert reverse("tournaments:my_calendar") in profile
    path = reverse("tournaments:club_calendar", args=[club.slug])
    page = Client().get(club.get_absolute_url()).text
    assert f'href="webcal://testserver{path}"' in page and f'href="http://testserver{path}"' in page


# ---- who may see ------------------------------------------------------------------------


def test_the_one_rule_on_who_sees_a_clubs_events_decides_every_calendar(
    make_event: Any, club: Club, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    Membership.objects.create(club=club, user=bob)
    event = make_event()
    services.register(event=event, user=bob)
    feed = calendars.make_feed(bob)
    monkeypatch.setattr(club_access, "may_see_events", lambda user, club: False)

    assert Client().get(reverse("tournaments:club_calendar", args=[club.slug])).status_code == 404
    assert Client().get(reverse("tournaments:event_calendar", args=[event.pk])).status_code == 404
    assert parsed(Client().get(feed.get_absolute_url())) == {}


def test_every_clubs_events_are_public_today(club: Club) -> None:
    assert club_access.may_see_events(None, club)


# ---- registration opening at a set time ------------------------------------------------


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The events told of as `registration_opened`, in order."""
    from tournaments import signals

    told: list[int] = []

    def receiver(sender: Any, *, event: Event, **_: Any) -> None:
        told.append(event.pk)

    signals.registration_opened.connect(receiver, dispatch_uid="test-opened")
    # Sent after the commit (games.signals.send_on_commit), which a test's transaction
    # never makes: here, at once, as the commit would.
    monkeypatch.setattr(
        "tournaments.registration.send_on_commit",
        lambda signal, sender, **kwargs: signal.send(sender=sender, **kwargs),
    )
    yield told
    signals.registration_opened.disconnect(dispatch_uid="test-opened")


def test_registration_open_at_once_is_told_when_the_event_is_made(
    make_event: Any, opened: list[int]
) -> None:
    event = make_event()
    assert opened == [event.pk]
    services.sweep()
    assert opened == [event.pk]  # once


def test_registration_opens_at_its_time_and_is_told_once(
    make_event: Any, club: Club, bob: Any, opened: list[int]
) -> None:
    Membership.objects.create(club=club, user=bob)
    now = timezone.now()
    opens = now + timedelta(hours=1)
    event = make_event(starts_at=now + timedelta(days=2), registration_opens_at=opens)
    assert opened == []
    with pytest.raises(services.ServiceError, match="Registration opens"):
        services.register(event=event, user=bob)
    page = logged_in(bob).get(event.get_absolute_url()).text
    assert "Upcoming: registration opens" in page and ">Register<" not in page

    services.sweep(now + timedelta(minutes=59))
    assert opened == []
    services.sweep(opens)
    services.sweep(opens + timedelta(seconds=5))
    assert opened == [event.pk]
    Event.objects.filter(pk=event.pk).update(registration_opens_at=now - timedelta(seconds=1))
    assert ">Register<" in logged_in(bob).get(event.get_absolute_url()).text
    services.register(event=event, user=bob)


def test_an_organizer_opening_it_early_tells_once_and_clears_the_time(
    make_event: Any, ann: Any, opened: list[int]
) -> None:
    later = timezone.now() + timedelta(days=1)
    event = make_event(starts_at=later + timedelta(days=1), registration_opens_at=later)
    response = logged_in(ann).post(
        reverse("tournaments:manage", args=[event.pk]), {"action": "registration", "open": "1"}
    )
    assert said(response) == ["Registration is open."]
    event.refresh_from_db()
    assert event.registration_opens_at is None and event.registration_is_open()
    services.set_registration(event=event, by=ann, open=False)
    services.set_registration(event=event, by=ann, open=True)
    services.sweep(later + timedelta(minutes=1))
    assert opened == [event.pk]


def test_an_event_cancelled_before_its_registration_opens_is_never_told(
    make_event: Any, ann: Any, opened: list[int]
) -> None:
    later = timezone.now() + timedelta(days=1)
    event = make_event(starts_at=later + timedelta(days=1), registration_opens_at=later)
    services.cancel_event(event=event, by=ann)
    services.sweep(later + timedelta(minutes=1))
    assert opened == []


def test_registration_cannot_open_after_the_start(make_event: Any) -> None:
    start = timezone.now() + timedelta(days=1)
    with pytest.raises(services.ServiceError, match="before the event starts"):
        make_event(starts_at=start, registration_opens_at=start)


def test_the_create_form_reads_the_opening_in_the_starts_zone(
    club: Club, ann: Any, scat: Any
) -> None:
    from tests.tournaments.test_pages import good_data

    data = good_data(scat, registration_opens_at="2031-03-01T12:00", time_zone="Europe/Berlin")
    response = logged_in(ann).post(reverse("tournaments:create", args=[club.slug]), data)
    assert response.status_code == 302
    event = Event.objects.get(name="Friday Swiss")
    assert event.registration_opens_at == datetime(2031, 3, 1, 11, 0, tzinfo=UTC)


def test_a_feed_reads_the_same_few_queries_however_many_events_it_has(
    make_event: Any, club: Club, django_assert_max_num_queries: Any
) -> None:
    url = reverse("tournaments:club_calendar", args=[club.slug])
    make_event(name="One")
    with django_assert_max_num_queries(4) as one:
        Client().get(url)
    for n in range(5):
        make_event(name=f"More {n}")
    with django_assert_max_num_queries(len(one.captured_queries)):
        assert len(club_feed(club)) == 6
