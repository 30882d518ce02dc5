"""An event's news (docs/design.md §20): the break the organizer called and their last
few announcements, as the top of the event's pages shows them (the partial
templates/tournaments/_news.html, which any page of the event may include: the event
page, the manage page, the projector view). Times are in the club's time zone; the
`<time datetime>` lets a script count the break down (static/js/countdown.js)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

from django.utils import timezone

from clubs import zones
from tournaments.models import Announcement, Event, Round

SHOWN_ANNOUNCEMENTS = 3


@dataclass(frozen=True)
class Break:
    until: datetime
    clock: str  # "20:15", in the club's time zone
    round_number: int  # the round that starts when it ends


@dataclass(frozen=True)
class Line:
    text: str
    at: datetime
    clock: str


@dataclass(frozen=True)
class News:
    break_: Break | None
    announcements: tuple[Line, ...]

    def __bool__(self) -> bool:
        return self.break_ is not None or bool(self.announcements)


def clock(moment: datetime, zone: ZoneInfo) -> str:
    return timezone.localtime(moment, zone).strftime("%H:%M")


def news(event: Event, now: datetime | None = None) -> News:
    """What the top of `event`'s pages says now: a break still to run, and the newest
    announcements, newest first."""
    if event.status == Event.FINISHED:  # the evening is over: its podium says the rest
        return News(None, ())
    now = now or timezone.now()
    zone = zones.zone(event.club.time_zone)
    break_ = None
    if event.break_until is not None and event.break_until > now:
        last = event.round_set.order_by("-number").first()
        following = 1 if last is None else last.number + (last.status != Round.SEATED)
        break_ = Break(event.break_until, clock(event.break_until, zone), following)
    lines = tuple(
        Line(a.text, a.at, clock(a.at, zone))
        for a in Announcement.objects.filter(event=event)[:SHOWN_ANNOUNCEMENTS]
    )
    return News(break_, lines)
