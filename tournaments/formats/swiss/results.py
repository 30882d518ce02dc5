"""A Swiss event's results as the pure modules take them: `tournaments.formats.swiss.standings`
(scores, tie-breaks) and `tournaments.formats.swiss.seating` (who has met whom, who dealt first).

A round is drawn from the results as they stood when it was drawn: `AsOf` says what that
was (the entries made and the corrections done by then), so the verify page can read
them again after later entries and corrections
(docs/fair-seating.md#everything-that-changes-a-seating-is-recorded).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Max

from tournaments import roster
from tournaments.formats.swiss import standings as tally
from tournaments.models import Bye, Correction, Entry, Event, Round, RoundSeat


@dataclass(frozen=True)
class AsOf:
    """The event's records as they stood at a moment: its entries up to the id
    `entries`, its corrections up to the id `corrections` (ids grow: both are made
    under the event's lock). A later entry is left out, a later correction undone."""

    entries: int
    corrections: int

    @classmethod
    def now(cls, event: Event) -> AsOf:
        found = Entry.objects.filter(event=event).aggregate(top=Max("pk"))["top"]
        fixed = Correction.objects.filter(seat__table__round__event=event).aggregate(top=Max("pk"))[
            "top"
        ]
        return cls(entries=found or 0, corrections=fixed or 0)

    @classmethod
    def of(cls, round_: Round) -> AsOf | None:
        """What `round_`'s drawing saw (None: a round drawn before that was kept)."""
        if round_.drawn_entries is None or round_.drawn_corrections is None:
            return None
        return cls(entries=round_.drawn_entries, corrections=round_.drawn_corrections)


def scoring(event: Event) -> tally.Scoring:
    return tally.Scoring(method=event.scoring, place_points=tuple(event.place_points or ()))


def stand_in(event: Event) -> tally.StandIn:
    """What a round a bot played for a player scores them (docs/tournaments.md#stand-ins)."""
    return tally.StandIn(policy=event.stand_in_scoring, bye_points=event.bye_points)


def bye_maximum(event: Event) -> float:
    """What a bye counts as out of: a game at the preferred table size."""
    return tally.game_maximum(event.table_size, scoring(event))


def _places_then(event: Event, as_of: AsOf) -> dict[int, int]:
    """The places corrected after `as_of`, by seat id, as they stood then: each seat's
    first later correction's old place."""
    then: dict[int, int] = {}
    for seat_id, old in (
        Correction.objects.filter(seat__table__round__event=event, pk__gt=as_of.corrections)
        .order_by("pk")
        .values_list("seat_id", "old_place")
    ):
        then.setdefault(seat_id, old)
    return then


def finished_tables(
    event: Event, before_round: int | None = None, as_of: AsOf | None = None
) -> list[tally.TableResult]:
    """The event's tables whose game is over, as results (places), in round and table
    order; only rounds before `before_round` when given; with the places as they stood
    at `as_of` when given."""
    seats = RoundSeat.objects.filter(table__round__event=event, table__finished_at__isnull=False)
    if before_round is not None:
        seats = seats.filter(table__round__number__lt=before_round)
    then = _places_then(event, as_of) if as_of is not None else {}
    grouped: dict[tuple[int, int], list[tally.SeatResult]] = {}
    # Plain values, not models: a 200-player event's standings read hundreds of seats.
    for seat_id, entry_id, place, lives_lost, stood_in, round_no, table_no in seats.order_by(
        "table__round__number", "table__number", "position"
    ).values_list(
        "pk",
        "entry_id",
        "place",
        "lives_lost",
        "stood_in",
        "table__round__number",
        "table__number",
    ):
        grouped.setdefault((round_no, table_no), []).append(
            tally.SeatResult(
                player=entry_id,
                place=then.get(seat_id, place or 0),
                lives_lost=lives_lost,
                stood_in=stood_in,
            )
        )
    return [
        tally.TableResult(round_no=r, table_no=t, seats=tuple(s)) for (r, t), s in grouped.items()
    ]


def byes(
    event: Event, before_round: int | None = None, as_of: AsOf | None = None
) -> list[tally.Bye]:
    rows = Bye.objects.filter(round__event=event).select_related("round")
    if before_round is not None:
        rows = rows.filter(round__number__lt=before_round)
    if as_of is not None:  # a late entry's byes are made with the entry
        rows = rows.filter(entry_id__lte=as_of.entries)
    maximum = bye_maximum(event)
    return [
        tally.Bye(round_no=b.round.number, player=b.entry_id, points=b.points, maximum=maximum)
        for b in rows.order_by("round__number", "entry_id")
    ]


def standings(
    event: Event,
    before_round: int | None = None,
    as_of: AsOf | None = None,
    everyone: list[Entry] | None = None,
) -> list[tally.Row[int]]:
    """The standings from the finished tables and the byes (of rounds before
    `before_round`, when given: what seating a round sees; as they stood at `as_of`,
    when given: what it saw then). `everyone`: `roster.entries(event)`, when read
    already."""
    everyone = roster.entries(event) if everyone is None else everyone
    if as_of is not None:
        everyone = [e for e in everyone if e.pk <= as_of.entries]
    return tally.standings(
        [e.pk for e in everyone],
        finished_tables(event, before_round, as_of),
        byes(event, before_round, as_of),
        scoring(event),
        list(event.tiebreaks),
        event.seed,
        withdrawn=[e.pk for e in everyone if not e.active],
        stand_in=stand_in(event),
    )


def dealer_counts(event: Event, before_round: int | None = None) -> dict[int, int]:
    """How often each entry dealt first (sat at seat 0) in the seated rounds (before
    `before_round`, when given)."""
    seats = RoundSeat.objects.filter(table__round__event=event, position=0, entry__isnull=False)
    if before_round is not None:
        seats = seats.filter(table__round__number__lt=before_round)
    counts: dict[int, int] = {}
    for entry_id in seats.values_list("entry_id", flat=True):
        counts[entry_id] = counts.get(entry_id, 0) + 1
    return counts


def had_byes(event: Event, before_round: int) -> frozenset[int]:
    """The entries that sat out a round before `before_round` (not a late entry's)."""
    return frozenset(
        Bye.objects.filter(
            round__event=event, round__number__lt=before_round, late=False
        ).values_list("entry_id", flat=True)
    )
