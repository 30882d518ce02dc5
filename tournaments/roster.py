"""Who is in an event and where a round seats them, read the same in every format."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.models import Entry, Event, Round, RoundSeat


def entries(event: Event) -> list[Entry]:
    """Everyone who entered, withdrawn or not, in the order they registered."""
    return list(event.entries.select_related("user").order_by("registered_at", "pk"))


def seated_tables(round_: Round) -> list[list[RoundSeat]]:
    """A round's tables, each a list of its seats in order."""
    tables: dict[int, list[RoundSeat]] = {}
    for seat in (
        RoundSeat.objects.filter(table__round=round_)
        .select_related("table", "entry__user")
        .order_by("table__number", "position")
    ):
        tables.setdefault(seat.table.number, []).append(seat)
    return list(tables.values())


def names(entries_: Sequence[Entry]) -> dict[int, str]:
    return {e.pk: e.user.get_username() for e in entries_}
