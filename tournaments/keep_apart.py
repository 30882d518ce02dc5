"""Keep-apart pairs as an event's seating reads them (docs/fair-seating.md#keep-apart-pairs):
the club's pairs (`clubs.KeepApart`) and the event's own (`EventKeepApart`) among the
players being seated, as entry id pairs in their one order (`pairs_for`), which each
format passes to its pure seating and records with the round (`Round.kept_apart`);
and, for the organizer's console, the recorded pairs a round still seats at one table
(`together_in`). A version-1 event (`commitment.SEATING_1`) reads no pair: its seating
never heard of them.

Private: only the organizer's pages call this; no player's page, fragment or export
shows a pair."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from clubs.models import KeepApart
from tournaments import roster
from tournaments.fairness import keep_apart
from tournaments.models import Entry, Event, EventKeepApart, Round
from tournaments.words import seat_name


def pairs_for(event: Event, entry_ids: Iterable[int]) -> list[tuple[int, int]]:
    """The keep-apart pairs among `entry_ids` (the players a draw seats), as entry ids,
    each once in its one order, sorted: the club's pairs and the event's. None for an
    event whose algorithm does not honour pairs."""
    if not keep_apart.honours(event.seating_algorithm):
        return []
    by_user = dict(
        Entry.objects.filter(event=event, pk__in=list(entry_ids)).values_list("user_id", "pk")
    )
    if len(by_user) < 2:
        return []
    users = list(by_user)
    found = list(
        KeepApart.objects.filter(
            club_id=event.club_id, first_id__in=users, second_id__in=users
        ).values_list("first_id", "second_id")
    )
    found += EventKeepApart.objects.filter(
        event=event, first_id__in=users, second_id__in=users
    ).values_list("first_id", "second_id")
    return keep_apart.canonical((by_user[a], by_user[b]) for a, b in found)


def recorded(round_: Round) -> list[tuple[int, int]]:
    """The pairs `round_`'s seating honoured, as recorded when it was drawn."""
    return [(int(a), int(b)) for a, b in round_.kept_apart or []]


@dataclass(frozen=True)
class Together:
    """A recorded pair seated at one table of a round: the table's number and the two
    names, for the console's sentence."""

    table: int
    first: str
    second: str


def together_in(round_: Round) -> list[Together]:
    """The pairs the round honoured that its tables still seat together, as seated now
    (the organizer's swaps included): those the field did not allow to keep apart."""
    pairs = recorded(round_)
    if not pairs:
        return []
    tables = roster.seated_tables(round_)
    numbers = [seats[0].table.number for seats in tables]
    names = {s.entry_id: seat_name(s) for seats in tables for s in seats if s.entry_id}
    layout = [[s.entry_id for s in seats if s.entry_id] for seats in tables]
    return [
        Together(numbers[k], names[a], names[b]) for k, a, b in keep_apart.together(layout, pairs)
    ]


def record(round_: Round, pairs: Iterable[tuple[int, int]]) -> None:
    """Keep with `round_` the pairs its seating honoured (none: nothing written)."""
    listed = [list(p) for p in pairs]
    if listed:
        round_.kept_apart = listed
        round_.save(update_fields=["kept_apart"])


def verify_line(pairs: Iterable[tuple[int, int]], names: Mapping[Hashable, str]) -> list[str]:
    """The verify page's line for the pairs a round was drawn with (none: no line)."""
    listed = [
        _("%(first)s and %(second)s") % {"first": names.get(a, "?"), "second": names.get(b, "?")}
        for a, b in pairs
    ]
    if not listed:
        return []
    return [
        _("Kept apart where the field allowed (recorded when it was drawn): %(pairs)s.")
        % {"pairs": "; ".join(listed)}
    ]
