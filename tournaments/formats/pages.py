"""What a format's pages show (docs/club-night.md#the-projector): the role behind the event page's
status line and live part, the projector's part, "About this event", the podium and a
player's own line, the printed round, and the standings table's columns. The pages
(`tournaments.pages`, `projector`, `views.printing`, `card_next`) ask `Format.pages`;
they never branch on a format.

The standings of every format are one table (`StandingsTable`, the partial
`tournaments/_event_parts.html#standings`): the format gives its caption, its columns
and its rows (`Line`: a rank or place, the player, the format's figures)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from tournaments.formats import printed
from tournaments.formats.placings import Placing
from tournaments.formats.words import ROUND_WORDS, RoundWords
from tournaments.models import Entry, Event, Round


@dataclass(frozen=True)
class Column:
    """A column of the standings: its head (words, or HTML marked safe) and its class."""

    label: str
    css: str = ""


@dataclass(frozen=True)
class Cell:
    text: str | int
    css: str = ""


class Line(Protocol):
    """A standings row as the table shows it: `lead` (the rank, "=3rd", "" for someone
    not ranked), the player, and the format's figures after the name."""

    @property
    def lead(self) -> str | int: ...

    name: str
    withdrawn: bool
    mine: bool

    @property
    def figures(self) -> Sequence[Cell]: ...


@dataclass
class StandingsTable:
    """The event page's standings, the same frame in every format: empty (`rows`
    none) before anyone is ranked, when `unranked` lists the registered players
    (name, whether the viewer's) and `not_ranked` says until when."""

    caption: str
    columns: list[Column]
    rows: Sequence[Line] = ()
    # The rows rendered already (Swiss: once for every viewer, `SwissFacts`).
    rows_html: str = ""
    classes: str = "standings"
    unranked: list[tuple[str, bool]] = field(default_factory=list)
    # The names rendered already, the viewer's marked (Swiss: `SwissFacts`).
    unranked_html: str = ""
    not_ranked: str = ""


class Pages:
    """The defaults; a format overrides what it shows differently."""

    words: RoundWords = ROUND_WORDS
    # Whether its `live_facts` are kept in Django's cache, shared by every process and
    # every viewer, by the event's `live_version` and the language
    # (`tournaments.pages.live_facts`; docs/tournaments.md#the-event-page-from-a-cache):
    # 0, never; else the version of their shape, in the key (count it up when what they
    # hold changes, so a deploy never reads the code before's). Only facts that hold
    # nothing of any viewer and no model (cheap to unpickle) may be cached.
    live_facts_cache: int = 0

    def heading(self, event: Event) -> str:
        """The line under the event's name: "Swiss, 3 rounds"."""
        raise NotImplementedError

    def summary(self, event: Event) -> str:
        """The event list's word for it: "3 rounds", "Knockout"."""
        return ngettext("%(count)s round", "%(count)s rounds", event.rounds) % {
            "count": event.rounds
        }

    def status(self, event: Event, shown: Round | None, waiting: Round | None) -> str:
        """The event page's one-line status."""
        raise NotImplementedError

    def live_facts(self, event: Event) -> Any:
        """What the live part shows alike to every viewer, read once for a push's
        sockets (None: nothing worth sharing)."""
        return None

    def live_context(self, event: Event, user: Any, facts: Any) -> dict[str, Any]:
        """The format's part of the event page's live part, for `user`."""
        raise NotImplementedError

    def projector_context(self, event: Event) -> dict[str, Any]:
        """What the format's `projector` partial shows on the club room's big screen
        (tournaments.room.projector), alike for everyone, so pushed once per change: `status`,
        `round_title` ("Round 2 of 5", "Deal 4"), `tables` (seats in order, names only),
        `standings` (a `tournaments.formats.screen_parts.ScreenStandings`), `next_up` (what a
        break leads to: "Round 3"; None when nothing follows) and its own extras.
        Public facts only: nothing near a card."""
        raise NotImplementedError

    def about_context(self, event: Event) -> dict[str, Any]:
        """What the format's `about` partial needs beyond the event."""
        return {}

    def placings(self, event: Event) -> list[Placing]:
        """Every player ranked, best first, as the standings rank them: what the podium
        and a player's own line read once the event is finished."""
        raise NotImplementedError

    def own_line(self, placing: Placing, field: int) -> str:
        """A player's line in "Your entry" once the event is finished: "You finished
        7th of 12 — 5 points, 48% of the points possible." (`field`: the players
        ranked)."""
        values = {"place": placing.place, "field": field, "detail": placing.detail}
        if placing.withdrawn:
            return (
                _("You withdrew; your games stand: %(place)s of %(field)s — %(detail)s.") % values
            )
        return _("You finished %(place)s of %(field)s — %(detail)s.") % values

    def unseated_line(self, event: Event, entry: Entry | None, round_: Round) -> str:
        """What a card table's result page tells a player of it who has no table in the
        round that followed (`tournaments.cards.card_next`)."""
        return self.words.no_table(round_.number)

    def printed_round(self, event: Event, round_: Round) -> printed.PrintedRound:
        """A round's tables as its printed pairings and table cards show them
        (docs/club-night.md#print): who sits where, named; a format adds its own words."""
        return printed.PrintedRound(
            number=round_.number,
            title=_("Round %(number)s of %(rounds)s")
            % {"number": round_.number, "rounds": event.rounds},
            title_within=pgettext("within a sentence", "round %(number)s of %(rounds)s")
            % {"number": round_.number, "rounds": event.rounds},
            tables=printed.printed_tables(round_),
        )
