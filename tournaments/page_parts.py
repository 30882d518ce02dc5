"""The building blocks of the event pages, the same in every format: who the viewer is
in the event, the round shown, its tables and "your table", the shared facts of an
event with seated rounds. The formats' `pages` modules build on these; the page
itself is put together by `tournaments.pages`. Reading only, and nothing here comes
near a card."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language

from tournaments import roster
from tournaments.models import Bye, Entry, Event, Round, RoundSeat, RoundTable
from tournaments.words import ordinal, seat_name


@dataclass
class SeatLine:
    seat: int  # 1-based
    name: str
    place: str  # "2nd", or "" while playing (in the reader's language)
    mine: bool = False
    won: bool = False  # first at the table (shown apart, whatever the language)


@dataclass
class TableLine:
    number: int
    url: str | None  # the games.Table, to watch or play
    finished: bool
    seats: list[SeatLine] = field(default_factory=list)
    # A table played with real cards: its result page, for its players
    # (docs/club-night.md#card-tables).
    result_url: str | None = None


@dataclass(frozen=True)
class ShownRound:
    """What the pages show of a round, without the model: a cached part of a page
    (`tournaments.formats.swiss.pages.SwissFacts`) keeps this, not the `Round`."""

    number: int
    status: str
    deadline: datetime | None

    @classmethod
    def of(cls, round_: Round) -> ShownRound:
        return cls(round_.number, round_.status, round_.deadline)


@dataclass
class YourTable:
    round: int
    table: int
    seat: int
    url: str | None
    result_url: str | None = None


def entry_of(event: Event, user: Any) -> Entry | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return Entry.objects.filter(event=event, user=user).first()


def shown_round(event: Event) -> Round | None:
    return event.round_set.exclude(status=Round.SEATED).order_by("-number").first()


def waiting_round(event: Event) -> Round | None:
    return event.round_set.filter(status=Round.SEATED).first()


def table_url(round_table: RoundTable) -> str | None:
    return reverse("table", args=[round_table.table_id]) if round_table.table_id else None


def tables_of(
    round_: Round, me: Entry | None, seated: Sequence[list[RoundSeat]] | None = None
) -> list[TableLine]:
    """The round's tables for `me` (`seated`: its tables' seats, when read already)."""
    lines: list[TableLine] = []
    for seats in roster.seated_tables(round_) if seated is None else seated:
        table = seats[0].table
        line = TableLine(table.number, table_url(table), table.finished_at is not None)
        if table.cards:
            line.result_url = reverse("tournaments:card_result", args=[round_.event_id, table.pk])
        line.seats = [
            SeatLine(
                seat=s.position + 1,
                name=seat_name(s),
                place=ordinal(s.place) if s.place and line.finished else "",
                mine=me is not None and s.entry_id == me.pk,
                won=s.place == 1 and line.finished,
            )
            for s in seats
        ]
        lines.append(line)
    return lines


def your_table(tables: list[TableLine], round_: Round | ShownRound) -> YourTable | None:
    for table in tables:
        for seat in table.seats:
            if seat.mine:
                return YourTable(
                    round_.number, table.number, seat.seat, table.url, table.result_url
                )
    return None


@dataclass(frozen=True)
class RoundFacts:
    """What the live part of an event with seated rounds (Swiss, duplicate) shows alike
    to every viewer, read once: a push renders the part for every socket of a process,
    each viewer's own marks (their table) come from these without a query."""

    event: Event
    shown: Round | None
    status: str
    entries: dict[int, Entry]  # by user id, withdrawn or not
    names: dict[int, str]
    seated: list[list[RoundSeat]]  # the shown round's tables
    byes: frozenset[int]  # the entries with a bye in the shown round

    def entry_of(self, user: Any) -> Entry | None:
        if not getattr(user, "is_authenticated", False):
            return None
        return self.entries.get(user.pk)


class SaysStatus(Protocol):
    """What `round_facts` asks of the event's format (`Format.pages.status`), so these
    blocks, which the formats build on, import none of them."""

    def status(self, event: Event, shown: Round | None, waiting: Round | None) -> str: ...


def round_facts(event: Event, pages: SaysStatus) -> RoundFacts:
    shown = shown_round(event)
    everyone = roster.entries(event)
    return RoundFacts(
        event=event,
        shown=shown,
        status=pages.status(event, shown, waiting_round(event)),
        entries={e.user_id: e for e in everyone},
        names=roster.names(everyone),
        seated=roster.seated_tables(shown) if shown else [],
        byes=frozenset(Bye.objects.filter(round=shown).values_list("entry_id", flat=True))
        if shown
        else frozenset(),
    )


def round_context(facts: RoundFacts, me: Entry | None, tables: list[TableLine]) -> dict[str, Any]:
    """The part of a seated-round event's live context about the shown round's tables."""
    shown = facts.shown
    return {
        "event": facts.event,
        "status": facts.status,
        "shown_round": shown,
        "tables": tables,
        "your_table": your_table(tables, shown) if shown else None,
        "your_bye": shown is not None and me is not None and me.pk in facts.byes,
    }


def render_partial(name: str, context: dict[str, Any]) -> str:
    """One of the event page's shared partials (a table row, a standings row)."""
    return render_to_string(f"tournaments/_event_parts.html#{name}", context)


def render_row(name: str, variable: str, row: object) -> str:
    """The partial `name` of one row (a dataclass of words and numbers, the template's
    `variable`), in the active language, kept by what the row shows: after a table's
    result most rows of the standings and every other table's row are the strings the
    last page rendered (docs/tournaments.md#rows-kept-by-what-they-show)."""
    return _kept_row(name, variable, get_language(), _Shown(repr(row), row))


@dataclass(frozen=True)
class _Shown:
    """A row compared by its repr: every field of its dataclass, nested ones too."""

    key: str
    row: object = field(compare=False, hash=False)


@functools.lru_cache(maxsize=4096)  # each process keeps the last few thousand
def _kept_row(name: str, variable: str, language: str | None, shown: _Shown) -> str:
    return render_partial(name, {variable: shown.row})
