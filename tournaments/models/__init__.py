"""Tournaments run by clubs (docs/tournaments.md#models).

An `Event` belongs to a club, plays one format (`tournaments.formats`) and freezes its
rules when it is created. Players enter it (`Entry`); each `Round` seats them at
`RoundTable`s (each a `games.Table`, a game or many) and may give the odd ones out a
`Bye`. A table's `RoundSeat`s hold who sat where and, when its game is over, their
place. Standings are computed from those rows by the event's format, never stored. A
corrected place keeps its old value in a `Correction`. The writes are in
`tournaments.services` and the formats' `rounds` modules it calls, under the event's
row lock; who may act is `clubs.access` (an event's club's organizers).

One module per part, each model re-exported here, so callers (and the migrations)
write `from tournaments.models import Event`:

- `events`: the event, its terms and status; `seeds`: its seed and the commitment to it;
- `entries`: a player's entry; `keep_apart`: the event's own keep-apart pairs;
- `rounds`: rounds, their tables and seats, byes, swaps and corrections;
- `boards`: a duplicate event's boards; `knockout`: a knockout's players and moves;
- `news`: the organizer's announcements; `organizer_calls`: players calling the
  organizer to their table; `cards`: the results of tables played with
  real cards;
- `schedule`: weekly series and the players' calendar feeds;
- `leagues`: a club's leagues, sets of its events added up into one table.
"""

from __future__ import annotations

from tournaments.models.boards import Board, BoardPlay
from tournaments.models.cards import CardResult
from tournaments.models.entries import Entry
from tournaments.models.events import Event, _default_tiebreaks, _token, format_choices
from tournaments.models.keep_apart import EventKeepApart
from tournaments.models.knockout import KnockoutMove, KnockoutPlayer
from tournaments.models.leagues import League
from tournaments.models.news import Announcement
from tournaments.models.organizer_calls import OrganizerCall
from tournaments.models.rounds import Bye, Correction, Round, RoundSeat, RoundTable, SeatSwap
from tournaments.models.schedule import CalendarFeed, EventSeries, _feed_token
from tournaments.models.seeds import _seed

__all__ = [
    "Announcement",
    "Board",
    "BoardPlay",
    "Bye",
    "CalendarFeed",
    "CardResult",
    "Correction",
    "Entry",
    "Event",
    "EventKeepApart",
    "EventSeries",
    "KnockoutMove",
    "KnockoutPlayer",
    "League",
    "OrganizerCall",
    "Round",
    "RoundSeat",
    "RoundTable",
    "SeatSwap",
    # The fields' defaults, as the migrations name them (tournaments.models._token).
    "_default_tiebreaks",
    "_feed_token",
    "_seed",
    "_token",
    # The format choices, as migration 0016 names them.
    "format_choices",
]
