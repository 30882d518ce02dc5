"""What a knockout event's pages show, balanced or top q (their `rounds` run them): the
standings (place, the deal or round a player went out in, lives left, the tables they
played at), the tables of the deal or round being played, the placings and a player's
own line. Places, lives and seats only: nothing here comes near a card.

The two formats differ here only in words (`KnockoutWords`, `DealWords`) and in whether
tables are kept from round to round, which each format's `KnockoutPages` says.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from games.engine import Rules
from tournaments.formats import printed
from tournaments.formats.knockout.words import KnockoutWords
from tournaments.formats.pages import Cell, Column, Pages, StandingsTable
from tournaments.formats.placings import Placing, shared_ranks
from tournaments.formats.screen_parts import ScreenRow, ScreenStandings
from tournaments.models import Entry, Event, KnockoutMove, KnockoutPlayer, Round, RoundSeat
from tournaments.page_parts import SeatLine, entry_of, table_url
from tournaments.registration import status_before_start
from tournaments.words import ordinal, seat_name

# What a knockout line's `state` is: still in, the winner, out, or (before the start)
# registered. Its `status` says it in words.
IN, WINNER, OUT, REGISTERED = "in", "winner", "out", "registered"


def state_words(state: str) -> str:
    return {IN: _("in"), WINNER: _("winner"), REGISTERED: _("registered")}.get(state, state)


@dataclass
class KnockoutLine:
    place: str  # "3rd", "=3rd" for a shared place, "" while still in
    name: str
    status: str  # "in", "out on deal 4", "winner", in words
    out_deal: int | None
    lives: int
    lives_text: str  # "2", "0 (on the county)" for a player in (or the winner) on it
    tables: str  # "1, 3": the tables played at, in the order first sat at
    moves: int
    withdrawn: bool
    mine: bool
    entry_id: int | None = None
    rank: int | None = None  # the place as a number, once given
    state: str = IN  # IN, WINNER, OUT or REGISTERED: what `status` says in words

    @property
    def lead(self) -> str:
        return self.place

    @property
    def figures(self) -> list[Cell]:
        return [Cell(self.status), Cell(self.lives_text), Cell(self.tables), Cell(self.moves)]


@dataclass
class DealTable:
    number: int
    url: str | None
    finished: bool
    seats: list[SeatLine] = field(default_factory=list)
    # A card table's result page (docs/club-night.md#entering-and-confirming), where its
    # players enter it.
    result_url: str | None = None


def tables_played(event: Event, kept: bool) -> dict[int, list[int]]:
    """Each entry's tables, in the order they first sat at them (`kept`: the tables are
    kept from round to round); in top-q rounds, whose tables are new each round, the
    table of each round played."""
    played: dict[int, list[int]] = {}
    for entry_id, number in (
        RoundSeat.objects.filter(table__round__event=event, entry__isnull=False)
        .order_by("table__round__number", "table__number")
        .values_list("entry_id", "table__number")
    ):
        mine = played.setdefault(entry_id, [])
        if number not in mine or not kept:
            mine.append(number)
    return played


def lives_text(lives: int, still_in: bool, county: bool) -> str:
    """A player's lives as the page says them: a player still in (or the winner) with
    none left is on the county, not out."""
    if still_in and county and lives == 0:
        return _("%(lives)s (on the county)") % {"lives": lives}
    return str(lives)


def standings(
    event: Event, words: KnockoutWords, kept: bool, me: Entry | None = None
) -> list[KnockoutLine]:
    """Those still in first (most lives first), then those out by place. Before the
    start: none (the pages list the registered players, `registered`)."""
    players = list(KnockoutPlayer.objects.filter(event=event).select_related("entry__user"))
    county = Rules.from_dict(event.rules).county
    played = tables_played(event, kept)
    shared: dict[int, int] = {}
    for p in players:
        if p.place is not None:
            shared[p.place] = shared.get(p.place, 0) + 1
    lines = []
    for p in sorted(
        players, key=lambda p: (p.place is not None, p.place or 0, -p.lives, p.entry_id)
    ):
        if p.place == 1 and p.out_deal is None:
            state, status = WINNER, state_words(WINNER)
        elif p.out_deal is not None:
            state, status = OUT, words.out(p.out_deal)
        else:
            state, status = IN, state_words(IN)
        place = ""
        if p.place is not None:
            place = ("=" if shared[p.place] > 1 else "") + ordinal(p.place)
        lines.append(
            KnockoutLine(
                place=place,
                name=p.entry.user.get_username(),
                status=status,
                out_deal=p.out_deal,
                lives=p.lives,
                lives_text=lives_text(p.lives, p.out_deal is None, county),
                tables=", ".join(str(n) for n in played.get(p.entry_id, [])),
                moves=p.moves,
                withdrawn=not p.entry.active,
                mine=me is not None and p.entry_id == me.pk,
                entry_id=p.entry_id,
                rank=p.place,
                state=state,
            )
        )
    return lines


def registered(event: Event) -> list[KnockoutLine]:
    """Before the start: the registered players, each a line with no lives yet."""
    return [
        KnockoutLine(
            place="",
            name=e.user.get_username(),
            status=state_words(REGISTERED),
            out_deal=None,
            lives=0,
            lives_text="",
            tables="",
            moves=0,
            withdrawn=False,
            mine=False,
            state=REGISTERED,
        )
        for e in event.entries.filter(status=Entry.REGISTERED).select_related("user")
    ]


def deal_tables(event: Event, me: Entry | None) -> tuple[int | None, list[DealTable]]:
    """The last deal's number and its tables (who sits where, playing or finished)."""
    round_ = event.round_set.order_by("-number").first()
    if round_ is None:
        return None, []
    lines = []
    for table in round_.tables.prefetch_related("seats__entry__user").order_by("number"):
        line = DealTable(table.number, table_url(table), table.finished_at is not None)
        if table.cards:
            line.result_url = reverse("tournaments:card_result", args=[event.pk, table.pk])
        line.seats = [
            SeatLine(
                seat=s.position + 1,
                name=seat_name(s),
                place="",
                mine=me is not None and s.entry_id == me.pk,
            )
            for s in sorted(table.seats.all(), key=lambda s: s.position)
        ]
        lines.append(line)
    return round_.number, lines


