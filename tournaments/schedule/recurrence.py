"""The dates of a weekly series (docs/calendars.md#weekly-series), without Django: which week's
event is due to be made, and when each starts.

A series repeats an event every week on its weekday at its local time in the club's
zone. The event of a week is made at the earlier of the previous week's start time (so
the next one is on the calendar once this one is under way) and the moment its own
registration opens; never once its own start has passed (a beat that was down for a
while skips the weeks it missed). Times are wall-clock times in the zone: 19:30 in
Copenhagen is 18:30 UTC in winter and 17:30 UTC in summer. A time the clock skips (the
hour lost in spring) is read with the offset before the change, and a time it repeats
(the hour gained in autumn) is the first of the two (`fold=0`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo

WEEK = timedelta(days=7)
# How far a series looks back and ahead, in weeks: a beat down for a year still skips
# to the next week to come; registration opens at most 28 days ahead (MAX_DAYS).
MAX_WEEKS = 60
MAX_DAYS = 28


def start_of(day: date, at: time, zone: tzinfo) -> datetime:
    """The moment (in UTC) the clock in `zone` reads `at` on `day`."""
    return datetime.combine(day, at, tzinfo=zone).astimezone(UTC)


@dataclass(frozen=True)
class Week:
    """One week's event of a series: its date in the club's zone, its start, when it is
    made and when its registration opens (None: as soon as it is made)."""

    day: date
    starts_at: datetime
    made_at: datetime
    registration_opens_at: datetime | None


def week(day: date, at: time, zone: tzinfo, registration_days: int) -> Week:
    starts_at = start_of(day, at, zone)
    # Days on the club's calendar: a week before 19:30 is 19:30, across a clock change.
    opens = (
        start_of(day - timedelta(days=registration_days), at, zone) if registration_days else None
    )
    made = start_of(day - WEEK, at, zone)
    if opens is not None:
        made = min(made, opens)
    return Week(day, starts_at, made, opens)


def weeks_after(last: date, at: time, zone: tzinfo, registration_days: int) -> Iterator[Week]:
    """The weeks after the one of `last` (the latest the series has), at most MAX_WEEKS."""
    for n in range(1, MAX_WEEKS + 1):
        yield week(last + n * WEEK, at, zone, registration_days)


def due(last: date, at: time, zone: tzinfo, registration_days: int, now: datetime) -> list[Week]:
    """The weeks after `last` whose event should exist by `now`, in order: those whose
    moment to be made has come and whose start is still to come."""
    found = []
    for upcoming in weeks_after(last, at, zone, registration_days):
        if upcoming.made_at > now:
            break
        if upcoming.starts_at > now:
            found.append(upcoming)
    return found


def next_week(
    last: date, at: time, zone: tzinfo, registration_days: int, now: datetime
) -> Week | None:
    """The first week after `last` still to come: the one the series makes next."""
    weeks = weeks_after(last, at, zone, registration_days)
    return next((w for w in weeks if w.starts_at > now), None)
