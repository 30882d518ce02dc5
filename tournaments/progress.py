"""An event's rounds and tables moving on, the same in every format: a round's tables
and seats written, a table's game recorded as places, a round started at once, the
event finished. The callers (`tournaments.services` and the formats' `rounds` modules)
hold the event's row lock."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils import timezone

from games.models import Game, GamePlayer, Table
from games.signals import send_on_commit
from tournaments.models import Event, Round, RoundSeat, RoundTable
from tournaments.pushes import card_calls
from tournaments.signals import event_finished, round_finished

# Who sits at a seat of a round table: an entry's id, or a bot's level.
Occupant = int | str


def write_table(
    round_: Round,
    number: int,
    seats: Sequence[tuple[int, Occupant]],
    table: Table | None = None,
) -> RoundTable:
    """The one writer of a round's tables and seats: table `number` of `round_` with
    its (position, entry id or bot level) seats, on `table` when it is open already."""
    round_table = RoundTable.objects.create(round=round_, number=number, table=table)
    RoundSeat.objects.bulk_create(
        RoundSeat(
            table=round_table,
            position=position,
            entry_id=who if isinstance(who, int) else None,
            bot_level=who if isinstance(who, str) else "",
        )
        for position, who in seats
    )
    return round_table


def unrecorded_table(game_id: int) -> RoundTable | None:
    """The round table of `game_id` if its game is over and not recorded yet."""
    table = RoundTable.objects.select_related("round", "game").filter(game_id=game_id).first()
    if table is None or table.finished_at is not None or table.game is None:
        return None
    return None if table.game.in_play else table


def unrecorded_round_games() -> list[int]:
    """Round tables' games that are over but not recorded (a lost task)."""
    return list(
        RoundTable.objects.filter(
            round__status=Round.PLAYING,
            finished_at__isnull=True,
            game__status__in=[Game.FINISHED, Game.ENDED],
        ).values_list("game_id", flat=True)
    )


def record_places(table: RoundTable) -> None:
    """`table`'s whole game is over: each seat's place and lives lost from the game's
    results, and the table finished. The game's seats are the round seats in seat order
    (a knockout table's seats may have gaps)."""
    results = {p.position: p for p in GamePlayer.objects.results_of(table.game_id)}
    for index, seat in enumerate(table.seats.order_by("position")):
        seat.place, seat.lives_lost = results[index].place, results[index].rounds_lost
        seat.save(update_fields=["place", "lives_lost"])
    table.finished_at = timezone.now()
    table.save(update_fields=["finished_at"])


def record_card_places(
    table: RoundTable, places: Sequence[int], lives_lost: Sequence[int] = ()
) -> None:
    """A card table's confirmed result (docs/club-night.md#entering-and-confirming):
    `places` by seat position on its seats, and the table finished, as `record_places`
    records a game. `lives_lost` (the rounds each seat lost, when the rules score lives
    and the players gave them) is what "fewest lives lost" sums, as a game's rounds lost
    are; none given counts 0."""
    for index, seat in enumerate(table.seats.order_by("position")):
        # By seat order: a knockout table's positions may have gaps.
        seat.place = places[index]
        seat.lives_lost = lives_lost[index] if lives_lost else 0
        seat.save(update_fields=["place", "lives_lost"])
    table.finished_at = timezone.now()
    table.save(update_fields=["finished_at"])


def playing_round(event: Event, number: int) -> Round:
    """Round `number`, being played from now (a knockout seats and starts it at once).
    Its players at tables played with real cards are called to them after the commit
    (`seat_calls`; a game's start calls the others)."""
    round_ = Round.objects.create(
        event=event,
        number=number,
        seed=f"{event.seed}:{number}",
        status=Round.PLAYING,
        started_at=timezone.now(),
    )
    if event.venue != Event.ONLINE:
        card_calls.card_players_changed(table__round=round_)
    return round_


def finish_round(round_: Round) -> None:
    """Every table of `round_` is recorded: the round is over, and who listens hears of it
    once this has committed (`tournaments.signals.round_finished`)."""
    round_.status, round_.finished_at = Round.FINISHED, timezone.now()
    round_.save(update_fields=["status", "finished_at"])
    send_on_commit(round_finished, sender=Event, event_id=round_.event_id, round_id=round_.pk)


def mark_finished(event: Event) -> None:
    """The event is over: its seed is revealed from now on
    (docs/fair-seating.md#revealed-when-the-event-is-over). What a format reveals with
    it is its own (`Rounds.finish`: a duplicate event's boards)."""
    event.status, event.finished_at = Event.FINISHED, timezone.now()
    event.registration_open = False
    event.save(update_fields=["status", "finished_at", "registration_open"])
    # Its players hear the final standings (notifications), once this has committed.
    send_on_commit(event_finished, sender=Event, event_id=event.pk)
