"""Notifications from a club's events: registration opened (to the club's members), the
event starts soon and check-in opened (to its registered players, made by beat's sweep
while their moment has not passed: `reminders`), its final standings (each player's own
line), and the organizer's announcements. Times are said on the club's clock, its zone
named; the moments are compared as instants (UTC), so a daylight-saving change moves no
reminder (docs/clubs.md#time-zones, docs/notifications.md#reminders)."""

from __future__ import annotations

from datetime import datetime, timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from clubs.models import Membership
from notifications import kinds
from notifications.services import Draft
from notifications.sources import clock, source
from notifications.speaking import in_their_languages
from tournaments import formats
from tournaments.models import Announcement, Entry, Event

REGISTRATION, SOON, CHECK_IN = "registration_opened", "starts_soon", "checkin_opened"
FINAL, ANNOUNCEMENT = "final_standings", "announcement"


def _not_checked_in(notifications: list[Any]) -> set[int]:
    """Those whose player has still to check in (checked in meanwhile: no e-mail)."""
    wanted = {(int(n.key.split("-")[1]), n.user_id): n.pk for n in notifications}
    waiting = Entry.objects.filter(
        event_id__in={event for event, _ in wanted},
        user_id__in={user for _, user in wanted},
        status=Entry.REGISTERED,
        checked_in_at__isnull=True,
    ).values_list("event_id", "user_id")
    return {wanted[pair] for pair in waiting if pair in wanted}


def _not_registered_yet(notifications: list[Any]) -> set[int]:
    """Those whose event still takes registrations and whose person has not entered it
    (registered meanwhile, or registration closed: no longer news)."""
    wanted = {(int(n.key.removeprefix("registration-")), n.user_id): n.pk for n in notifications}
    events = {event for event, _ in wanted}
    open_ = set(
        Event.objects.filter(
            pk__in=events, status=Event.UPCOMING, registration_open=True
        ).values_list("pk", flat=True)
    )
    entered = set(
        Entry.objects.filter(event_id__in=open_, user_id__in={u for _, u in wanted}).values_list(
            "event_id", "user_id"
        )
    )
    return {pk for pair, pk in wanted.items() if pair[0] in open_ and pair not in entered}


def _soon_help() -> str:
    minutes = settings.THIRTYONE_REMINDER_MINUTES
    return ngettext(
        "An event you registered for starts in %(minutes)d minute.",
        "An event you registered for starts in %(minutes)d minutes.",
        minutes,
    ) % {"minutes": minutes}


ALL_ON = {"site": True, "email": True, "browser": True, "push": True}
kinds.register(
    kinds.Kind(
        REGISTRATION,
        gettext_lazy("Registration opened"),
        gettext_lazy("One of your clubs opened registration for an event."),
        {"site": True, "email": True, "browser": False, "push": False},
        still_news=_not_registered_yet,
        order=10,
    )
)
kinds.register(
    kinds.Kind(
        SOON,
        gettext_lazy("An event starts soon"),
        lazy(_soon_help, str)(),
        ALL_ON,
        order=20,
    )
)
kinds.register(
    kinds.Kind(
        CHECK_IN,
        gettext_lazy("Check-in opened"),
        gettext_lazy("Check in to keep your place in an event you registered for."),
        ALL_ON,
        still_news=_not_checked_in,
        order=30,
    )
)
kinds.register(
    kinds.Kind(
        FINAL,
        gettext_lazy("Final standings"),
        gettext_lazy("An event you played is over: where you finished."),
        {"site": True, "email": True, "browser": False, "push": False},
        order=70,
    )
)
kinds.register(
    kinds.Kind(
        ANNOUNCEMENT,
        gettext_lazy("Announcements"),
        gettext_lazy("An organizer writes to an event's players or to a club's members."),
        ALL_ON,
        order=80,
    )
)


def _registered(event: Event) -> list[int]:
    return list(
        Entry.objects.filter(event=event, status=Entry.REGISTERED).values_list("user_id", flat=True)
    )


@source("registration_opened")
def registration_opened(*, event_id: int) -> list[Draft]:
    """The club's members not registered yet (until the event starts)."""
    event = Event.objects.select_related("club").filter(pk=event_id).first()
    if event is None or not event.registration_open or event.status != Event.UPCOMING:
        return []
    entered = set(Entry.objects.filter(event=event).values_list("user_id", flat=True))
    members = Membership.objects.filter(club=event.club).values_list("user_id", flat=True)
    told = [user_id for user_id in members if user_id not in entered]

    def word() -> str:
        return _("Registration is open: %(event)s at %(club)s, %(when)s") % {
            "event": event.name,
            "club": event.club.name,
            "when": clock(event.starts_at, event.club, day=True),
        }

    texts = in_their_languages(told, word)
    return [
        Draft(
            kind=REGISTRATION,
            user_id=user_id,
            key=f"registration-{event.pk}",
            text=texts[user_id],
            url=event.get_absolute_url(),
            valid_until=event.starts_at,
        )
        for user_id in told
    ]


