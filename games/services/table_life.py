"""A table's life (docs/tables.md#a-tables-life): a table is open until it is closed, for good: by
its host or a moderator, when its host leaves with no other player seated, or by the
sweep when no seated player has looked at it for THIRTYONE_IDLE_TABLE_MINUTES (and a
move's time more at a turn-based table, docs/tables.md#absence-waits-days). Closing
never happens during a game. Seats and games are kept: the people who sat there still
see the table, and why it closed."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from games import absence, access
from games.errors import ServiceError
from games.models import Game, Seat, Table
from games.services.table_checks import in_play, locked_table, mark_active, require_open

log = logging.getLogger(__name__)

# A seated player's page views mark their table as in use at most this often (seconds):
# the page polls every few seconds, and one write a minute is plenty to keep it open.
ACTIVITY_SECONDS = 60


def close_table(*, table: Table, by: Any) -> Table:
    """The host (or a staff member, any table) closes the table between games."""
    with transaction.atomic():
        table = locked_table(table.pk)
        role = access.manager_role(by, table)
        if role == "host":
            reason = Table.CLOSED_BY_HOST
        elif role == "staff":
            reason = Table.CLOSED_BY_STAFF
        else:
            raise ServiceError(_("Only the table's host (or a moderator) can close it."))
        if table.closed_at is not None:
            raise ServiceError(_("This table is already closed."))
        if in_play(table):
            raise ServiceError(
                _("A game is being played at this table: it can be closed once the game is over.")
            )
        _close(table, reason)
    return table


def leave_table(*, table: Table, by: Any) -> Table:
    """`by` leaves the table between games. A player's seat is freed. The host's seat
    goes to the next human player clockwise, who hosts the table from now on; with no
    other human seated (bots cannot host), the table closes instead, seats kept.
    Returns the table as it is now (its owner, or closed_at, tell which happened)."""
    with transaction.atomic():
        table = locked_table(table.pk)
        require_open(table)
        seats = list(table.seats.all()) if by.pk is not None else []
        seat = next((s for s in seats if s.user_id == by.pk), None)
        if seat is None:
            raise ServiceError(_("You have no seat at this table."))
        if in_play(table):
            raise ServiceError(_("You can leave between games, not during one."))
        if seat.user_id != table.owner_id:
            seat.delete()
            mark_active(table)
            return table
        heir = next_host(table, seats)
        if heir is None:
            _close(table, Table.HOST_LEFT)
            return table
        seat.delete()
        table.owner_id = heir.user_id
        table.last_activity = timezone.now()
        table.save(update_fields=["owner", "last_activity"])
        return table


def next_host(table: Table, seats: list[Seat]) -> Seat | None:
    """The seat of the player who would host `table` if its host left: the next human
    clockwise from the host (bots cannot host). None if there is none."""
    start = next((s.position for s in seats if s.user_id == table.owner_id), 0)
    clockwise = sorted(seats, key=lambda s: (s.position - start) % table.seat_count)
    return next((s for s in clockwise if s.user_id not in (None, table.owner_id)), None)


def note_activity(*, table: Table) -> None:
    """A seated player is looking at `table`: it is in use. One write a minute at most;
    not a lock (a timestamp only moves forward, and a closed table stays closed)."""
    now = timezone.now()
    if table.closed_at is not None or table.last_activity > now - timedelta(
        seconds=ACTIVITY_SECONDS
    ):
        return
    Table.objects.filter(pk=table.pk, closed_at__isnull=True).update(last_activity=now)
    table.last_activity = now


def close_if_idle(*, table_id: int, idle_since: datetime) -> bool:
    """Close the table if no seated player was active there, and no game was played
    there, since `idle_since` (a move's time before it at a turn-based table:
    `absence.idle_cutoff`). Safe twice, late or on two workers: whoever comes second
    finds it closed (or active again) and does nothing. Returns whether it closed."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None or table.closed_at is not None:
            return False
        since = absence.idle_cutoff(idle_since, table.move_hours)
        if table.last_activity >= since:
            return False
        if (table.games.in_play() | table.games.filter(updated_at__gte=since)).exists():
            return False
        _close(table, Table.IDLE)
        return True


def idle_tables(idle_since: datetime) -> QuerySet[Table]:
    """Open tables with no activity and no game since `idle_since`, or at a turn-based
    table since a move's time before it (`absence.idle_cutoff`), for the sweep."""
    idle = Q()
    for hours in (0, *absence.MOVE_HOURS):
        since = absence.idle_cutoff(idle_since, hours)
        games = Game.objects.filter(table=OuterRef("pk"))
        recent = games.in_play() | games.filter(updated_at__gte=since)
        idle |= Q(move_hours=hours, last_activity__lt=since) & ~Exists(recent)
    return Table.objects.filter(idle, closed_at__isnull=True)


def _close(table: Table, reason: str) -> None:
    table.closed_at = timezone.now()
    table.closed_reason = reason
    table.save(update_fields=["closed_at", "closed_reason"])
    table_id = table.pk
    transaction.on_commit(lambda: log.info("table %s closed (%s)", table_id, reason))
