"""When registration for an event opens
(docs/calendars.md#registration-opening-at-a-time). An event may open its registration
at a set time (`Event.registration_opens_at`; None: at once); until then no one
registers and the pages say when it opens. The moment it opens is marked once
(`Event.registration_opened_at`) and told once (`signals.registration_opened`), by
whichever comes first of: the event made with registration open, an organizer opening it
early, or beat's sweep finding the time passed. Only an upcoming event is told: one that
has started, finished or been cancelled meanwhile never is."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from clubs.templatetags.club_time import club_clock
from games.signals import send_on_commit
from tournaments import signals
from tournaments.models import Event


def announce(event: Event, now: datetime) -> bool:
    """Mark `event`'s registration opened and send `registration_opened` after the
    commit, if it is open and was not marked before; True when this call did. Called
    inside the caller's transaction: the mark is a conditional UPDATE, so of two workers
    at once (the second waits for the first's row lock and then finds the mark) or a
    sweep run twice, exactly one sends it."""
    if event.status != Event.UPCOMING or not event.registration_is_open(now):
        return False
    marked = Event.objects.filter(pk=event.pk, registration_opened_at__isnull=True).update(
        registration_opened_at=now
    )
    if not marked:
        return False
    event.registration_opened_at = now
    send_on_commit(signals.registration_opened, sender=Event, event=event)
    return True


def due(now: datetime) -> QuerySet[Event]:
    """Upcoming events whose registration is open by now but not yet told."""
    return Event.objects.filter(
        Q(registration_opens_at__isnull=True) | Q(registration_opens_at__lte=now),
        status=Event.UPCOMING,
        registration_open=True,
        registration_opened_at__isnull=True,
    )


def status_before_start(event: Event) -> str | None:
    """The status line of an event not yet under way, the same in every format:
    cancelled, or upcoming and whether one may register (None: it has started)."""
    if event.status == Event.CANCELLED:
        return _("Cancelled: this event will not be played.")
    if event.status != Event.UPCOMING:
        return None
    if event.registration_open and event.registration_waits():
        return _("Upcoming: registration opens %(when)s.") % {"when": opening_time(event)}
    if event.registration_open:
        return _("Upcoming: registration is open.")
    return _("Upcoming: registration is closed.")


def opening_time(event: Event) -> str:
    """When registration opens, on the club's clock ("" when it has no opening time)."""
    if event.registration_opens_at is None:
        return ""
    return club_clock(event.registration_opens_at, event.club)
