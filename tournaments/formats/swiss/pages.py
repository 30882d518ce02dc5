"""What a Swiss event's pages show (docs/tournaments.md#swiss): the shown round's tables, the
standings (points, percentage, tie-breaks, each round's table and place) and who met
whom; the facts of its scoring; the CSV. Places and points only: nothing here comes
near a card."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from tournaments import page_parts, roster
from tournaments.formats.pages import Cell, Column, StandingsTable
from tournaments.formats.placings import Placing, shared_ranks
from tournaments.formats.screen_parts import ScreenRow, ScreenStandings
from tournaments.formats.seated import SeatedPages
from tournaments.formats.swiss import results
from tournaments.formats.swiss import standings as tally
from tournaments.formats.swiss.seating import record_meetings
from tournaments.models import Entry, Event, Round, RoundSeat
from tournaments.page_parts import (
    RoundFacts,
    render_partial,
    render_row,
    tables_of,
    waiting_round,
)
from tournaments.words import number, ordinal


@dataclass
class StandingLine:
    rank: int
    name: str
    withdrawn: bool
    points: str
    percentage: str
    games: int
    table_wins: int | None  # None: a tie-break column shows them (not twice)
    tiebreaks: list[str]
    cells: list[str]
    mine: bool
    # The tie-break columns blank for everyone (`SwissFacts.blank_tiebreaks`).
    blank: frozenset[int] = frozenset()

    @property
    def lead(self) -> int:
        return self.rank

    @property
    def figures(self) -> list[Cell]:
        """The row's cells after the player, as the standings table shows them."""
        wins = [] if self.table_wins is None else [Cell(self.table_wins, "num")]
        return [
            Cell(self.points, "num"),
            Cell(self.percentage, "num"),
            Cell(self.games, "num"),
            *wins,
            *(
                Cell(value, "num tiebreak--blank" if k in self.blank else "num")
                for k, value in enumerate(self.tiebreaks)
            ),
            *(Cell(cell, "nowrap") for cell in self.cells),
        ]


def cell_text(cell: tally.Cell | None) -> str:
    if cell is None:
        return ""
    if cell.table_no is None:
        return _("bye")
    values = {"table": cell.table_no, "place": ordinal(cell.place or 0)}
    if cell.stood_in:  # what it scored is the event's stand-in policy's (stand_in_text)
        return _("T%(table)s · %(place)s (a bot played)") % values
    return _("T%(table)s · %(place)s") % values


def played(rows: Sequence[tally.Row[int]]) -> bool:
    """Whether any game is over: until then everyone has 0 points and any order
    would be the lots' alone, so nobody is ranked."""
    return any(row.games for row in rows)


def table_wins_column(event: Event) -> bool:
    """The standings' own "Table wins" column, unless a tie-break column shows them."""
    return "table_wins" not in event.tiebreaks


def points_text(points: float) -> str:
    # A fraction of a point reads as "points" (2.5 points); ngettext's count is whole.
    count = int(points) if points == int(points) else 2
    return ngettext("%(points)s point", "%(points)s points", count) % {"points": number(points)}


def standing_lines(
    event: Event,
    names: dict[int, str],
    me: Entry | None,
    rows: Sequence[tally.Row[int]] | None = None,
) -> list[StandingLine]:
    """The standings for `me` (`rows`: `results.standings(event)`, when read already)."""
    return [
        StandingLine(
            rank=row.rank,
            name=names[row.player],
            withdrawn=row.withdrawn,
            points=number(row.points),
            percentage=number(row.percentage, 1),
            games=row.games,
            table_wins=row.table_wins if table_wins_column(event) else None,
            tiebreaks=["" if v is None else number(v) for v in row.tiebreaks],
            cells=[cell_text(row.cells.get(n)) for n in range(1, event.rounds + 1)],
            mine=me is not None and row.player == me.pk,
        )
        for row in (results.standings(event) if rows is None else rows)
    ]


def opponents(event: Event, names: dict[int, str], order: list[str]) -> list[tuple[str, str]]:
    """(player, "p2 ×2, p3") for each player, in the standings' order: whom they sat
    with in the rounds that started."""
    tables: dict[int, list[int]] = {}
    for table_id, entry_id in (
        RoundSeat.objects.filter(table__round__event=event, entry__isnull=False)
        .exclude(table__round__status=Round.SEATED)
        .values_list("table_id", "entry_id")
    ):
        tables.setdefault(table_id, []).append(entry_id)
    met: dict[frozenset[int], int] = {}
    record_meetings(met, tables.values())
    lists: dict[str, list[str]] = {name: [] for name in order}
    for pair, times in sorted(met.items(), key=lambda item: sorted(names[p] for p in item[0])):
        a, b = (names[p] for p in pair)
        lists[a].append(b + (f" ×{times}" if times > 1 else ""))
        lists[b].append(a + (f" ×{times}" if times > 1 else ""))
    return [(name, ", ".join(sorted(lists[name])) or "—") for name in order]


