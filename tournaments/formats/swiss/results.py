"""A Swiss event's results as the pure modules take them: `tournaments.standings`
(scores, tie-breaks) and `tournaments.seating` (who has met whom, who dealt first)."""

from __future__ import annotations

from tournaments import roster
from tournaments import standings as tally
from tournaments.models import Bye, Event, RoundSeat


def scoring(event: Event) -> tally.Scoring:
    return tally.Scoring(method=event.scoring, place_points=tuple(event.place_points or ()))


def bye_maximum(event: Event) -> float:
    """What a bye counts as out of: a game at the preferred table size."""
    return tally.game_maximum(event.table_size, scoring(event))


def finished_tables(event: Event, before_round: int | None = None) -> list[tally.TableResult]:
    """The event's tables whose game is over, as results (places), in round and table
    order; only rounds before `before_round` when given."""
    seats = RoundSeat.objects.filter(
        table__round__event=event, table__finished_at__isnull=False
    ).select_related("table__round")
    if before_round is not None:
        seats = seats.filter(table__round__number__lt=before_round)
    grouped: dict[tuple[int, int], list[tally.SeatResult]] = {}
    for seat in seats.order_by("table__round__number", "table__number", "position"):
        key = (seat.table.round.number, seat.table.number)
        grouped.setdefault(key, []).append(
            tally.SeatResult(
                player=seat.entry_id, place=seat.place or 0, lives_lost=seat.lives_lost
            )
        )
    return [
        tally.TableResult(round_no=r, table_no=t, seats=tuple(s)) for (r, t), s in grouped.items()
    ]


def byes(event: Event, before_round: int | None = None) -> list[tally.Bye]:
    rows = Bye.objects.filter(round__event=event).select_related("round")
    if before_round is not None:
        rows = rows.filter(round__number__lt=before_round)
    maximum = bye_maximum(event)
    return [
        tally.Bye(round_no=b.round.number, player=b.entry_id, points=b.points, maximum=maximum)
        for b in rows.order_by("round__number", "entry_id")
    ]


def standings(event: Event, before_round: int | None = None) -> list[tally.Row]:
    """The standings from the finished tables and the byes (of rounds before
    `before_round`, when given: what seating a round sees)."""
    everyone = roster.entries(event)
    return tally.standings(
        [e.pk for e in everyone],
        finished_tables(event, before_round),
        byes(event, before_round),
        scoring(event),
        list(event.tiebreaks),
        event.seed,
        withdrawn=[e.pk for e in everyone if not e.active],
    )


def dealer_counts(event: Event) -> dict[int, int]:
    """How often each entry dealt first (sat at seat 0) in the seated rounds."""
    counts: dict[int, int] = {}
    for entry_id in RoundSeat.objects.filter(
        table__round__event=event, position=0, entry__isnull=False
    ).values_list("entry_id", flat=True):
        counts[entry_id] = counts.get(entry_id, 0) + 1
    return counts
