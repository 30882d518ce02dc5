"""Weekly series (docs/calendars.md#weekly-series): the dates across daylight-saving changes, the
organizer's controls, each week's event made once with the first one's settings, and
its registration opening a set number of days before. (Real Celery workers making it:
tests/integration/test_series_workers.py.)"""

from __future__ import annotations

import zoneinfo
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import pytest
from django.db import IntegrityError, transaction
from django.urls import reverse

from clubs.models import Club, Membership
from tests.tournaments.schedule.test_calendars import opened  # noqa: F401  (a fixture)
from tests.tournaments.test_pages import logged_in, said
from tournaments import services
from tournaments.models import Event, EventSeries
from tournaments.schedule import recurrence, series

pytestmark = pytest.mark.django_db

COPENHAGEN = zoneinfo.ZoneInfo("Europe/Copenhagen")
HALF_PAST_SEVEN = time(19, 30)
# Thursday 23 October 2031, 19:30 CEST; the clocks go back on Sunday 26 October.
FIRST = datetime(2031, 10, 23, 17, 30, tzinfo=UTC)


# ---- the dates, without Django ----------------------------------------------------------


@pytest.mark.parametrize(
    ("last", "expected"),
    [
        # Autumn: Thursday 19:30 CEST (17:30 UTC) → the next Thursday 19:30 CET (18:30 UTC).
        (date(2031, 10, 23), datetime(2031, 10, 30, 18, 30, tzinfo=UTC)),
        # The Sunday of the change itself (last Sunday of October 2031).
        (date(2031, 10, 19), datetime(2031, 10, 26, 18, 30, tzinfo=UTC)),
        # Spring: the last Sunday of March 2032 is the 28th; 19:30 CEST is 17:30 UTC.
        (date(2032, 3, 21), datetime(2032, 3, 28, 17, 30, tzinfo=UTC)),
    ],
)
def test_the_next_week_is_at_the_same_time_on_the_clubs_clock(
    last: date, expected: datetime
) -> None:
    (week,) = recurrence.due(last, HALF_PAST_SEVEN, COPENHAGEN, 0, now=expected - timedelta(1))
    assert week.starts_at == expected
    assert week.starts_at.astimezone(COPENHAGEN).time() == HALF_PAST_SEVEN


def test_registration_opens_days_before_on_the_clubs_clock_across_the_change() -> None:
    week = recurrence.week(date(2031, 10, 30), HALF_PAST_SEVEN, COPENHAGEN, 7)
    assert week.registration_opens_at == FIRST  # 19:30 CEST a week before 19:30 CET
    assert week.starts_at - week.registration_opens_at == timedelta(days=7, hours=1)


def test_a_week_is_made_at_the_earlier_of_last_weeks_start_and_its_registration() -> None:
    for days, made in [(0, FIRST), (3, FIRST), (7, FIRST), (10, FIRST - timedelta(days=3))]:
        week = recurrence.week(date(2031, 10, 30), HALF_PAST_SEVEN, COPENHAGEN, days)
        assert week.made_at == made, days


def test_nothing_is_due_before_its_moment_and_a_missed_week_is_never_made_late() -> None:
    last = date(2031, 10, 23)
    assert recurrence.due(last, HALF_PAST_SEVEN, COPENHAGEN, 0, FIRST - timedelta(1)) == []
    # Beat down for a fortnight: the weeks of 30 Oct and 6 Nov have passed; 13 Nov is made.
    late = datetime(2031, 11, 7, 12, 0, tzinfo=UTC)
    (week,) = recurrence.due(last, HALF_PAST_SEVEN, COPENHAGEN, 0, late)
    assert week.day == date(2031, 11, 13)


def test_a_spring_time_the_clock_skips_is_read_with_the_offset_before() -> None:
    # 02:30 does not happen on 28 March 2032 in Copenhagen: it is 03:30 CEST (01:30 UTC).
    start = recurrence.start_of(date(2032, 3, 28), time(2, 30), COPENHAGEN)
    assert start == datetime(2032, 3, 28, 1, 30, tzinfo=UTC)