class SwissFacts:
    """What a Swiss event's live part shows alike to every viewer, read once (the
    round's facts, the standings, who met whom), with its long lists rendered once as
    nobody's: every table row and standings row. A viewer's part joins them, with only
    their own table and row rendered again, marked theirs.

    It holds no model and nothing of any viewer: only words, numbers and HTML, so it is
    cheap to pickle, and `tournaments.pages.live_facts` keeps it in Django's cache by
    the event, its `live_version` and the language
    (docs/tournaments.md#the-event-page-from-a-cache): count
    `SwissPages.live_facts_cache` up when what it holds changes."""

    def __init__(self, round_facts: RoundFacts, rows: list[tally.Row[int]]) -> None:
        event = round_facts.event
        names = round_facts.names
        shown = round_facts.shown
        self.status = round_facts.status
        self.shown = page_parts.ShownRound.of(shown) if shown else None
        # Whose entry a viewer is (by user id) and where their table and row are.
        self.entries = {user_id: e.pk for user_id, e in round_facts.entries.items()}
        self.byes = round_facts.byes
        self.seat_at = {
            seat.entry_id: (k, j)
            for k, seats in enumerate(round_facts.seated)
            for j, seat in enumerate(seats)
            if seat.entry_id is not None
        }
        self.row_at = {row.player: k for k, row in enumerate(rows)}
        self.opponents = opponents(event, names, [names[r.player] for r in rows]) if shown else []
        self.tables = tables_of(shown, None, round_facts.seated) if shown else []
        self.table_html = [render_row("table-row", "t", t) for t in self.tables]
        self.played = played(rows)
        # Before any game is over: the players registered, by name, and no ranks.
        self.registered = [
            (names[e.pk], e.pk)
            for e in sorted(
                (e for e in round_facts.entries.values() if e.active),
                key=lambda e: (names[e.pk].casefold(), e.pk),
            )
        ]
        # Rendered once for every viewer, only a viewer's own name again (`context`).
        self.registered_at, self.registered_html = _names_html(self.registered, self.played)
        lines = standing_lines(event, names, None, rows)
        # A tie-break column blank for everyone (head to head, lots: only for players
        # still tied) is marked, for paper to give its width to the rounds' columns.
        self.blank_tiebreaks = frozenset(
            k for k in range(len(event.tiebreaks)) if all(not line.tiebreaks[k] for line in lines)
        )
        self.standings = [replace(line, blank=self.blank_tiebreaks) for line in lines]
        self.standing_html = [self._row_html(r) for r in self.standings]
        self.opponents_html = (
            render_partial("met-list", {"opponents": self.opponents}) if self.opponents else ""
        )
        self.caption = standings_caption(self.shown)
        self.columns = columns(event, self.blank_tiebreaks)

    def _row_html(self, row: StandingLine) -> str:
        return render_row("standings-row", "row", row)

    def entry_of(self, user: Any) -> int | None:
        """The id of `user`'s entry (withdrawn or not); None: they have none."""
        if not getattr(user, "is_authenticated", False):
            return None
        return self.entries.get(user.pk)

    def context(self, me: int | None) -> dict[str, Any]:
        """The lists for the viewer whose entry is `me` (None: a visitor, or someone
        not in the event), with their rendered HTML."""
        tables = self.tables
        table_html = self.table_html
        standings = self.standings
        standing_html = self.standing_html
        if me is not None and (at := self.seat_at.get(me)) is not None:
            k, j = at  # their table, their seat marked theirs
            line = self.tables[k]
            seats = [replace(seat, mine=n == j) for n, seat in enumerate(line.seats)]
            mine = replace(line, seats=seats)
            tables = [*tables[:k], mine, *tables[k + 1 :]]
            table_html = [
                *table_html[:k],
                render_row("table-row", "t", mine),
                *table_html[k + 1 :],
            ]
        if me is not None and (r := self.row_at.get(me)) is not None:
            row = replace(standings[r], mine=True)
            standings = [*standings[:r], row, *standings[r + 1 :]]
            standing_html = [
                *standing_html[:r],
                self._row_html(row),
                *standing_html[r + 1 :],
            ]
        unranked_html = self.registered_html
        if me is not None and (n := self.registered_at.get(me)) is not None and unranked_html:
            mine_html = render_partial(
                "unranked-name", {"name": self.registered[n][0], "mine": True}
            )
            unranked_html = [*unranked_html[:n], mine_html, *unranked_html[n + 1 :]]
        shown = self.shown
        return {
            "status": self.status,
            "shown_round": shown,
            "tables": tables,
            "your_table": page_parts.your_table(tables, shown) if shown else None,
            "your_bye": shown is not None and me is not None and me in self.byes,
            "tables_html": mark_safe("".join(table_html)),  # noqa: S308 (rendered above)
            "standings_table": StandingsTable(
                caption=self.caption,
                columns=self.columns,
                rows=standings if self.played else [],
                rows_html=mark_safe("".join(standing_html)),  # noqa: S308 (rendered above)
                unranked=[(name, entry == me) for name, entry in self.registered]
                if not self.played
                else [],
                unranked_html=mark_safe("".join(unranked_html)),  # noqa: S308 (rendered above)
                not_ranked=_("Not ranked until a game of round 1 is over."),
            ),
            "opponents": self.opponents,
            "opponents_html": mark_safe(self.opponents_html),  # noqa: S308
        }


