"""What a knockout event's pages show, balanced or top q (their `rounds` modules run
them): the standings (place, the deal or round a player went out in, lives left, the
tables they played at), the tables of the deal or round being played, the CSV rows,
and the lines a balanced knockout's table page shows about who arrived and who left
(`games.notes`). Places, lives and seats only: nothing here comes near a card.

The two formats differ here only in words and in whether tables are new each round,
which each format says (`Unit`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine import Rules
from games.models import Table
from games.notes import Line
from tournaments.formats.base import Placing, shared_ranks
from tournaments.formats.screen_parts import ScreenRow, ScreenStandings
from tournaments.models import Entry, Event, KnockoutMove, KnockoutPlayer, RoundSeat, RoundTable
from tournaments.page_parts import SeatLine, entry_of, table_url
from tournaments.registration import status_before_start
from tournaments.words import ordinal, seat_name, unit_title

# What a knockout line's `state` is: still in, the winner, out, or (before the start)
# registered. Its `status` says it in words.
IN, WINNER, OUT, REGISTERED = "in", "winner", "out", "registered"


class Unit(Protocol):
    """What a knockout format calls its rounds: "deal" ("out on deal 3") or "round"
    ("out in round 2"), and whether its tables are kept from round to round."""

    unit: str
    keeps_tables: bool


def out_status(kind: Unit, deal: int) -> str:
    """ "out on deal 4" (a balanced knockout), "out in round 2" (top q)."""
    if kind.unit == "deal":
        return _("out on deal %(deal)s") % {"deal": deal}
    return _("out in round %(round)s") % {"round": deal}


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


@dataclass
class DealTable:
    number: int
    url: str | None
    finished: bool
    seats: list[SeatLine] = field(default_factory=list)
    # A card table's result page (docs/design.md §21), where its players enter it.
    result_url: str | None = None


def tables_played(event: Event, kind: Unit) -> dict[int, list[int]]:
    """Each entry's tables, in the order they first sat at them; in top-q rounds, whose
    tables are new each round, the table of each round played."""
    played: dict[int, list[int]] = {}
    for entry_id, number in (
        RoundSeat.objects.filter(table__round__event=event, entry__isnull=False)
        .order_by("table__round__number", "table__number")
        .values_list("entry_id", "table__number")
    ):
        mine = played.setdefault(entry_id, [])
        if number not in mine or not kind.keeps_tables:
            mine.append(number)
    return played


def lives_text(lives: int, still_in: bool, county: bool) -> str:
    """A player's lives as the page says them: a player still in (or the winner) with
    none left is on the county, not out."""
    if still_in and county and lives == 0:
        return _("%(lives)s (on the county)") % {"lives": lives}
    return str(lives)


def standings(event: Event, kind: Unit, me: Entry | None = None) -> list[KnockoutLine]:
    """Those still in first (most lives first), then those out by place. Before the
    start: the registered players, each with the rules' lives."""
    players = list(KnockoutPlayer.objects.filter(event=event).select_related("entry__user"))
    county = Rules.from_dict(event.rules).county
    played = tables_played(event, kind)
    shared = {}
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
            state, status = OUT, out_status(kind, p.out_deal)
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


def placings(event: Event, kind: Unit) -> list[Placing]:
    """The places given so far, best first, each with what it was given for: "winner",
    "out on deal 6" ("out in round 2")."""
    lines = [line for line in standings(event, kind) if line.rank is not None]
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


def status_text(event: Event, kind: Unit, deal: int | None, left: int) -> str:
    if (before := status_before_start(event)) is not None:
        return before
    if event.status == Event.FINISHED:
        return _("Finished: the places are final.")
    values = {"number": deal, "count": left}
    if kind.unit == "deal":
        return (
            ngettext(
                "Deal %(number)s is being played; %(count)s player is still in.",
                "Deal %(number)s is being played; %(count)s players are still in.",
                left,
            )
            % values
        )
    return (
        ngettext(
            "Round %(number)s is being played; %(count)s player is still in.",
            "Round %(number)s is being played; %(count)s players are still in.",
            left,
        )
        % values
    )


