"""What every change to a table checks first, under the table's row lock: that the
table exists and is open, whether a game is being played there, and who may start its
games. The tables, a table's life and the games (`games.services`) all ask here."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import access, gates
from games.errors import ServiceError
from games.models import Seat, Table

# What a person who may not start a table's games is told, by who starts them
# (`Table.starters`); any other table's games are started by the system.
_NOT_A_STARTER = {
    Table.STARTED_BY_OWNER: gettext_lazy("Only the table's owner can do that."),
    Table.STARTED_BY_PLAYERS: gettext_lazy(
        "Only a player seated at this table can start its game."
    ),
}
_STARTED_FOR_IT = gettext_lazy("This table's games are started for it: wait for the start.")


def locked_table(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist as error:
        raise ServiceError(_("There is no such table.")) from error


def require_open(table: Table) -> None:
    if table.closed_at is not None:
        raise ServiceError(_("This table is closed."))


def in_play(table: Table) -> bool:
    return table.games.in_play().exists()


def mark_active(table: Table) -> None:
    """A seated player acted at `table` (inside its locked transaction)."""
    table.last_activity = timezone.now()
    table.save(update_fields=["last_activity"])


def may_start(table: Table, user: Any, seats: list[Seat]) -> bool:
    """Whether `user` may start a game at `table`, whose seats are `seats`. None is the
    system (a tournament), which may start any table's games; for a person,
    `access.starts_games` decides (the one rule: the table page's Start button and the
    game-over panel ask it too)."""
    if user is None:
        return True
    seated = user.pk is not None and any(seat.user_id == user.pk for seat in seats)
    return access.starts_games(table, user.pk, seated=seated)


def rated_refusal(table: Table, user: Any, seats: list[Seat]) -> str | None:
    """Why a rated game cannot start at `table` now (None: it can, or the table is not
    rated): someone seated may not play rated games (`games.gates.RATED_PLAY`, a ban
    another app keeps: docs/fair-play.md#sanctions). The person banned reads their own
    reason; anyone else a sentence that names no one."""
    if not table.rated:
        return None
    asker = getattr(user, "pk", None)
    others = False
    for seat in seats:
        if (
            seat.user is None
            or (refused := gates.refusal(gates.RATED_PLAY, seat.user, table)) is None
        ):
            continue
        if seat.user_id == asker:
            return refused
        others = True
    if others:
        return str(_SOMEONE_BANNED)
    return None


_SOMEONE_BANNED = gettext_lazy(
    "Someone seated here may not play rated games now: a rated game starts once their seat is free."
)


def require_starter(table: Table, by: Any, seats: list[Seat]) -> None:
    """`by` may start a game at `table` (`may_start`), or is told who may."""
    if not may_start(table, by, seats):
        raise ServiceError(str(_NOT_A_STARTER.get(table.starters, _STARTED_FOR_IT)))
