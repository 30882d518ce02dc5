"""Everything that changes a club's event (docs/tournaments.md#writes): the entry point of
every write to the tournament models. What is common to every format is here: the
event's row lock, who may act (`clubs.access`), the event's status and telling its
pages (`changed`). What differs is the event's format (`tournaments.formats`), which
these modules call and never branch on; the formats' `rounds` modules write the rounds
under the lock held here.

Each public function checks who is asking and the event's state and either does the
whole change or raises `ServiceError` with a sentence for the person, having written
nothing. Changes to an event's rounds lock the event row first (`locked_event`), so
two browsers, two workers or a browser and a worker that act on the same event at the
same moment take turns, and the second sees what the first did: a round is seated
once, started once and advanced once.

A round's life: seated (`Format.rounds.seat`) → playing (`.start_round`) → finished
(when the format records the last table's game in `record_table`, which
`tournaments.receivers` queues when games announces a finished game). Then the format
seats the next round (started at once when the event advances by itself, or when the
organizer says), or the event is over.

One module per part, each name re-exported here, so callers write
`from tournaments import services` and `services.register(...)`:

- `access`: the event's lock and who may act (`organizer_event`), and telling its
  pages (`changed`);
- `creating`: creating an event, its terms checked (a turn-based pace: `turn_based`);
- `entries`: registering, adding a member, withdrawing, checking in, registration
  opened or closed, the late-entry rule; `guests`: visitors without an account;
- `rescheduling`: moving and cancelling an event that has not started;
- `rounds`: the start, starting and scheduling rounds, pausing, corrections, the end;
- `seats`: a seated round's swaps and locks, and seating a waiting round again;
- `keep_apart`: the event's own keep-apart pairs;
- `club_night`: a bot for a no-show, a break, announcements;
- `clock`: games finishing, and beat's sweep.

`ServiceError` lives in `games.errors`. No module is named after a function
re-exported here.
"""

from __future__ import annotations

from games.errors import ServiceError
from tournaments.services.access import (
    CANCELLED,
    changed,
    dry_run,
    locked_event,
    organizer_event,
    require_open,
    require_organizer,
)
from tournaments.services.clock import (
    finish_at_deadline,
    open_registration_if_due,
    record_table,
    sweep,
)
from tournaments.services.club_night import (
    MAX_ANNOUNCEMENT,
    MAX_BREAK_MINUTES,
    announce,
    call_break,
    end_break,
    stand_in,
    stand_in_ended,
)
from tournaments.services.creating import (
    create_event,
    default_tiebreaks,
    rule_sets_for,
)
from tournaments.services.entries import (
    add_entry,
    check_in,
    check_in_for,
    late_entry_refusal,
    next_round_number,
    not_checked_in,
    register,
    set_registration,
    withdraw,
)
from tournaments.services.guests import (
    GUEST_MARKS,
    GUEST_NAME_MAX,
    add_guest,
    erase_guest,
    guest_refusal,
    guest_username,
)
from tournaments.services.keep_apart import add_event_keep_apart, remove_event_keep_apart
from tournaments.services.rescheduling import cancel_event, move_event
from tournaments.services.rounds import (
    correct_result,
    finish_event,
    schedule_round,
    set_paused,
    start_event,
    start_round,
    start_round_if_due,
)
from tournaments.services.seats import lock_seat, swap_seats

__all__ = [
    "CANCELLED",
    "GUEST_MARKS",
    "GUEST_NAME_MAX",
    "MAX_ANNOUNCEMENT",
    "MAX_BREAK_MINUTES",
    "ServiceError",
    "add_entry",
    "add_event_keep_apart",
    "add_guest",
    "announce",
    "call_break",
    "cancel_event",
    "changed",
    "check_in",
    "check_in_for",
    "correct_result",
    "create_event",
    "default_tiebreaks",
    "dry_run",
    "end_break",
    "erase_guest",
    "finish_at_deadline",
    "finish_event",
    "guest_refusal",
    "guest_username",
    "late_entry_refusal",
    "lock_seat",
    "locked_event",
    "move_event",
    "next_round_number",
    "not_checked_in",
    "open_registration_if_due",
    "organizer_event",
    "record_table",
    "register",
    "remove_event_keep_apart",
    "require_open",
    "require_organizer",
    "rule_sets_for",
    "schedule_round",
    "set_paused",
    "set_registration",
    "stand_in",
    "stand_in_ended",
    "start_event",
    "start_round",
    "start_round_if_due",
    "swap_seats",
    "sweep",
    "withdraw",
]
