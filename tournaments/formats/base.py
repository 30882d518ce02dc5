"""What a tournament format is (docs/tournaments.md#formats-one-plug-in-each): a
composition of narrow roles, each one job, in the manner of lichess's Swiss `System` (a
pairing system and a scoring system) and Tabbycat's one-job draw managers and standings
metrics.

A format is one `Format`, registered in `tournaments.formats.FORMATS` under its
`Event.format` value. The rest of the app asks the role it needs, never which format
it is: `fmt.rounds.start(event)`, `fmt.pages.status(...)`, `fmt.words.title(n)`.

- `setup` (`formats.setup.Setup`): its options at creation and what it refuses then;
- `rounds` (`formats.rounds.Rounds`): a round's life: the field at the start, seating,
  starting and recording rounds, a card table's result recorded, withdrawals, the games
  of an entry, and the refusals of a running event's common actions;
- `card_result` (`formats.cards.Places`): what a card table's result is, checked,
  compared, shown and recorded;
- `words` (`formats.words.RoundWords`): what it calls a round, and where a player sits
  next;
- `pages` (`formats.pages.Pages`): the event page's status and live part, the
  projector's, "About this event", the standings' columns, placings and own lines;
- `exports` (`Exports`): the standings CSV and the club's season;
- `checks` (`Checks`): its rounds drawn again from the revealed seed;
- `games` (`Games`): where it keeps its games;
- `table_notes`: what its tables' pages add (`games.notes`), if anything.

A role is any object with the role's methods: an instance of a role class, or, for a
role with nothing to share, a module of functions (`formats.swiss.exports`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from django.utils.functional import Promise

from games.models import Table
from games.notes import Line
from tournaments.formats import games as round_table_games
from tournaments.formats.cards import PLACES, Places
from tournaments.formats.pages import Pages
from tournaments.formats.placings import SeasonResult
from tournaments.formats.rounds import Rounds
from tournaments.formats.seat_checks import Check
from tournaments.formats.setup import Setup
from tournaments.formats.words import ROUND_WORDS, RoundWords
from tournaments.models import Event


class Exports(Protocol):
    """What leaves the event page: its standings as a file, its players' season."""

    def csv_rows(self, event: Event) -> list[list[str]]:
        """The standings as the CSV export writes them, header first."""
        ...

    def season(self, event: Event) -> list[SeasonResult]:
        """Each player's contribution to the club's season (docs/tournaments.md#the-season)."""
        ...


class Checks(Protocol):
    def seating_checks(self, event: Event) -> list[Check]:
        """Every round of a finished event drawn again from its revealed seed, the
        algorithm's version and the recorded results, through the same code that seated
        it, and compared with what was played (docs/fair-seating.md#drawing-again): one
        `Check` a round (and any the format adds: duplicate boards, lots)."""
        ...


class Games(Protocol):
    """Which event a finished game belongs to, and the finished games not recorded."""

    def event_of_game(self, game_id: int) -> int | None: ...

    def unrecorded_games(self) -> list[int]: ...


# A `games.notes` provider: the lines a table's page adds for its viewer.
Notes = Callable[[Table, Any], list[str | Line]]


@dataclass(frozen=True, eq=False)
class Format:
    """One format: its key (`Event.format`), its words for people, its template, and
    its roles. The defaults are those of most formats (options of none, places at a
    card table, rounds called rounds, games kept by the round tables, no table notes)."""

    key: str
    # Its name in the format select (the model's choices, `tournaments.models`).
    label: str | Promise
    # What it is, in a sentence, under the create form's format select.
    description: str | Promise
    # Its partials: `about` (the event's facts), `live` (what changes as it runs) and
    # `projector`: `templates/tournaments/formats/<key>.html`.
    template: str
    rounds: Rounds
    pages: Pages
    exports: Exports
    checks: Checks
    setup: Setup = Setup()
    card_result: Places = PLACES
    words: RoundWords = ROUND_WORDS
    games: Games = round_table_games
    table_notes: Notes | None = None