# ---- the series ---------------------------------------------------------------------------


@pytest.fixture
def copenhagen(club: Club) -> Club:
    club.time_zone = "Europe/Copenhagen"
    club.save(update_fields=["time_zone"])
    return club


@pytest.fixture
def thursday(copenhagen: Club, make_event: Any) -> Event:
    return make_event(
        name="Thursday Scat",
        description="Every week.",
        starts_at=FIRST,
        checkin_minutes=15,
        player_cap=12,
        rounds=2,
        turn_timer=30,
    )


def test_every_field_of_an_event_is_copied_or_deliberately_not() -> None:
    fields = {f.name for f in Event._meta.concrete_fields}
    assert set(series.COPIED) | set(series.NOT_COPIED) == fields
    assert not set(series.COPIED) & set(series.NOT_COPIED)


def test_an_organizer_repeats_an_event_from_its_manage_page(thursday: Event, ann: Any) -> None:
    manage = reverse("tournaments:manage", args=[thursday.pk])
    page = logged_in(ann).get(manage).text
    assert "Repeat it every Thursday at 19:30 (Europe/Copenhagen)" in page

    response = logged_in(ann).post(manage, {"action": "repeat", "registration_days": "6"})

    assert said(response) == [
        "Thursday Scat repeats. Every Thursday at 19:30 (Europe/Copenhagen); "
        "registration opens 6 days before each."
    ]
    made = EventSeries.objects.get()
    assert (made.weekday, made.local_time, made.registration_days) == (3, HALF_PAST_SEVEN, 6)
    thursday.refresh_from_db()
    assert (thursday.series, thursday.occurrence) == (made, date(2031, 10, 23))
    page = logged_in(ann).get(manage).text
    assert "The next, Thu 30 Oct 2031, 19:30 CET, is put on the calendar on" in page
    assert "Stop repeating" in page
    assert "Repeats" in logged_in(ann).get(thursday.get_absolute_url()).text


def test_the_next_week_is_made_once_at_its_moment_with_the_same_settings(
    opened: list[int],  # noqa: F811  (before the event is made: it is told of too)
    thursday: Event,
    ann: Any,
) -> None:
    made = series.repeat_weekly(event=thursday, by=ann, registration_days=6)
    assert series.make_due(series_id=made.pk, now=FIRST - timedelta(minutes=1)) == []

    (event,) = series.make_due(series_id=made.pk, now=FIRST)
    assert series.make_due(series_id=made.pk, now=FIRST) == []
    assert series.make_due(series_id=made.pk, now=FIRST + timedelta(hours=1)) == []
    assert series.sweep(FIRST + timedelta(hours=2)) == 0

    assert event.starts_at == datetime(2031, 10, 30, 18, 30, tzinfo=UTC)  # 19:30 CET
    assert event.occurrence == date(2031, 10, 30) and event.series == made
    for name in series.COPIED:
        assert getattr(event, name) == getattr(thursday, name), name
    assert event.seed != thursday.seed and event.invite_token != thursday.invite_token
    assert event.status == Event.UPCOMING and event.calendar_sequence == 0
    # Registration opens six days before, at 19:30 on the club's clock (CEST then).
    assert event.registration_opens_at == datetime(2031, 10, 24, 17, 30, tzinfo=UTC)
    assert opened == [thursday.pk]  # not yet for the new one
    services.sweep(datetime(2031, 10, 24, 17, 30, tzinfo=UTC))
    services.sweep(datetime(2031, 10, 24, 17, 31, tzinfo=UTC))
    assert opened == [thursday.pk, event.pk]


def test_a_week_whose_registration_opening_has_passed_opens_at_once(
    opened: list[int],  # noqa: F811  (before the event is made: it is told of too)
    thursday: Event,
    ann: Any,
) -> None:
    made = series.repeat_weekly(event=thursday, by=ann, registration_days=0)
    (event,) = series.make_due(series_id=made.pk, now=FIRST + timedelta(minutes=5))
    assert event.registration_opens_at is None and event.registration_opened_at is not None
    assert opened == [thursday.pk, event.pk]


