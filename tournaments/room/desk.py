"""The check-in desk: the console's first screen before and while an event starts
(docs/club-night.md#the-check-in-desk). Who registered, who checked in and when, whom
the start would withdraw for not checking in, and, once round 1 (a knockout's deal 1) is
played, who has not come to their table yet — read from the console's tables
(`console.Seat.arrived`, games' public `GamePlayer.arrived_at`), never a card.

Reading only: the organizer's "Check in for them" is `services.check_in_for`, and the
start's count is `services.not_checked_in`, the rule `services.start_event` applies."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import page_parts, services
from tournaments.models import Entry, Event
from tournaments.room.console import Console
from tournaments.words import number_list


@dataclass
class Row:
    entry: Entry
    name: str
    checked_in_at: datetime | None
    # Withdrawn by the start for not checking in (`Entry.missed_check_in`).
    missed: bool = False
    # Their table in the round being played, and whether they have opened its game
    # (None: it does not apply: a bot plays for them, their game is over, cards).
    table: int | None = None
    arrived: bool | None = None
    stand_in: bool = False  # a bot plays for them this round


@dataclass
class Desk:
    check_in: bool  # the event has check-in
    open: bool  # players may still check in (the event has not started)
    rows: list[Row] = field(default_factory=list)
    # "10 of 11 checked in — hank will be withdrawn at the start."
    count: str = ""
    # Whom the start withdraws: the two-step start asks about them first.
    missing: list[str] = field(default_factory=list)
    # "9 of 11 at their tables. Not at the table yet: hank (table 2)."
    arrivals: str = ""


def shown(event: Event, console: Console) -> bool:
    """The desk is the first screen until round 1 is over: before the start, and while
    the first round (seated or played) is the event's current one."""
    if event.status == Event.UPCOMING:
        return True
    if event.status != Event.RUNNING:
        return False
    if console.round_ is not None:
        return console.round_.number == 1
    waiting = page_parts.waiting_round(event)
    return waiting is not None and waiting.number == 1


def desk(event: Event, console: Console, entries: list[Entry]) -> Desk:
    """The desk of `event`, from its `entries` (`roster.entries`) and the console of
    the round in play."""
    upcoming = event.status == Event.UPCOMING
    found = Desk(check_in=bool(event.checkin_minutes), open=upcoming)
    seats = {
        seat.entry.pk: (table.number, seat)
        for table in console.tables
        for seat in table.seats
        if seat.entry is not None
    }
    for entry in sorted(entries, key=lambda e: e.user.get_username().casefold()):
        if not entry.active and not entry.missed_check_in:
            continue  # withdrawn by themselves or the organizer: the players' list says so
        row = Row(entry, entry.user.get_username(), entry.checked_in_at, entry.missed_check_in)
        if entry.pk in seats:
            row.table, seat = seats[entry.pk]
            row.arrived, row.stand_in = seat.arrived, seat.stand_in
        found.rows.append(row)
    active = [row for row in found.rows if not row.missed]
    if upcoming and found.check_in:
        found.missing = [e.user.get_username() for e in services.not_checked_in(event)]
        found.count = count_line(len(active), found.missing)
    elif upcoming:
        found.count = ngettext("%(count)s registered.", "%(count)s registered.", len(active)) % {
            "count": len(active)
        }
    found.arrivals = _arrivals(found.rows)
    return found


def count_line(registered: int, missing: list[str]) -> str:
    """ "10 of 11 checked in — hank will be withdrawn at the start.", or "All 11
    checked in." What the desk says and the start asks with."""
    if not registered:
        return _("No one has registered yet.")
    if not missing:
        return ngettext("%(count)s player checked in.", "All %(count)s checked in.", registered) % {
            "count": registered
        }
    said = {
        "here": registered - len(missing),
        "count": registered,
        "names": number_list(missing),
    }
    return (
        ngettext(
            "%(here)s of %(count)s checked in — %(names)s will be withdrawn at the start.",
            "%(here)s of %(count)s checked in — %(names)s will be withdrawn at the start.",
            len(missing),
        )
        % said
    )


# Up to this many players not at their table yet are named in the desk's line.
NAMED_LATE = 3


def _arrivals(rows: list[Row]) -> str:
    """ "9 of 11 at their tables. Not at the table yet: hank (table 2)." ("" when no
    game of the round is in play; the names only when there are few)."""
    seated = [row for row in rows if row.arrived is not None]
    if not seated:
        return ""
    away = [row for row in seated if not row.arrived]
    here = ngettext(
        "%(here)s of %(count)s at their table.",
        "%(here)s of %(count)s at their tables.",
        len(seated),
    ) % {"here": len(seated) - len(away), "count": len(seated)}
    if not away or len(away) > NAMED_LATE:
        return here  # many: the rows below say who
    late = ", ".join(
        _("%(name)s (table %(table)s)") % {"name": row.name, "table": row.table} for row in away
    )
    return _("%(here)s Not at the table yet: %(names)s.") % {"here": here, "names": late}
