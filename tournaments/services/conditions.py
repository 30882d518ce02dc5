"""Changing an event's entry conditions after it is created
(docs/tournaments.md#entry-conditions): an organizer of its club, while it is neither
over nor cancelled, with the same checks as the event form. The conditions refuse new
entries only: whoever already entered stays entered (`strays` counts them, for the
organizer to know)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from tournaments import entry_conditions
from tournaments.models import Entry, Event
from tournaments.services.access import changed, organizer_event

FIELDS = (
    "members_only",
    "rating_min",
    "rating_max",
    "min_rated_games",
    "max_no_shows",
    "no_show_window",
)


def set_entry_conditions(
    *,
    by: Any,
    event_id: int,
    members_only: bool,
    rating_min: int | None,
    rating_max: int | None,
    min_rated_games: int | None,
    max_no_shows: int | None,
    no_show_window: int | None,
) -> tuple[Event, bool]:
    """Event `event_id` with its conditions set as given, and whether any changed
    (unchanged: nothing is written, nobody told). Refused, with a sentence and nothing
    written, for anyone but the club's organizers, an event over or cancelled, and
    conditions `entry_conditions.check` refuses."""
    numbers = {
        "rating_min": rating_min,
        "rating_max": rating_max,
        # As when the event is created: 0 rated games asks nothing.
        "min_rated_games": min_rated_games or None,
        "max_no_shows": max_no_shows,
        "no_show_window": no_show_window,
    }
    values: dict[str, Any] = {"members_only": bool(members_only), **numbers}
    with transaction.atomic():
        event = organizer_event(by, event_id, open_only=True)
        entry_conditions.check(**numbers)
        if all(getattr(event, name) == values[name] for name in FIELDS):
            return event, False
        for name in FIELDS:
            setattr(event, name, values[name])
        event.save(update_fields=list(FIELDS))
        # The event page lists the conditions and may show a refusal instead of Register.
        changed(event)
    return event, True


def strays(event: Event) -> list[str]:
    """The names of the players entered in `event` who would not be let in by its
    conditions now: they stay entered."""
    entries = Entry.objects.filter(event=event, status=Entry.REGISTERED).select_related("user")
    return [
        entry.user.get_username()
        for entry in entries.order_by("user__username")
        if entry_conditions.refusal(entry.user, event, name=entry.user.get_username())
    ]