def status_text(event: Event, words: KnockoutWords, deal: int | None, left: int) -> str:
    if (before := status_before_start(event)) is not None:
        return before
    if event.status == Event.FINISHED:
        return _("Finished: the places are final.")
    return words.playing(deal or 0, left)


def latest_moves(event: Event, deal: int | None) -> list[str]:
    """The moves that seated the deal being played, as the room reads them:
    "k4 → table 2" (a broken table's players and balancing moves alike)."""
    if deal is None or deal < 2 or event.status != Event.RUNNING:
        return []
    moves = KnockoutMove.objects.filter(event=event, after_deal=deal - 1).select_related(
        "entry__user"
    )
    return [
        _("%(name)s → table %(table)s")
        % {"name": move.entry.user.get_username(), "table": move.to_table}
        for move in moves
    ]


class KnockoutPages(Pages):
    """A knockout's pages in its `words`; `kept`: its tables are kept from round to
    round (a balanced knockout's); `table_column`: what its tables' column shows, a
    deal or a game."""

    def __init__(self, words: KnockoutWords, *, kept: bool, table_column: str | Promise) -> None:
        self.words: KnockoutWords = words
        self.kept = kept
        self.table_column = table_column

    def heading(self, event: Event) -> str:
        return _("Knockout, tables balanced deal by deal")

    def summary(self, event: Event) -> str:
        return _("Knockout")

    def status(self, event: Event, shown: Round | None, waiting: Round | None) -> str:
        """`status_text` read from the database (the organizer's page has no rows to
        hand): the players still in counted, not the whole standings built (a winner is
        named only once the event is finished, whose status does not count them). Its
        rounds are deals (or top-q rounds) with no set number: not "Round 4 of 0"."""
        deal = event.round_set.order_by("-number").values_list("number", flat=True).first()
        left = KnockoutPlayer.objects.filter(event=event, out_deal__isnull=True).count()
        return status_text(event, self.words, deal, left)

    def standings_table(
        self, event: Event, rows: list[KnockoutLine], deal: int | None
    ) -> StandingsTable:
        """The standings, captioned by the deal (or round) they stand after."""
        running = event.status == Event.RUNNING
        if running and (deal or 0) <= 1:
            caption = self.words.standings_while_first()
        elif running and deal:
            caption = self.words.standings_after(deal - 1)
        elif deal:
            caption = self.words.standings_after(deal)
        else:
            caption = _("Standings")
        return StandingsTable(
            caption=caption,
            columns=[
                Column(_("Place")),
                Column(_("Player")),
                Column(_("Status")),
                Column(_("Lives left")),
                Column(_("Tables played at")),
                Column(_("Moves")),
            ],
            rows=rows,
            classes="standings knockout-standings",
        )

    def live_context(self, event: Event, user: Any, facts: Any) -> dict[str, Any]:
        """The knockout's part of the event page that changes while it runs."""
        me = entry_of(event, user)
        deal, tables = deal_tables(event, me)
        rows = standings(event, self.words, self.kept, me) or registered(event)
        mine = next(
            (
                (t, s)
                for t in tables
                for s in t.seats
                if s.mine and event.status == Event.RUNNING and not t.finished
            ),
            None,
        )
        words = self.words
        return {
            "event": event,
            "status": status_text(event, words, deal, sum(r.state == IN for r in rows)),
            "deal": deal,
            "deal_tables": tables,
            "deal_heading": words.tables_heading(deal) if deal else "",
            "deal_caption": words.tables_caption(deal) if deal else "",
            "your_deal_table": mine,
            "your_deal_line": words.your_table(deal or 0, mine[0].number, mine[1].seat)
            if mine
            else "",
            "standings_table": self.standings_table(event, rows, deal),
            "table_column": self.table_column,
        }

    def projector_context(self, event: Event) -> dict[str, Any]:
        """The projector's knockout part: the tables of the deal (or round) being played,
        the moves that seated it, and the standings by place, then lives."""
        deal, tables = deal_tables(event, None)
        lines = standings(event, self.words, self.kept)
        rows = [
            ScreenRow(line.place, line.name, [line.lives_text, line.status], line.withdrawn)
            for line in lines
        ] or [ScreenRow("", line.name, ["", line.status]) for line in registered(event)]
        running = event.status == Event.RUNNING
        return {
            "status": status_text(event, self.words, deal, sum(line.state == IN for line in lines)),
            "round_title": self.words.title(deal) if running and deal else "",
            "tables": tables if running else [],
            "deal": deal,
            "moves": latest_moves(event, deal),
            "moves_heading": self.words.moves_heading((deal or 0) - 1),
            "standings": ScreenStandings(
                caption=_("Standings"),
                rank_label=_("Place"),
                columns=[_("Lives"), _("Status")],
                rows=rows,
                numbers=1,
            ),
            "next_up": self.words.title((deal or 0) + 1)
            if event.status != Event.FINISHED
            else None,
        }

    def placings(self, event: Event) -> list[Placing]:
        """The places given so far, best first, each with what it was given for:
        "winner", "out on deal 6" ("out in round 2")."""
        lines = [
            line
            for line in standings(event, self.words, self.kept)
            if line.rank is not None and line.entry_id is not None
        ]
        shared = shared_ranks([line.rank for line in lines if line.rank is not None])
        return [
            Placing(
                entry_id=line.entry_id,
                name=line.name,
                rank=line.rank,
                shared=line.rank in shared,
                score=line.status,
                detail=line.status,
                withdrawn=line.withdrawn,
                out_deal=line.out_deal,
            )
            for line in lines
            if line.entry_id is not None and line.rank is not None
        ]

    def own_line(self, placing: Placing, field: int) -> str:
        """ "You won the event.", "You went out on deal 9: 11th of 12." """
        if placing.rank == 1:
            if placing.shared:
                return _("You shared the win: %(place)s of %(field)s.") % {
                    "place": placing.place,
                    "field": field,
                }
            return _("You won the event.")
        if placing.out_deal is None:  # placed without going out on a deal: as any format says
            return super().own_line(placing, field)
        return self.words.went_out(
            placing.out_deal, placing.place, field, withdrawn=placing.withdrawn
        )

    def unseated_line(self, event: Event, entry: Entry | None, round_: Round) -> str:
        """A player out has no table in the next deal: "You went out on deal 2: =7th
        of 10." (their place, given as they went out)."""
        placing = next(
            (p for p in self.placings(event) if entry is not None and p.entry_id == entry.pk),
            None,
        )
        if placing is None:
            return super().unseated_line(event, entry, round_)
        return self.own_line(placing, KnockoutPlayer.objects.filter(event=event).count())

    def printed_round(self, event: Event, round_: Round) -> printed.PrintedRound:
        # No set number of rounds: "Deal 4" (a top-q knockout: "Round 2"), not "of 0".
        return printed.PrintedRound(
            number=round_.number,
            title=self.words.title(round_.number),
            title_within=self.words.title_within(round_.number),
            tables=printed.printed_tables(round_),
        )
