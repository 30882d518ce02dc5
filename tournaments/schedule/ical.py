"""iCalendar files of events (RFC 5545, written by the `icalendar` library), without
Django: `tournaments.schedule.calendars` says what goes in (docs/calendars.md#the-three-feeds).

Each event is one VEVENT with a UID that never changes, its SEQUENCE counted up and its
LAST-MODIFIED and DTSTAMP dated whenever what a calendar shows of it changes, and
STATUS:CANCELLED once it is called off (`tournaments.schedule.calendars` puts "Cancelled:" before
its name, in the reader's language, for the calendars that ignore STATUS). Times are
written in UTC ("…Z"): every event is a single moment (no RRULE: a weekly series'
events are events of their own, each moved or cancelled alone), and UTC is the one form
every calendar reads the same, with no time zone database of its own to agree with
ours, so an event after a daylight-saving change is where the club's clock says, in
Google, Apple, Outlook and Thunderbird alike.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import icalendar

PRODUCT = "-//Thirty-One//Club events//EN"
# How often a subscribed calendar should fetch the feed again (a hint; Google decides
# for itself).
REFRESH = timedelta(hours=1)


@dataclass(frozen=True)
class Entry:
    """One event as a calendar shows it."""

    uid: str
    summary: str
    description: str
    url: str
    starts_at: datetime
    ends_at: datetime
    cancelled: bool
    sequence: int
    changed_at: datetime
    created_at: datetime


def one_line(text: str) -> str:
    """A name as a calendar shows it: on one line, its runs of spaces, tabs and line
    breaks one space. A calendar's name (X-WR-CALNAME) cannot hold a line break at all
    (icalendar refuses it), and an event's title is one line in every calendar app; an
    event's name may have been typed with one (docs/calendars.md#what-a-vevent-says)."""
    return " ".join(text.split())


def utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC).replace(microsecond=0)


def vevent(entry: Entry) -> icalendar.Event:
    event = icalendar.Event()
    event.add("uid", entry.uid)
    # Without METHOD, DTSTAMP is when the entry last changed (RFC 5545 3.8.7.2): the same
    # on every fetch until it changes, so an unchanged feed is the same bytes.
    event.add("dtstamp", utc(entry.changed_at))
    event.add("last-modified", utc(entry.changed_at))
    event.add("created", utc(entry.created_at))
    event.add("sequence", entry.sequence)
    event.add("dtstart", utc(entry.starts_at))
    event.add("dtend", utc(entry.ends_at))
    event.add("summary", one_line(entry.summary))
    event.add("description", entry.description)
    event.add("url", entry.url)
    event.add("status", "CANCELLED" if entry.cancelled else "CONFIRMED")
    event.add("transp", "TRANSPARENT" if entry.cancelled else "OPAQUE")
    return event


def calendar(name: str, entries: Iterable[Entry]) -> bytes:
    """A whole VCALENDAR named `name` (what a calendar app calls the subscription)."""
    cal = icalendar.Calendar()
    cal.add("prodid", PRODUCT)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("x-wr-calname", one_line(name))
    cal.add("refresh-interval", REFRESH, parameters={"VALUE": "DURATION"})
    cal.add("x-published-ttl", icalendar.vDuration(REFRESH))
    for entry in entries:
        cal.add_component(vevent(entry))
    written: bytes = cal.to_ical()
    return written
