"""Turn-based events (docs/design.md §25): a Swiss event whose tables give each move
hours (`games.Table.move_hours`) and whose rounds each have days, ending at their
deadline at the latest: the sweep has bots finish the games still being played then
(`services.finish_at_deadline`), and the round ends, as always, with its last table."""

from __future__ import annotations

from games.absence import MOVE_HOURS
from games.errors import ServiceError
from tournaments.formats.base import Format
from tournaments.models import Event

MAX_ROUND_DAYS = 30


def check(fmt: Format, *, venue: str, move_hours: int, round_days: int) -> None:
    """Refuse, with the field and a sentence, a pace an event cannot have: hours a move
    off the list, a turn-based event of a format or venue that cannot be one, a round's
    days missing, too many or fewer than a move's hours, or days for a live event."""
    if not move_hours:
        if round_days:
            raise ServiceError(
                "Only a turn-based event's rounds have a deadline in days: choose hours "
                "a move as the turn timer, or leave the days blank.",
                "round_days",
            )
        return
    if move_hours not in MOVE_HOURS:
        raise ServiceError("Choose the hours a move has from the list.", "turn_timer")
    if fmt.turn_based_refusal is not None:
        raise ServiceError(fmt.turn_based_refusal, "turn_timer")
    if venue != Event.ONLINE:
        raise ServiceError(
            "A turn-based event is played online: its tables play over days.", "venue"
        )
    if not 1 <= round_days <= MAX_ROUND_DAYS:
        raise ServiceError(
            f"Give each round of a turn-based event 1 to {MAX_ROUND_DAYS} days: at its "
            "deadline bots finish the games still being played.",
            "round_days",
        )
    if round_days * 24 < move_hours:
        raise ServiceError(
            f"A round of {round_days} day{'s' if round_days != 1 else ''} is shorter than "
            f"one move's {move_hours} hours: give it more days.",
            "round_days",
        )
