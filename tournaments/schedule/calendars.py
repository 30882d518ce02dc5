"""What the calendar files show (docs/calendars.md#the-three-feeds): a club's feed of its events, a
player's private feed of the events they entered, and one event's file for "Add to
calendar". `tournaments.schedule.ical` writes them; this module chooses the events, whom each
may be shown to (`clubs.access.may_see_events`, the one rule) and the private feeds'
secret addresses.

A feed holds the events starting from KEPT ago on: the ones to come, and the recent
past, so a calendar that syncs a feed does not drop last week's evening, and a
cancelled event stays, marked cancelled, until it is that old too.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.language import speaking_to
from clubs import access as club_access
from clubs.models import Club
from tournaments import formats
from tournaments.models import CalendarFeed, Entry, Event
from tournaments.schedule import ical

KEPT = timedelta(days=30)
# An event has no set end: a calendar shows it as a club evening of this length.
LENGTH = timedelta(hours=3)

# Makes a path of this site an absolute URL (games.site.absolute).
Absolute = Callable[[str], str]


def uid(event: Event) -> str:
    """The event's UID, the same for ever: its number at the site's calendar domain
    (THIRTYONE_CALENDAR_DOMAIN, set once per site), never the host a request came by
    (a club on a LAN reaches the embedded profile by several names)."""
    return f"event-{event.pk}@{settings.THIRTYONE_CALENDAR_DOMAIN}"


def entry(event: Event, absolute: Absolute) -> ical.Entry:
    """One event as a calendar shows it, in the language active (`file`'s reader's)."""
    url = absolute(event.get_absolute_url())
    about = f"{event.club.name} · {formats.of(event).pages.heading(event)} · {event.rules_title}"
    cancelled = event.status == Event.CANCELLED
    return ical.Entry(
        uid=uid(event),
        # "Cancelled:" before its name, for the calendars that ignore STATUS.
        summary=_("Cancelled: %(name)s") % {"name": event.name} if cancelled else event.name,
        description="\n\n".join(part for part in (event.description, about, url) if part),
        url=url,
        starts_at=event.starts_at,
        ends_at=event.starts_at + LENGTH,
        cancelled=cancelled,
        sequence=event.calendar_sequence,
        changed_at=event.calendar_changed_at,
        created_at=event.created_at,
    )


def file(name: str, events: Iterable[Event], absolute: Absolute) -> bytes:
    """A calendar file of `events`, worded in the language active: a public feed's or
    one event's, the request's (docs/i18n.md); a player's feed, its owner's
    (`player_file`)."""
    return ical.calendar(name, (entry(event, absolute) for event in events))


def player_file(feed: CalendarFeed, absolute: Absolute) -> bytes:
    """A player's private feed, named and worded in its owner's language (a calendar
    app fetches it with no language of its own: `accounts.language.speaking_to`)."""
    user = feed.user
    with speaking_to(user):
        name = _("%(name)s's events (Thirty-One)") % {"name": user.get_username()}
        return file(name, player_events(user), absolute)


def _shown(events: QuerySet[Event], now: datetime | None = None) -> QuerySet[Event]:
    since = (now or timezone.now()) - KEPT
    return events.filter(starts_at__gte=since).select_related("club").order_by("starts_at", "pk")


def club_events(club: Club, viewer: Any, now: datetime | None = None) -> list[Event]:
    """The club's feed, for `viewer` (a calendar app fetching it is anonymous)."""
    if not club_access.may_see_events(viewer, club):
        return []
    return list(_shown(club.events.all(), now))


def player_events(user: Any, now: datetime | None = None) -> list[Event]:
    """The events `user` entered and has not withdrawn from (a cancelled one stays,
    marked so), of the clubs whose events they may see."""
    entered = Entry.objects.filter(user=user, status=Entry.REGISTERED).values("event_id")
    events = _shown(Event.objects.filter(pk__in=entered), now)
    return [event for event in events if club_access.may_see_events(user, event.club)]


# ---- the private feeds' addresses ------------------------------------------------------


def feed_of(user: Any) -> CalendarFeed | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return CalendarFeed.objects.filter(user=user).first()


def make_feed(user: Any) -> CalendarFeed:
    """`user`'s feed, made now if they have none (a second press finds the first)."""
    feed, _ = CalendarFeed.objects.get_or_create(user=user)
    return feed


def renew_feed(user: Any) -> CalendarFeed:
    """A new secret address for `user`'s feed: the old one answers 404 from now on."""
    feed = make_feed(user)
    feed.renew()
    return feed


def find_feed(pk: int, token: str) -> CalendarFeed | None:
    """The feed at this address, if its secret matches (compared in constant time, so
    how long the answer takes tells nothing of the secret) and its owner may still log
    in; None otherwise."""
    feed = CalendarFeed.objects.select_related("user").filter(pk=pk).first()
    if feed is None or not secrets.compare_digest(feed.token.encode(), token.encode()):
        return None
    return feed if feed.user.is_active else None
