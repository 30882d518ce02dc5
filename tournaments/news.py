"""An event's news (docs/club-night.md#breaks-and-announcements): the break the
organizer called and their last few announcements, as the top of the event's pages shows
them (the partial templates/tournaments/_news.html, which any page of the event may
include: the event page, the manage page, the projector view, a card table's result
page) and the players' calls say them. Times are in the club's time zone; the `<time
datetime>` lets a script count the break down (static/js/countdown.js).

An announcement is news until the next round (a knockout's next deal) starts after it,
or for ANNOUNCEMENT_MINUTES, whichever comes first: "pizza has arrived" said in the
break before round 3 is not still up during round 4. `news` is the one place that rule
is kept, so every page and call that shows announcements agrees. When the news changes,
`news_changed` has the players' calls bars read it again."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone

from calls import push
from clubs import zones
from tournaments.models import Announcement, Entry, Event, Round
from tournaments.pushes.renders import PushedRenders

SHOWN_ANNOUNCEMENTS = 3
# How long an announcement stays up at most (a round starting ends it sooner).
ANNOUNCEMENT_MINUTES = 30


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
    announcements still news (made after the latest round's start, and in the last
    ANNOUNCEMENT_MINUTES), newest first."""
    if event.status == Event.FINISHED:  # the evening is over: its podium says the rest
        return News(None, ())
    now = now or timezone.now()
    zone = zones.zone(event.club.time_zone)
    # The last two rounds, in one read: the latest says which round a break leads to,
    # and the latest started (it, or the one before a seated round) which announcements
    # a round has since overtaken.
    rounds = list(
        event.round_set.order_by("-number").values_list("number", "status", "started_at")[:2]
    )
    break_ = None
    if event.break_until is not None and event.break_until > now:
        following = 1 if not rounds else rounds[0][0] + (rounds[0][1] != Round.SEATED)
        break_ = Break(event.break_until, clock(event.break_until, zone), following)
    since = now - timedelta(minutes=ANNOUNCEMENT_MINUTES)
    started = next((at for _, _, at in rounds if at is not None), None)
    if started is not None and started > since:
        since = started
    shown = Announcement.objects.filter(event=event, at__gt=since)[:SHOWN_ANNOUNCEMENTS]
    return News(break_, tuple(Line(a.text, a.at, clock(a.at, zone)) for a in shown))


# The news alone, as a card table's result page listens for it (`consumers.NewsConsumer`):
# the same for every viewer, so a push renders it once in a process.
_pushed = PushedRenders()


def render_pushed(event_id: int, change: Hashable | None = None) -> str | None:
    """The news part of a card table's result page, to push as an out-of-band swap of
    its `#event-news` (None: the event is gone). `change`: the push's token
    (`tournaments.pushes.live.push`); None: rendered afresh. In the language active."""

    def render() -> str | None:
        event = Event.objects.select_related("club").filter(pk=event_id).first()
        if event is None:
            return None
        context = {"event": event, "news": news(event), "pushed": True}
        return render_to_string("tournaments/results.html#news", context).strip()

    return _pushed.get(event_id, change, render)


def news_changed(event: Event) -> None:
    """After the commit: the bars of everyone registered for `event` show its news
    again (a break called or ended, an announcement made)."""
    user_ids = list(
        Entry.objects.filter(event=event, status=Entry.REGISTERED).values_list("user_id", flat=True)
    )
    transaction.on_commit(lambda: push.changed(user_ids))