def event_status(event: Event, kind: Unit) -> str:
    """`status_text` read from the database (the organizer's page has no rows to hand):
    the players still in counted, not the whole standings built (a winner is named only
    once the event is finished, whose status does not count them)."""
    deal = event.round_set.order_by("-number").values_list("number", flat=True).first()
    left = KnockoutPlayer.objects.filter(event=event, out_deal__isnull=True).count()
    return status_text(event, kind, deal, left)


def live_context(event: Event, kind: Unit, user: Any) -> dict[str, Any]:
    """The knockout's part of the event page that changes while it runs."""
    me = entry_of(event, user)
    deal, tables = deal_tables(event, me)
    rows = standings(event, kind, me)
    if not rows:  # not started: the registered players
        rows = [
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
    mine = next(
        (
            (t, s)
            for t in tables
            for s in t.seats
            if s.mine and event.status == Event.RUNNING and not t.finished
        ),
        None,
    )
    return {
        "event": event,
        "unit": kind.unit,
        "status": status_text(event, kind, deal, sum(r.state == IN for r in rows)),
        "deal": deal,
        "deal_tables": tables,
        "your_deal_table": mine,
        "knockout_standings": rows,
    }


def csv_rows(event: Event, kind: Unit) -> list[list[str]]:
    """The standings as the CSV export writes them."""
    header = [
        _("Place"),
        _("Player"),
        _("Status"),
        _("Out on deal") if kind.unit == "deal" else _("Out in round"),
        _("Lives left"),
        _("Tables"),
        _("Moves"),
    ]
    return [header] + [
        [
            line.place,
            line.name,
            line.status,
            "" if line.out_deal is None else str(line.out_deal),
            str(line.lives),
            line.tables,
            str(line.moves),
        ]
        for line in standings(event, kind)
    ]


def table_notes(table: Table, viewer: Any = None) -> list[str | Line]:
    """`games.notes` provider: at a knockout's table, who arrived and who left after
    the deal before the one it plays now; for a broken table, that it is closed and
    where its players went. A move is told to its player in the second person ("You
    moved to table 2 →"), to everyone else in the third; a departure links to the
    table the player went to."""
    if table.starters != Table.STARTED_BY_SYSTEM:
        return []  # a lobby table: no query (the table page counts them)
    latest = (
        RoundTable.objects.filter(table=table, round__event__format=Event.KNOCKOUT)
        .select_related("round")
        .order_by("-round__number")
        .first()
    )
    if latest is None:
        return []
    return _move_lines(latest, viewer, _table_urls)


def card_notes(table: RoundTable, viewer: Any = None) -> list[str | Line]:
    """The same lines on a card table's result page (docs/design.md §23), for that
    page's deal: who arrived and who left before it, or, once every table has played
    it, after it (a broken table says it is closed). The viewer's own move and "the
    next deal starts when…" are the page's next step (`tournaments.card_next`), with its
    button: not said twice. Nothing links: another table's result page is for its
    players and the organizers only."""
    return _move_lines(table, viewer, None)


def _move_lines(
    latest: RoundTable,
    viewer: Any,
    urls_of: Callable[[int, set[int]], dict[int, str]] | None,
) -> list[str | Line]:
    """`latest` is a knockout table's round table: its latest deal at a games.Table,
    whose departures link to the tables gone to (`urls_of(event_id, numbers)`), or the
    deal a card table's result page shows (`urls_of` None)."""
    card_page = urls_of is None
    round_ = latest.round
    number, deal = latest.number, round_.number
    # The moves made after this table's last deal once that deal is over everywhere
    # (the table broke, or the event ended), else those made before it.
    after = deal if round_.status == round_.FINISHED else deal - 1
    moves = list(
        KnockoutMove.objects.filter(event_id=round_.event_id, after_deal=after).select_related(
            "entry__user"
        )
    )
    me = getattr(viewer, "pk", None) if getattr(viewer, "is_authenticated", False) else None
    leaving = [m for m in moves if m.from_table == number]
    broke = any(m.reason == KnockoutMove.BREAK for m in leaving)
    lines: list[str | Line] = []
    if broke:
        lines.append(
            _(
                "This table is closed: it broke after deal %(deal)s, and its players moved "
                "to other tables."
            )
            % {"deal": after}
        )
    elif not card_page and latest.finished_at is not None and round_.status != round_.FINISHED:
        lines.append(
            _(
                "Deal %(deal)s is over at this table; deal %(next)s starts when every table "
                "has played deal %(deal)s."
            )
            % {"deal": deal, "next": deal + 1}
        )
    urls = urls_of(round_.event_id, {m.to_table for m in leaving}) if urls_of else {}
    for move in moves:
        mine = me is not None and move.entry.user_id == me
        name = move.entry.user.get_username()
        broken = move.reason == KnockoutMove.BREAK
        values = {
            "deal": after,
            "name": name,
            "from": move.from_table,
            "to": move.to_table,
            "seat": move.to_seat + 1,
        }
        if move.to_table == number:
            lines.append(_arrived(mine, broken) % values)
        elif move.from_table == number:
            url = urls.get(move.to_table)
            if mine and card_page:
                continue  # the page's next step sends them there, with its button
            lines.append(Line(_left(mine, broken, dated=not broke) % values, url))
    return lines


def _arrived(mine: bool, broken: bool) -> str:
    """Who arrived at a kept table after a deal, and why (a broken table or balancing)."""
    if mine:
        if broken:
            return _(
                "After deal %(deal)s, you arrived from table %(from)s (seat %(seat)s; the "
                "table broke)."
            )
        return _("After deal %(deal)s, you arrived from table %(from)s (seat %(seat)s; balancing).")
    if broken:
        return _(
            "After deal %(deal)s, %(name)s arrived from table %(from)s (seat %(seat)s; the "
            "table broke)."
        )
    return _(
        "After deal %(deal)s, %(name)s arrived from table %(from)s (seat %(seat)s; balancing)."
    )


def _left(mine: bool, broken: bool, *, dated: bool) -> str:
    """Who left a kept table after a deal (`dated`: "After deal 3, " first; a closed
    table's lines say the deal once, above them)."""
    if mine:
        return (
            _("After deal %(deal)s, you moved to table %(to)s →")
            if dated
            else _("You moved to table %(to)s →")
        )
    if dated:
        if broken:
            return _("After deal %(deal)s, %(name)s moved to table %(to)s (the table broke).")
        return _("After deal %(deal)s, %(name)s moved to table %(to)s (balancing).")
    if broken:
        return _("%(name)s moved to table %(to)s (the table broke).")
    return _("%(name)s moved to table %(to)s (balancing).")


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


def projector_context(event: Event, kind: Unit) -> dict[str, Any]:
    """The projector's knockout part: the tables of the deal (or round) being played,
    the moves that seated it, and the standings by place, then lives."""
    deal, tables = deal_tables(event, None)
    lines = standings(event, kind)
    rows = [
        ScreenRow(line.place, line.name, [line.lives_text, line.status], line.withdrawn)
        for line in lines
    ]
    if not rows:  # not started: the registered players
        rows = [
            ScreenRow("", e.user.get_username(), ["", state_words(REGISTERED)])
            for e in event.entries.filter(status=Entry.REGISTERED).select_related("user")
        ]
    running = event.status == Event.RUNNING
    return {
        "status": status_text(event, kind, deal, sum(line.state == IN for line in lines)),
        "round_title": unit_title(kind.unit, deal) if running and deal else "",
        "tables": tables if running else [],
        "unit": kind.unit,
        "deal": deal,
        "moves": latest_moves(event, deal),
        "standings": ScreenStandings(
            caption=_("Standings"),
            rank_label=_("Place"),
            columns=[_("Lives"), _("Status")],
            rows=rows,
            numbers=1,
        ),
        "next_up": unit_title(kind.unit, (deal or 0) + 1)
        if event.status != Event.FINISHED
        else None,
    }


def _table_urls(event_id: int, numbers: set[int]) -> dict[int, str]:
    """The table page of each of an event's table numbers (a knockout keeps its tables:
    any deal's round table of a number has the same `games.Table`)."""
    if not numbers:
        return {}
    found = (
        RoundTable.objects.filter(
            round__event_id=event_id, number__in=numbers, table_id__isnull=False
        )
        .order_by("number", "-round__number")
        .values_list("number", "table_id")
    )
    urls: dict[int, str] = {}
    for number, table_id in found:
        urls.setdefault(number, reverse("table", args=[table_id]))
    return urls
