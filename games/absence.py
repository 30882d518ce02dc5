"""No table waits for ever on someone who is gone (issue 21): the policy and its numbers.

- **Turn timer on by default.** A new table's turn timer is DEFAULT_TURN_TIMER (60 s);
  "No timer" stays a choice. When a turn's time runs out a bot plays that turn for the
  player (`services.time_out_turn`, logged as `turn_timed_out`); after two such turns
  in a row the player is away (`player_away`, reason "timer").
- **No timer: gone on your turn.** At a table without a timer, a player whose turn has
  lasted more than ABSENT_SECONDS (60 s) with no sign of them is marked away (reason
  "absent") and a bot plays for them (`services.mark_absent`, from beat's sweep every
  5 s). A sign of them is an open game socket (its presence key, refreshed every 7.5 s,
  lapses 45 s after its web process stops) or a request of theirs for the table's page,
  its game view or a move in the last SEEN_SECONDS (5 minutes): a page without
  JavaScript has no socket and does not reload itself on its player's turn, so that
  player has 5 minutes to think. Closing the last socket of a seat clears both marks,
  so a browser with JavaScript that leaves is noticed a minute into the turn. When the
  cache cannot be read (presence unknown) no one is marked away.
- **The host and staff.** The table's owner, and staff, may let a bot play for any
  person in the game (`services.replace_with_bot`, reason "host" or "staff"), or end the
  game (`services.end_game`): the standings at that moment stand and no one wins. The
  game's status is ENDED, with its reason; profiles count it in no one's played or won
  games. Both check the seq the asker saw, under the game's row lock: of an "end the
  game" and a move made at the same moment exactly one happens, and the log shows which.
- **Coming back.** A player who is away, for any of these reasons, plays their own turns
  again once they press "I'm back" (one click, the same with JavaScript or without; from
  the turn in play if the bot has not moved yet, else from their next turn). Opening the
  page or reconnecting does not bring them back by itself: a tab left open on an idle
  computer reconnects on its own. A move of their own, made before the bot moves for
  them, brings them back too.
- **Abandoned games.** A game in which no person has made a move of their own or pressed
  "I'm back" for ABANDONED_AFTER (24 hours) ends itself from the sweep
  (`services.end_abandoned`, reason "abandoned"), recorded like a game the host ended.
  A lobby table's host always plays, and a table opened by the system (a tournament's,
  `services.open_table`) seats people too; a game whose people are all away while bots
  play for them is included: bots alone do not keep it going.

- **Turn-based tables** (docs/tables.md#hours-a-move) give each move MOVE_HOURS hours instead of
  seconds (`Table.move_hours`). The timer works as above -- a bot plays a turn whose
  time ran out, two in a row and the player is away -- but a turn's deadline is found
  by the sweep rather than by a countdown task (a task held for days in a worker's
  memory), no one is marked away for being gone on their turn (everyone is, most of
  the time), a table between games is idle after its move time on top of the live
  tables' limit, and a game is abandoned only after `abandoned_after`.

Every one of these is a service call that appends an event (`games.engine.events`
TABLE_EVENTS), so a game's log says what happened and why; the moves a bot made for a
person are marked on their rows (`GameEvent.by_bot`), and that player's page says so.
"""

from __future__ import annotations

from datetime import datetime, timedelta

DEFAULT_TURN_TIMER = 60  # seconds: a new table's turn timer
ABSENT_SECONDS = 60  # no timer: a turn this long with no sign of its player
SEEN_SECONDS = 300  # a page request is a sign of its player for this long
ABANDONED_AFTER = timedelta(hours=24)  # no person's move: the game ends itself
MOVE_HOURS = (12, 24, 72)  # a turn-based table's choices: hours a move
# Away for good: a bot plays to the end and the player cannot take the seat back (they
# withdrew from the event; the deadline of a turn-based event's round passed).
TO_THE_END = ("withdrawn", "deadline")


def abandoned_after(move_hours: int, people: int) -> timedelta:
    """How long a game may go without a person's move before it ends itself. At a live
    table ABANDONED_AFTER; at a turn-based one long enough for each of its `people` to
    let two turns run out (they are away after two, and bots play on for them), so a
    game whose people still come back is never ended for being slow."""
    if not move_hours:
        return ABANDONED_AFTER
    return max(ABANDONED_AFTER, timedelta(hours=2 * people * move_hours))


def idle_cutoff(idle_since: datetime, move_hours: int) -> datetime:
    """A table between games no one has looked at since this is idle: `idle_since` (the
    live tables' cutoff) at a live table, a move's time before it at a turn-based one,
    whose players come by once or twice a day."""
    return idle_since - timedelta(hours=move_hours)
