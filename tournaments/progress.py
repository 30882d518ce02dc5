"""An event's rounds and tables moving on, the same in every format: a table's game
recorded as places, a round started at once, the event finished. The callers
(`tournaments.services` and the formats' modules) hold the event's row lock."""

from __future__ import annotations

from django.utils import timezone

from games.models import GamePlayer
from tournaments.models import Event, Round, RoundTable


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


def playing_round(event: Event, number: int) -> Round:
    """Round `number`, being played from now (a knockout seats and starts it at once)."""
    return Round.objects.create(
        event=event,
        number=number,
        seed=f"{event.seed}:{number}",
        status=Round.PLAYING,
        started_at=timezone.now(),
    )


def mark_finished(event: Event) -> None:
    event.status, event.finished_at = Event.FINISHED, timezone.now()
    event.registration_open = False
    event.save(update_fields=["status", "finished_at", "registration_open"])