def test_a_moved_or_cancelled_week_keeps_its_place(thursday: Event, ann: Any) -> None:
    made = series.repeat_weekly(event=thursday, by=ann, registration_days=7)
    (second,) = series.make_due(series_id=made.pk, now=FIRST)
    services.move_event(event=second, by=ann, starts_at=second.starts_at + timedelta(days=1))
    services.cancel_event(event=second, by=ann)
    (third,) = series.make_due(series_id=made.pk, now=second.starts_at + timedelta(hours=1))
    assert third.occurrence == date(2031, 11, 6)
    assert made.occurrences.count() == 3


def test_the_database_refuses_a_second_event_for_a_week(thursday: Event, ann: Any) -> None:
    made = series.repeat_weekly(event=thursday, by=ann, registration_days=0)
    (second,) = series.make_due(series_id=made.pk, now=FIRST)
    fields = {name: getattr(second, name) for name in series.COPIED}
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.create(
            **fields,
            club=second.club,
            starts_at=second.starts_at,
            series=made,
            occurrence=second.occurrence,
        )


def test_stopping_asks_first_then_no_more_weeks_are_made(thursday: Event, ann: Any) -> None:
    made = series.repeat_weekly(event=thursday, by=ann, registration_days=0)
    manage = reverse("tournaments:manage", args=[thursday.pk])

    asked = logged_in(ann).post(manage, {"action": "stop_repeating"})
    assert "Stop repeating Thursday Scat?" in asked.text
    assert EventSeries.objects.get().active
    response = logged_in(ann).post(manage, {"action": "stop_repeating", "confirm": "yes"})

    assert said(response) == [
        "Thursday Scat repeats no more: the events already on the calendar stay."
    ]
    assert series.make_due(series_id=made.pk, now=FIRST) == []
    assert "Repeat every week" in logged_in(ann).get(manage).text


def test_repeating_again_takes_up_the_same_series_without_making_a_week_twice(
    thursday: Event, ann: Any
) -> None:
    made = series.repeat_weekly(event=thursday, by=ann, registration_days=0)
    (second,) = series.make_due(series_id=made.pk, now=FIRST)
    series.stop_repeating(event=second, by=ann)  # from any of its events
    again = series.repeat_weekly(event=thursday, by=ann, registration_days=3)
    assert again == made and again.registration_days == 3
    (third,) = series.make_due(series_id=made.pk, now=second.starts_at)
    assert [e.occurrence for e in made.occurrences.order_by("occurrence")] == [
        date(2031, 10, 23),
        date(2031, 10, 30),
        date(2031, 11, 6),
    ]


def test_who_may_repeat_and_what(thursday: Event, ann: Any, bob: Any) -> None:
    Membership.objects.create(club=thursday.club, user=bob)
    with pytest.raises(services.ServiceError, match="organizers"):
        series.repeat_weekly(event=thursday, by=bob, registration_days=0)
    manage = reverse("tournaments:manage", args=[thursday.pk])
    refused = logged_in(bob).post(manage, {"action": "repeat", "registration_days": "0"})
    assert refused.status_code == 403
    with pytest.raises(services.ServiceError, match="0 to 28 days"):
        series.repeat_weekly(event=thursday, by=ann, registration_days=29)
    series.repeat_weekly(event=thursday, by=ann, registration_days=0)
    with pytest.raises(services.ServiceError, match="already repeats"):
        series.repeat_weekly(event=thursday, by=ann, registration_days=0)
    with pytest.raises(services.ServiceError, match="organizers"):
        series.stop_repeating(event=thursday, by=bob)
    other = services.create_event(
        club=thursday.club, by=ann, name="Once", rule_set=thursday.rule_set, starts_at=FIRST
    )
    services.cancel_event(event=other, by=ann)
    with pytest.raises(services.ServiceError, match="cancelled event is not repeated"):
        series.repeat_weekly(event=other, by=ann, registration_days=0)
    assert EventSeries.objects.count() == 1
