"""The one write path for tables and games (docs/persistence.md#the-write-path).

Every function is keyword-only and runs in one transaction. `play` locks the game row,
checks the caller's `expected_seq`, lets the engine validate and apply the move,
appends the events and saves the snapshot; what follows a change (pushes, the next bot
turn or timer, `game_finished`) is left to `games.notify`, which does it on commit, so
no one hears of a move that is not in the log.
Views, consumers, tasks and the admin call these; none writes game state itself.

Besides the moves, the log holds table events (`engine.events.TABLE_EVENTS`): whose
time ran out, who is away and why, who came back, a game ended before anyone won. The
policy they carry out, and its numbers, is in `games.absence`.

One module per part, each name re-exported here, so callers write
`from games import services` and `services.start_game(...)`:

- `tables`: opening tables, joining, bots, leaving a seat, the system reseating one;
- `table_life`: closing a table (by its host, staff, its host leaving, the sweep);
- `table_checks`: what every change to a table checks under its lock, and who may
  start its games (`games.access.starts_games` decides);
- `playing`: starting a game, a person's move, a bot's, a timed-out turn, coming back;
- `level_agreements`: levels added to the bus by agreement;
- `away`: away players and games ended early (`games.absence`'s policy);
- `erasure`: a deleted member's name out of their games, their chat lines gone;
- `reviews`: the bots' review of a finished game, written once;
- `game_log`: what a change to a game writes (events, decks' commitments, snapshot);
- `sources`: the decks and the bots' seeds, the seams tests replace -- in that module,
  which the services call through (replacing `games.services.new_deck_source` would
  not reach them).

`ServiceError` and `StaleMove` live in `games.errors`. No module is named after a
function re-exported here: `from games.services import play` is the function.
"""

from __future__ import annotations

from games.errors import ServiceError, StaleMove
from games.services.arrival import arrive
from games.services.away import (
    DEADLINE,
    STAND_IN,
    WITHDRAWN,
    end_abandoned,
    end_game,
    finish_with_bots,
    let_bot_finish,
    mark_absent,
    replace_with_bot,
    stand_in,
)
from games.services.erasure import forget_player
from games.services.game_log import MoveResult
from games.services.level_agreements import answer_levels, propose_levels
from games.services.playing import (
    _bot_choice,
    come_back,
    play,
    play_for_bot,
    start_game,
    time_out_turn,
    unseal,
)
from games.services.reviews import review_game, reviews_missing
from games.services.sources import new_bot_seed, new_deck_source
from games.services.table_checks import may_start, rated_refusal
from games.services.table_life import (
    ACTIVITY_SECONDS,
    close_if_idle,
    close_table,
    idle_tables,
    leave_table,
    next_host,
    note_activity,
)
from games.services.tables import (
    SeatSpec,
    TableSpec,
    add_bot,
    checked_timer,
    create_table,
    join_table,
    leave_seat,
    open_table,
    open_tables,
    set_seats,
)
from games.services.vacation import away_changed

__all__ = [
    "arrive",
    "ACTIVITY_SECONDS",
    "DEADLINE",
    "STAND_IN",
    "WITHDRAWN",
    "MoveResult",
    "SeatSpec",
    "ServiceError",
    "StaleMove",
    "TableSpec",
    # Read by a test, which replaces it in games.services.playing, where play_for_bot looks.
    "_bot_choice",
    "add_bot",
    "answer_levels",
    "checked_timer",
    "close_if_idle",
    "close_table",
    "come_back",
    "create_table",
    "end_abandoned",
    "end_game",
    "finish_with_bots",
    "idle_tables",
    "join_table",
    "leave_seat",
    "leave_table",
    "forget_player",
    "away_changed",
    "let_bot_finish",
    "mark_absent",
    "may_start",
    "rated_refusal",
    "new_bot_seed",
    "new_deck_source",
    "next_host",
    "note_activity",
    "open_table",
    "open_tables",
    "play",
    "play_for_bot",
    "stand_in",
    "propose_levels",
    "replace_with_bot",
    "review_game",
    "reviews_missing",
    "set_seats",
    "start_game",
    "time_out_turn",
    "unseal",
]
