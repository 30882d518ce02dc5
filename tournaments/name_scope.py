"""An event numbers the pseudonyms of those who hide their name
(docs/privacy.md#my-name-off-public-pages): the 7th to enter it reads as "Player 7" on
its pages, its tables and its games' pages, to everyone but its club's members and those
who run it (`clubs.access.organizes`). Registered with `games.wording.readers` (games
never imports this app)."""

from __future__ import annotations

from typing import Any

from django.urls import ResolverMatch

from clubs import access
from games.wording import readers
from tournaments.models import Entry, Event, RoundTable

# The event pages whose `pk` is not an event's.
NOT_EVENTS = frozenset({"player_calendar"})


def event_scope(event_id: int, reader: Any) -> readers.Scope:
    def numbers() -> dict[str, int]:
        entries = Entry.objects.filter(event_id=event_id).order_by("registered_at", "pk")
        names = entries.values_list("user__username", flat=True)
        return {name: number for number, name in enumerate(names, start=1)}

    def sees_all() -> bool:
        event = Event.objects.select_related("club").filter(pk=event_id).first()
        return bool(event and reader is not None and access.organizes(reader, event.club))

    return readers.Scope(f"event-{event_id}", numbers, sees_all)


def page_scope(match: ResolverMatch, viewer: Any) -> readers.Scope | None:
    if match.app_name != "tournaments" or match.url_name in NOT_EVENTS:
        return None
    pk = match.kwargs.get("pk")
    return event_scope(int(pk), viewer) if pk is not None else None


def table_scope(table_id: int, reader: Any) -> readers.Scope | None:
    """A table's game belongs to the event of the round it was drawn for, if any."""
    found = (
        RoundTable.objects.filter(table_id=table_id)
        .values_list("round__event_id", flat=True)
        .first()
    )
    return event_scope(found, reader) if found is not None else None


def register() -> None:
    readers.register_scope(page_scope)
    readers.register_table_scope(table_scope)