def reminders(now: datetime) -> list[Draft]:
    """What the clock brings now: "starts soon" to each registered player from
    THIRTYONE_REMINDER_MINUTES before an event's start, "check-in opened" to each not
    checked in from its check-in window's opening, each only until the start (never
    "starts at 19:30" after 19:30). The keys carry the start time: an event moved to
    another time reminds again."""
    lead = timedelta(minutes=settings.THIRTYONE_REMINDER_MINUTES)
    horizon = max(lead, timedelta(minutes=Event.MAX_CHECKIN_MINUTES))
    drafts: list[Draft] = []
    for event in Event.objects.filter(
        status=Event.UPCOMING, starts_at__gt=now, starts_at__lte=now + horizon
    ).select_related("club"):
        stamp, url = int(event.starts_at.timestamp()), event.get_absolute_url()
        entries = Entry.objects.filter(event=event, status=Entry.REGISTERED)
        if event.starts_at - lead <= now:
            told = list(entries.values_list("user_id", flat=True))
            texts = in_their_languages(told, partial(_starts_at, event))
            for user_id in told:
                drafts.append(
                    Draft(
                        SOON,
                        user_id,
                        f"soon-{event.pk}-{stamp}",
                        texts[user_id],
                        url,
                        valid_until=event.starts_at,
                    )
                )
        opens = event.starts_at - timedelta(minutes=event.checkin_minutes)
        if event.checkin_minutes and opens <= now:
            waiting = entries.filter(checked_in_at__isnull=True)
            told = list(waiting.values_list("user_id", flat=True))
            texts = in_their_languages(told, partial(_check_in_open, event))
            for user_id in told:
                drafts.append(
                    Draft(
                        CHECK_IN,
                        user_id,
                        f"checkin-{event.pk}-{stamp}",
                        texts[user_id],
                        url,
                        valid_until=event.starts_at,
                    )
                )
    return drafts


def _starts_at(event: Event) -> str:
    return _("%(event)s starts at %(time)s") % {
        "event": event.name,
        "time": clock(event.starts_at, event.club),
    }


def _check_in_open(event: Event) -> str:
    return _("Check-in is open for %(event)s: check in before %(time)s") % {
        "event": event.name,
        "time": clock(event.starts_at, event.club),
    }


@source("event_finished")
def event_finished(*, event_id: int) -> list[Draft]:
    """Each player ranked in the finished event: where they finished, in its format's
    words (the line "Your entry" shows on its page). A placing's words ("3 points, 37.5%
    of the points possible") are the format's, made when it ranks the players: it ranks
    them once in each of their languages, so every word of the line is in the reader's."""
    event = Event.objects.filter(pk=event_id, status=Event.FINISHED).first()
    if event is None:
        return []
    fmt = formats.of(event)
    users = dict(Entry.objects.filter(event=event).values_list("pk", "user_id"))

    def lines() -> dict[int, str]:
        placings = fmt.pages.placings(event)
        return {
            placing.entry_id: _("%(event)s is over. %(line)s")
            % {"event": event.name, "line": fmt.pages.own_line(placing, len(placings))}
            for placing in placings
        }

    texts = in_their_languages(users.values(), lines)
    return [
        Draft(
            kind=FINAL,
            user_id=user_id,
            key=f"final-{event.pk}",
            text=texts[user_id][entry_id],
            url=event.get_absolute_url(),
        )
        for entry_id, user_id in users.items()
        if entry_id in texts[user_id]
    ]


@source("event_announcement")
def event_announcement(*, announcement_id: int) -> list[Draft]:
    """The event's registered players (not the organizer who wrote it)."""
    said = Announcement.objects.select_related("event").filter(pk=announcement_id).first()
    if said is None:
        return []
    told = [user_id for user_id in _registered(said.event) if user_id != said.by_id]
    texts = in_their_languages(
        told, lambda: _("%(event)s: %(text)s") % {"event": said.event.name, "text": said.text}
    )
    return [
        Draft(
            kind=ANNOUNCEMENT,
            user_id=user_id,
            key=f"event-announcement-{said.pk}",
            text=texts[user_id],
            url=said.event.get_absolute_url(),
        )
        for user_id in told
    ]


# ---- withdrawn at the start for not checking in ------------------------------------

MISSED = "missed_check_in"


def _still_withdrawn(notifications: list[Any]) -> set[int]:
    """Those whose player is still out of the event (registered again meanwhile: no
    e-mail)."""
    wanted = {(int(n.key.rsplit("-", 1)[1]), n.user_id): n.pk for n in notifications}
    out = Entry.objects.filter(
        event_id__in={event for event, _ in wanted},
        user_id__in={user for _, user in wanted},
        status=Entry.WITHDRAWN,
        missed_check_in=True,
    ).values_list("event_id", "user_id")
    return {wanted[pair] for pair in out if pair in wanted}


kinds.register(
    kinds.Kind(
        MISSED,
        gettext_lazy("Withdrawn: not checked in"),
        gettext_lazy("An event started before you checked in, so you were withdrawn."),
        {"site": True, "email": True, "browser": False, "push": False},
        still_news=_still_withdrawn,
        order=35,
    )
)


@source("check_in_missed")
def check_in_missed(*, event_id: int) -> list[Draft]:
    """Each player the event's start withdrew for not checking in
    (`Entry.missed_check_in`), and still out of it: when it started, on the club's
    clock. The key is the event's: told once however often this runs."""
    event = Event.objects.select_related("club").filter(pk=event_id).first()
    if event is None or event.started_at is None:
        return []
    told = list(
        Entry.objects.filter(event=event, status=Entry.WITHDRAWN, missed_check_in=True).values_list(
            "user_id", flat=True
        )
    )
    started = event.started_at

    def word() -> str:
        return _("%(event)s started at %(time)s before you checked in, so you were withdrawn.") % {
            "event": event.name,
            "time": clock(started, event.club),
        }

    texts = in_their_languages(told, word)
    return [
        Draft(
            kind=MISSED,
            user_id=user_id,
            key=f"missed-checkin-{event.pk}",
            text=texts[user_id],
            url=event.get_absolute_url(),
        )
        for user_id in told
    ]
