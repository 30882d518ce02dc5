"""Turn-based events (docs/tournaments.md#turn-based-events): a Swiss event whose tables
give each move hours (`games.Table.move_hours`) and whose rounds each have days, ending
at their deadline at the latest: the sweep has bots finish the games still being played
then (`services.finish_at_deadline`), and the round ends, as always, with its last
table."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

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
                _(
                    "Only a turn-based event's rounds have a deadline in days: choose hours "
                    "a move as the turn timer, or leave the days blank."
                ),
                "round_days",
            )
        return
    if move_hours not in MOVE_HOURS:
        raise ServiceError(_("Choose the hours a move has from the list."), "turn_timer")
    if fmt.setup.turn_based_refusal is not None:
        raise ServiceError(str(fmt.setup.turn_based_refusal), "turn_timer")
    if venue != Event.ONLINE:
        raise ServiceError(
            _("A turn-based event is played online: its tables play over days."), "venue"
        )
    if not 1 <= round_days <= MAX_ROUND_DAYS:
        raise ServiceError(
            _(
                "Give each round of a turn-based event 1 to %(most)s days: at its "
                "deadline bots finish the games still being played."
            )
            % {"most": MAX_ROUND_DAYS},
            "round_days",
        )
    if round_days * 24 < move_hours:
        raise ServiceError(
            ngettext(
                "A round of %(days)s day is shorter than one move's %(hours)s hours: give it "
                "more days.",
                "A round of %(days)s days is shorter than one move's %(hours)s hours: give it "
                "more days.",
                round_days,
            )
            % {"days": round_days, "hours": move_hours},
            "round_days",
        )
