"""A round as its printed pages show it (docs/club-night.md#print): its tables, each with its
seats in order and the players' names, read the same in every format; a format's
`printed_round` adds its title and its own lines. Names and seats only: no place, no
card."""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments import roster
from tournaments.models import Round
from tournaments.words import seat_name


@dataclass
class PrintedSeat:
    seat: int  # 1-based
    name: str  # the player, or "Bot (medium)"
    bot: bool


@dataclass
class PrintedTable:
    """A table as the printed pairings and its table card show it (docs/club-night.md#print):
    its number, its seats in order, and its `games.Table` (None until the round starts
    and opens it)."""

    number: int
    table_id: int | None
    seats: list[PrintedSeat] = field(default_factory=list)
    # Played with real cards (docs/club-night.md#qr-codes): its card's QR code leads to
    # its result page, by the round table's id.
    cards_id: int | None = None


@dataclass
class PrintedRound:
    """A round as it is printed: its title ("Round 2 of 3", "Deal 4"), its tables, and
    any lines the format adds (a duplicate round's boards)."""

    number: int
    title: str
    tables: list[PrintedTable]
    notes: list[str] = field(default_factory=list)
    # The title as a sentence says it ("Pairings, round 2 of 3"): each language's own
    # words (a German noun keeps its capital), never the title lower-cased.
    title_within: str = ""

    @property
    def within(self) -> str:
        return self.title_within or self.title


def printed_tables(round_: Round) -> list[PrintedTable]:
    """The round's tables, seats in seat order, named as every page names them (a bot
    as "Bot (medium)"). Names and seats only: no place, no card."""
    return [
        PrintedTable(
            number=seats[0].table.number,
            table_id=seats[0].table.table_id,
            seats=[PrintedSeat(s.position + 1, seat_name(s), s.entry_id is None) for s in seats],
            cards_id=seats[0].table.pk if seats[0].table.cards else None,
        )
        for seats in roster.seated_tables(round_)
    ]
