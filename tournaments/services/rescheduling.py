"""Moving and cancelling an event that has not started: what calendars show
(docs/calendars.md#moving-and-cancelling)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import ServiceError
from tournaments.models import Event
from tournaments.services.access import CANCELLED, changed, organizer_event


def move_event(*, event: Event, by: Any, starts_at: datetime | None) -> Event:
    """The organizer moves an event that has not started to `starts_at`: calendars
    show the new time as an update of the same entry (`Event.calendar_changed`)."""
    with transaction.atomic():
        event = organizer_event(by, event.pk)
        _require_not_started(event)
        if starts_at is None:
            raise ServiceError(_("Say when the event starts."), "starts_at")
        if starts_at == event.starts_at:
            raise ServiceError(_("The event already starts then."), "starts_at")
        if event.registration_waits() and event.registration_opens_at >= starts_at:
            raise ServiceError(
                _(
                    "Registration would open after the new start: open it now first, or "
                    "choose a later time."
                ),
                "starts_at",
            )
        event.starts_at = starts_at
        event.calendar_changed()
        event.save(update_fields=["starts_at", *Event.CALENDAR_FIELDS])
        changed(event)
    return event


def cancel_event(*, event: Event, by: Any) -> Event:
    """The organizer calls off an event that has not started. It stays, cancelled: its
    page and the calendars that show it say so, and no one registers or plays."""
    with transaction.atomic():
        event = organizer_event(by, event.pk)
        _require_not_started(event)
        event.status, event.cancelled_at = Event.CANCELLED, timezone.now()
        event.registration_open = False
        event.calendar_changed()
        event.save(
            update_fields=["status", "cancelled_at", "registration_open", *Event.CALENDAR_FIELDS]
        )
        changed(event)
    return event


def _require_not_started(event: Event) -> None:
    if event.status == Event.CANCELLED:
        raise ServiceError(str(CANCELLED))
    if event.status != Event.UPCOMING:
        raise ServiceError(_("The event has started: its time stays as it was."))