def _names_html(
    registered: list[tuple[str, int]], played: bool
) -> tuple[dict[int, int], list[str]]:
    """Where each entry is in the list of registered names, and each name as that list
    shows it before any result, nobody's (none once a game is over: the standings show)."""
    at = {entry: k for k, (_name, entry) in enumerate(registered)}
    if played:
        return at, []
    return at, [render_partial("unranked-name", {"name": n, "mine": False}) for n, _ in registered]


def tiebreak_labels(event: Event) -> list[str]:
    return [_(tally.TIEBREAKS[key]) for key in event.tiebreaks]


def standings_caption(shown: page_parts.ShownRound | None) -> str:
    if shown is None:
        return _("Standings")
    if shown.status == Round.PLAYING:
        return _("Standings after round %(round)s (being played)") % {"round": shown.number}
    return _("Standings after round %(round)s") % {"round": shown.number}


def round_head(number: int) -> str:
    """A round's column head: "R1" to see, "Round 1" to a screen reader."""
    # Translators: a round's column head, "R1" to see; a screen reader reads the hidden
    # part. Write it as your language abbreviates a round, e.g. <span
    # aria-hidden="true">R%(n)s</span><span class="visually-hidden">Runde %(n)s</span>.
    head = _('R%(n)s<span class="visually-hidden">ound %(n)s</span>') % {"n": number}
    return mark_safe(head)  # noqa: S308 (the catalogue's words and a number)


def columns(event: Event, blank: frozenset[int]) -> list[Column]:
    """The standings' columns: rank, player, points, percentage, games, table wins
    (unless a tie-break shows them), the tie-breaks (`blank`: those empty for everyone),
    then a column a round."""
    wins = [Column(_("Table wins"), "num")] if table_wins_column(event) else []
    return [
        Column(_("Rank")),
        Column(_("Player")),
        Column(_("Points"), "num"),
        Column("%", "num"),
        Column(_("Games"), "num"),
        *wins,
        *(
            Column(label, "tiebreak num tiebreak--blank" if k in blank else "tiebreak num")
            for k, label in enumerate(tiebreak_labels(event))
        ),
        *(Column(round_head(n)) for n in range(1, event.rounds + 1)),
    ]


# The tie-breaks as a sentence names them: lower case in English, Danish and French, a
# German noun keeps its capital (each language's own words, never `|lower`).
_TIEBREAKS_WITHIN = {
    "opponents_average": pgettext_lazy("within a sentence", "opponents' average"),
    "outlasted_sum": pgettext_lazy("within a sentence", "outlasted opponents' scores"),
    "table_wins": pgettext_lazy("within a sentence", "table wins"),
    "lives_lost": pgettext_lazy("within a sentence", "fewest lives lost"),
    "head_to_head": pgettext_lazy("within a sentence", "head to head"),
    "lots": pgettext_lazy("within a sentence", "drawing lots"),
}


def ties_text(event: Event) -> str:
    """ "Broken by table wins, then drawing lots." (the event page's "Ties")."""
    words = [str(_TIEBREAKS_WITHIN[key]) for key in event.tiebreaks]
    if not words:
        return _("Broken by nothing: tied players share a rank.")
    if len(words) == 1:
        return _("Broken by %(first)s.") % {"first": words[0]}
    return _("Broken by %(first)s, then %(last)s.") % {
        "first": ", ".join(words[:-1]),
        "last": words[-1],
    }


