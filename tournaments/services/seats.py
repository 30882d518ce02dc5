"""A seated round's seats (docs/tournaments.md#shared-reading,
docs/fair-seating.md#everything-that-changes-a-seating-is-recorded): the organizer's
swaps and locks, and seating a waiting round again when its entries change, locked seats
kept."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.errors import ServiceError
from tournaments import formats
from tournaments.fairness import seat_changes
from tournaments.models import Entry, Event, Round, RoundSeat, SeatSwap
from tournaments.services.access import changed, organizer_event


def swap_seats(*, round_: Round, by: Any, first: RoundSeat, second: RoundSeat) -> None:
    """The organizer exchanges two players (or a player and a bot) of a seated round."""
    with transaction.atomic():
        event = organizer_event(by, round_.event_id)
        round_ = Round.objects.get(pk=round_.pk)
        if round_.status != Round.SEATED:
            raise ServiceError(
                _("Round %(number)s has started: its seats are fixed.") % {"number": round_.number}
            )
        seats = {
            s.pk: s for s in RoundSeat.objects.filter(table__round=round_).select_related("table")
        }
        if first.pk not in seats or second.pk not in seats or first.pk == second.pk:
            raise ServiceError(_("Choose two different seats of this round."))
        a, b = seats[first.pk], seats[second.pk]
        exchange_seats(a, b)
        # Recorded, so the verify page replays it on the round drawn from the seed
        # (docs/fair-seating.md#everything-that-changes-a-seating-is-recorded).
        SeatSwap.objects.create(
            round=round_,
            order=round_.swaps.count(),
            first_table=a.table.number,
            first_position=a.position,
            second_table=b.table.number,
            second_position=b.position,
            by=by,
        )
        changed(event)


def lock_seat(*, seat: RoundSeat, by: Any, locked: bool) -> None:
    """The organizer fixes a seat of a seated round: reseating (a late entry, a
    withdrawal) keeps whoever sits there in place."""
    with transaction.atomic():
        event = organizer_event(by, seat.table.round.event_id)
        seat = RoundSeat.objects.select_related("table__round").get(pk=seat.pk)
        if seat.table.round.status != Round.SEATED:
            raise ServiceError(_("That round has started: its seats are fixed."))
        seat.locked = locked
        seat.save(update_fields=["locked"])
        changed(event)


def reseat_waiting_round(event: Event) -> None:
    """Entries changed while a round waits to start: seat it again, keeping the locked
    seats where they are. The locked seats are kept on the new round
    (`Round.kept_seats`), so the verify page can draw it again
    (docs/fair-seating.md#everything-that-changes-a-seating-is-recorded)."""
    waiting = event.round_set.filter(status=Round.SEATED).first()
    if waiting is None:
        return
    locked = [
        [s.table.number, s.position, s.entry_id]
        for s in RoundSeat.objects.filter(
            table__round=waiting, locked=True, entry__status=Entry.REGISTERED
        )
        .select_related("table")
        .order_by("table__number", "position")
    ]
    number, start_at = waiting.number, waiting.start_at
    # The tables the organizer chose to play with cards stay so, by number
    # (docs/club-night.md#card-tables-carried-round-to-round).
    with_cards = list(waiting.tables.filter(cards=True).values_list("number", flat=True))
    waiting.delete()
    round_ = formats.of(event).rounds.seat(event, number)
    round_.start_at, round_.kept_seats = start_at, locked
    round_.save(update_fields=["start_at", "kept_seats"])
    if event.venue == Event.MIXED:
        # Exactly the organizer's choice, rather than what a new round takes from the
        # round before (formats.swiss.rounds).
        round_.tables.exclude(number__in=with_cards).update(cards=False)
        round_.tables.filter(number__in=with_cards).update(cards=True)
    seats = {
        (s.table.number, s.position): s
        for s in RoundSeat.objects.filter(table__round=round_).select_related("table")
    }
    layout = {where: seat.entry_id or f"bot@{where}" for where, seat in seats.items()}
    for target, current in seat_changes.keeping_exchanges(layout, locked):
        exchange_seats(seats[target], seats[current])
    seated = {seat.entry_id for seat in seats.values()}
    for table, position, entry_id in locked:
        if (table, position) in seats and entry_id in seated:
            RoundSeat.objects.filter(pk=seats[table, position].pk).update(locked=True)


# What both seats hold for a moment while two are exchanged.
_SWAPPING = "medium"


def exchange_seats(a: RoundSeat, b: RoundSeat) -> None:
    """Swap who sits at two seats of a seated round (a player or a bot each)."""
    a.entry_id, b.entry_id = b.entry_id, a.entry_id
    a.bot_level, b.bot_level = b.bot_level, a.bot_level
    # Through a bot at both first: each entry sits once in a round, so writing one seat
    # while the other still holds its entry could clash.
    RoundSeat.objects.filter(pk__in=[a.pk, b.pk]).update(entry=None, bot_level=_SWAPPING)
    a.save(update_fields=["entry", "bot_level"])
    b.save(update_fields=["entry", "bot_level"])
