"""Which tables of a mixed event's seated round play with real cards
(docs/club-night.md#card-tables-carried-round-to-round): the organizer ticks them on the
manage page; a table with a bot plays online. The others play online, each with its
game."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.errors import ServiceError
from tournaments.models import Event, Round, RoundSeat
from tournaments.services import changed, organizer_event


def card_choice_refusal(table_seats: Sequence[RoundSeat]) -> str | None:
    """Why a table of a mixed event's seated round cannot play with cards."""
    if any(seat.entry_id is None for seat in table_seats):
        return _("A bot sits here: it plays online.")
    return None


def choose_card_tables(*, round_: Round, by: Any, numbers: Iterable[int]) -> list[int]:
    """The organizer of a mixed event says which tables of a seated round play with
    real cards (by table number; the others play online). Refused once the round has
    started: its online tables have their games then. Returns the card tables'
    numbers."""
    chosen = set(numbers)
    with transaction.atomic():
        event = organizer_event(by, round_.event_id)
        if event.venue != Event.MIXED:
            raise ServiceError(
                _("Every table of this event plays with cards.")
                if event.venue == Event.CARDS
                else _("This event's tables play online.")
            )
        round_ = Round.objects.get(pk=round_.pk)
        if round_.status != Round.SEATED:
            raise ServiceError(
                _("Round %(number)s has started: its tables are fixed.") % {"number": round_.number}
            )
        tables = {t.number: t for t in round_.tables.prefetch_related("seats")}
        unknown = chosen - set(tables)
        if unknown:
            raise ServiceError(_("Choose tables of this round: reload the page."))
        for number in sorted(chosen):
            if refusal := card_choice_refusal(list(tables[number].seats.all())):
                raise ServiceError(
                    _("Table %(number)s: %(refusal)s") % {"number": number, "refusal": refusal}
                )
        for number, table in tables.items():
            if table.cards != (number in chosen):
                table.cards = number in chosen
                table.save(update_fields=["cards"])
        changed(event)
    return sorted(chosen)