def scoring_text(event: Event) -> str:
    if event.scoring == Event.OUTLASTED:
        return _(
            "Each game scores a point for every opponent you outlast (half a point for a "
            "tie): at a table of %(size)s, %(most)s points at most."
        ) % {"size": event.table_size, "most": event.table_size - 1}
    points = ", ".join(
        _("%(place)s %(points)s") % {"place": ordinal(n), "points": number(p)}
        for n, p in enumerate(event.place_points, start=1)
    )
    return _(
        "Each game scores by place: %(points)s; players who tie share those places' points."
    ) % {"points": points}


def bye_text(event: Event) -> str:
    most = results.bye_maximum(event)
    return _(
        "A bye scores %(points)s of %(most)s points. The percentage is a player's points "
        "over the most they could have scored, byes included."
    ) % {"points": number(event.bye_points), "most": number(most)}


def stand_in_text(event: Event) -> str:
    """What a round a bot played for someone scores them (docs/tournaments.md#stand-ins)."""
    if event.stand_in_scoring == Event.STAND_IN_BYE:
        return _("A round a bot plays for someone: scores a bye's points (%(points)s).") % {
            "points": number(event.bye_points)
        }
    if event.stand_in_scoring == Event.STAND_IN_ZERO:
        return _("A round a bot plays for someone: scores no points.")
    return _("A round a bot plays for someone: the bot's result counts in full.")


class SwissPages(SeatedPages):
    live_facts_cache = 4  # SwissFacts: no model, nobody's marks

    def heading(self, event: Event) -> str:
        return ngettext("Swiss, %(count)s round", "Swiss, %(count)s rounds", event.rounds) % {
            "count": event.rounds
        }

    def live_facts(self, event: Event) -> SwissFacts:
        facts = page_parts.round_facts(event, self)
        everyone = list(facts.entries.values())  # in the order they registered
        return SwissFacts(facts, results.standings(event, everyone=everyone))

    def live_context(self, event: Event, user: Any, facts: Any) -> dict[str, Any]:
        if facts is None:
            facts = self.live_facts(event)
        return facts.context(facts.entry_of(user))

    def about_context(self, event: Event) -> dict[str, Any]:
        return {
            "scoring_text": scoring_text(event),
            "bye_text": bye_text(event),
            "stand_in_text": stand_in_text(event),
            "ties_text": ties_text(event),
        }

    def placings(self, event: Event) -> list[Placing]:
        """The standings as places (docs/club-night.md#the-end-of-the-evening): ranked
        by points, then the tie-breaks; nobody before a game is over."""
        rows = results.standings(event)
        if not played(rows):
            return []
        names = roster.names(roster.entries(event))
        shared = shared_ranks([row.rank for row in rows])
        return [
            Placing(
                entry_id=row.player,
                name=names[row.player],
                rank=row.rank,
                shared=row.rank in shared,
                score=points_text(row.points),
                detail=_("%(points)s, %(percentage)s%% of the points possible")
                % {"points": points_text(row.points), "percentage": number(row.percentage, 1)},
                withdrawn=row.withdrawn,
            )
            for row in rows
        ]

    def projector_context(self, event: Event) -> dict[str, Any]:
        """The projector's Swiss part: the shown round's tables, its byes, and the standings
        by points and percentage (the other columns are for the event page)."""
        facts = page_parts.round_facts(event, self)
        rows = results.standings(event)
        shown = facts.shown
        standings = ScreenStandings(
            caption=_("Standings after round %(number)s") % {"number": shown.number}
            if shown and shown.status == Round.FINISHED
            else _("Standings"),
            rank_label=_("Rank"),
            columns=[_("Points"), "%"],
            rows=[
                ScreenRow(
                    str(row.rank) if played(rows) else "",
                    facts.names[row.player],
                    [number(row.points), number(row.percentage, 1)],
                    row.withdrawn,
                )
                for row in rows
            ],
        )
        return {
            "status": facts.status,
            "round_title": _("Round %(number)s of %(rounds)s")
            % {"number": shown.number, "rounds": event.rounds}
            if shown
            else "",
            "tables": tables_of(shown, None, facts.seated) if shown else [],
            "byes": sorted(facts.names[entry_id] for entry_id in facts.byes),
            "standings": standings,
            "next_up": self.next_round(event, shown, waiting_round(event)),
        }
