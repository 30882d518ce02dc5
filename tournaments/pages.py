"""What the event page shows, read from the models for one viewer: the views render it
for a request, the socket (`tournaments.consumers`) for a push. Places and points only:
nothing here comes near a card.

A round that is seated but not started is the organizer's draft (they may swap and lock
seats): the public page shows the last round that has started.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils.safestring import mark_safe

from games.engine import Rules
from games.rule_text import rule_summary
from tournaments import duplicate_records, records
from tournaments import standings as tally
from tournaments.forms import ordinal
from tournaments.models import Bye, Entry, Event, Round, RoundSeat, RoundTable
from tournaments.seating import record_meetings

number = tally.format_number  # 2, 2.5, 2.33: as the CSV writes numbers


@dataclass
class SeatLine:
    seat: int  # 1-based
    name: str
    place: str  # "2nd", or "" while playing
    mine: bool = False


@dataclass
class TableLine:
    number: int
    url: str | None  # the games.Table, to watch or play
    finished: bool
    seats: list[SeatLine] = field(default_factory=list)


@dataclass
class StandingLine:
    rank: int
    name: str
    withdrawn: bool
    points: str
    percentage: str
    games: int
    table_wins: int
    tiebreaks: list[str]
    cells: list[str]
    mine: bool


@dataclass
class YourTable:
    round: int
    table: int
    seat: int
    url: str | None


def entry_of(event: Event, user: Any) -> Entry | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return Entry.objects.filter(event=event, user=user).first()


def shown_round(event: Event) -> Round | None:
    return event.round_set.exclude(status=Round.SEATED).order_by("-number").first()


def waiting_round(event: Event) -> Round | None:
    return event.round_set.filter(status=Round.SEATED).first()


def status_text(event: Event, shown: Round | None, waiting: Round | None) -> str:
    if event.format == Event.KNOCKOUT:
        # Its rounds are deals (or top-q rounds) with no set number: not "Round 4 of 0".
        from tournaments import knockout_pages  # it builds on this module's lines

        return knockout_pages.event_status(event)
    if event.status == Event.UPCOMING:
        registration = "open" if event.registration_open else "closed"
        return f"Upcoming: registration is {registration}."
    if event.status == Event.FINISHED:
        return "Finished: the standings are final."
    paused = " The event is paused: the next round waits." if event.paused else ""
    if shown is not None and shown.status == Round.PLAYING:
        return f"Round {shown.number} of {event.rounds} is being played.{paused}"
    if waiting is not None:
        when = (
            "it starts at the time the organizer set"
            if waiting.start_at
            else "it starts when the organizer says"
        )
        return f"Round {waiting.number} of {event.rounds} is being seated; {when}.{paused}"
    return f"Running.{paused}"


def table_url(round_table: RoundTable) -> str | None:
    return reverse("table", args=[round_table.table_id]) if round_table.table_id else None


def seat_name(seat: RoundSeat) -> str:
    return seat.entry.user.get_username() if seat.entry else f"Bot ({seat.bot_level})"


def tables_of(
    round_: Round, me: Entry | None, seated: Sequence[list[RoundSeat]] | None = None
) -> list[TableLine]:
    """The round's tables for `me` (`seated`: its tables' seats, when read already)."""
    lines: list[TableLine] = []
    for seats in records.seated_tables(round_) if seated is None else seated:
        table = seats[0].table
        line = TableLine(table.number, table_url(table), table.finished_at is not None)
        line.seats = [
            SeatLine(
                seat=s.position + 1,
                name=seat_name(s),
                place=ordinal(s.place) if s.place and line.finished else "",
                mine=me is not None and s.entry_id == me.pk,
            )
            for s in seats
        ]
        lines.append(line)
    return lines


def your_table(tables: list[TableLine], round_: Round) -> YourTable | None:
    for table in tables:
        for seat in table.seats:
            if seat.mine:
                return YourTable(round_.number, table.number, seat.seat, table.url)
    return None


def cell_text(cell: tally.Cell | None) -> str:
    if cell is None:
        return ""
    if cell.table_no is None:
        return "bye"
    return f"T{cell.table_no} · {ordinal(cell.place or 0)}"


def standing_lines(
    event: Event,
    names: dict[int, str],
    me: Entry | None,
    rows: Sequence[tally.Row] | None = None,
) -> list[StandingLine]:
    """The standings for `me` (`rows`: `records.standings(event)`, when read already)."""
    return [
        StandingLine(
            rank=row.rank,
            name=names[row.player],
            withdrawn=row.withdrawn,
            points=number(row.points),
            percentage=number(row.percentage, 1),
            games=row.games,
            table_wins=row.table_wins,
            tiebreaks=["" if v is None else number(v) for v in row.tiebreaks],
            cells=[cell_text(row.cells.get(n)) for n in range(1, event.rounds + 1)],
            mine=me is not None and row.player == me.pk,
        )
        for row in (records.standings(event) if rows is None else rows)
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
    met: dict[frozenset, int] = {}
    record_meetings(met, tables.values())
    lists: dict[str, list[str]] = {name: [] for name in order}
    for pair, times in sorted(met.items(), key=lambda item: sorted(names[p] for p in item[0])):
        a, b = (names[p] for p in pair)
        lists[a].append(b + (f" ×{times}" if times > 1 else ""))
        lists[b].append(a + (f" ×{times}" if times > 1 else ""))
    return [(name, ", ".join(sorted(lists[name])) or "—") for name in order]


@dataclass(frozen=True)
class LiveFacts:
    """What the live part shows that is the same for every viewer of a Swiss or
    duplicate event, read once: a push renders the part for every socket of a process,
    each viewer's own marks (their table, their row) come from these without a query."""

    event: Event
    shown: Round | None
    status: str
    entries: dict[int, Entry]  # by user id, withdrawn or not
    names: dict[int, str]
    seated: list[list[RoundSeat]]  # the shown round's tables
    rows: list[tally.Row]  # the standings (none for a duplicate event)
    byes: frozenset[int]  # the entries with a bye in the shown round
    opponents: list[tuple[str, str]]

    def entry_of(self, user: Any) -> Entry | None:
        if not getattr(user, "is_authenticated", False):
            return None
        return self.entries.get(user.pk)


def live_facts(event: Event) -> LiveFacts:
    """The shared part of `live_context` (not for a knockout: see knockout_pages)."""
    shown = shown_round(event)
    everyone = records.entries(event)
    names = records.names(everyone)
    duplicate = event.format == Event.DUPLICATE
    rows = [] if duplicate else records.standings(event)
    return LiveFacts(
        event=event,
        shown=shown,
        status=status_text(event, shown, waiting_round(event)),
        entries={e.user_id: e for e in everyone},
        names=names,
        seated=records.seated_tables(shown) if shown else [],
        rows=rows,
        byes=frozenset(Bye.objects.filter(round=shown).values_list("entry_id", flat=True))
        if shown
        else frozenset(),
        opponents=opponents(event, names, [names[row.player] for row in rows])
        if shown and not duplicate
        else [],
    )


def live_context(
    event: Event, user: Any, facts: LiveFacts | None = None, rows: LiveRows | None = None
) -> dict[str, Any]:
    """The part of the event page that changes while it runs (its `live` partial), for
    `user`; `facts`: `live_facts(event)`, when read already (a push's other sockets),
    and `rows`: its lists rendered already (a Swiss event's push)."""
    if event.format == Event.KNOCKOUT:
        from tournaments import knockout_pages  # it builds on this module's lines

        return knockout_pages.live_context(event, user)
    if facts is None:
        facts = live_facts(event)
    me = facts.entry_of(user)
    shown = facts.shown
    rendered = rows.context(facts, me) if rows is not None else {}
    tables = rendered["tables"] if rows is not None else []
    if rows is None and shown:
        tables = tables_of(shown, me, facts.seated)
    duplicate = event.format == Event.DUPLICATE
    if duplicate:
        # A duplicate table is its players' only (its boards are sealed): no watch link.
        for line in tables:
            line.url = line.url if any(seat.mine for seat in line.seats) else None
    # A duplicate event's standings are matchpoints (its own partial), not places.
    if rows is not None:
        standings = rendered["standings"]
    else:
        standings = [] if duplicate else standing_lines(event, facts.names, me, facts.rows)
    return {
        **rendered,
        "event": event,
        "status": facts.status,
        "shown_round": shown,
        "tables": tables,
        "your_table": your_table(tables, shown) if shown else None,
        "your_bye": shown is not None and me is not None and me.pk in facts.byes,
        "standings": standings,
        "opponents": facts.opponents,
        "duplicate": duplicate_records.context(event, shown, me) if duplicate else None,
        "tiebreak_labels": [] if duplicate else [tally.TIEBREAKS[key] for key in event.tiebreaks],
        "round_numbers": range(1, event.rounds + 1),
    }


def scoring_text(event: Event) -> str:
    if event.format == Event.DUPLICATE:
        return (
            f"Every table plays the same {event.boards} boards (deals) each round, every "
            "seat starting each with full lives. A seat's result on a board (lives lost, "
            "then the hand's value) is compared with the same seat at the other tables: "
            "a matchpoint for each beaten, half for each tie (scaled by Neuberg's formula "
            "where a board was played fewer times). The percentage is a player's "
            "matchpoints over the most they could have had. Bots fill the tables and are "
            "compared with, but not ranked."
        )
    if event.scoring == Event.OUTLASTED:
        return (
            "Each game scores a point for every opponent you outlast (half a point for a "
            f"tie): at a table of {event.table_size}, {event.table_size - 1} points at most."
        )
    points = ", ".join(
        f"{ordinal(n)} {number(p)}" for n, p in enumerate(event.place_points, start=1)
    )
    return f"Each game scores by place: {points}; players who tie share those places' points."


def bye_text(event: Event) -> str:
    if event.format == Event.DUPLICATE:
        return ""  # every player is seated: bots fill the tables
    most = records.bye_maximum(event)
    return (
        f"A bye scores {number(event.bye_points)} of {number(most)} points. The percentage "
        "is a player's points over the most they could have scored, byes included."
    )


def club_url(event: Event) -> str | None:
    """The club's page, once the clubs app has its pages."""
    try:
        return event.club.get_absolute_url()
    except NoReverseMatch:
        return None


def page_context(event: Event, user: Any) -> dict[str, Any]:
    context = live_context(event, user)
    me = entry_of(event, user)
    context.update(
        {
            "me": me,
            "club_url": club_url(event),
            "rules_summary": rule_summary(Rules.from_dict(event.rules)),
            "scoring_text": scoring_text(event),
            "bye_text": bye_text(event),
            "can_register": event.status != Event.FINISHED
            and event.registration_open
            and (me is None or not me.active),
            "can_withdraw": me is not None and me.active and event.status != Event.FINISHED,
            "can_check_in": me is not None
            and me.active
            and event.checkin_minutes > 0
            and event.status == Event.UPCOMING
            and me.checked_in_at is None,
        }
    )
    return context


class LiveRows:
    """The live part's long lists rendered once for a push's facts (a Swiss event):
    every table row and standings row as nobody's, and who met whom. A viewer's part
    joins them, with only their own table and row rendered again, marked theirs."""

    def __init__(self, facts: LiveFacts) -> None:
        event = facts.event
        self.tables = tables_of(facts.shown, None, facts.seated) if facts.shown else []
        self.table_html = [_partial("table-row", {"t": t}) for t in self.tables]
        self.standings = standing_lines(event, facts.names, None, facts.rows)
        self.standing_html = [_partial("standing-row", {"row": r}) for r in self.standings]
        self.opponents_html = (
            _partial("met-list", {"opponents": facts.opponents}) if facts.opponents else ""
        )

    def context(self, facts: LiveFacts, me: Entry | None) -> dict[str, Any]:
        """`live_context`'s lists for `me`, with their rendered HTML."""
        tables = self.tables
        table_html = list(self.table_html)
        standings = self.standings
        standing_html = list(self.standing_html)
        if me is not None:  # their table and their row, marked theirs
            for k, seats in enumerate(facts.seated):
                if facts.shown and any(seat.entry_id == me.pk for seat in seats):
                    line = tables_of(facts.shown, me, [seats])[0]
                    tables = [*tables[:k], line, *tables[k + 1 :]]
                    table_html[k] = _partial("table-row", {"t": line})
            for k, row in enumerate(facts.rows):
                if row.player == me.pk:
                    mine = standing_lines(facts.event, facts.names, me, [row])[0]
                    standings = [*standings[:k], mine, *standings[k + 1 :]]
                    standing_html[k] = _partial("standing-row", {"row": mine})
        return {
            "tables": tables,
            "tables_html": mark_safe("".join(table_html)),  # noqa: S308 (rendered above)
            "standings": standings,
            "standings_html": mark_safe("".join(standing_html)),  # noqa: S308
            "opponents_html": mark_safe(self.opponents_html),  # noqa: S308
        }


def _partial(name: str, context: dict[str, Any]) -> str:
    return render_to_string(f"tournaments/detail.html#{name}", context)


# A push's facts, by (event, change), for the other sockets of this process: the few
# latest, so a push to several events at once still reads each once.
_RECENT_PUSHES = 8
_recent: dict[tuple[int, Hashable], tuple[Event, LiveFacts | None, LiveRows | None]] = {}
_recent_lock = threading.Lock()


def render_live(event_id: int, user: Any, change: Hashable | None = None) -> str | None:
    """The page's live part for `user`, to push (None: the event is gone). `change`:
    the push's own token (`tournaments.live.push`): every socket told of the same change
    renders from the same facts, read once in this process after that change's commit,
    and for a Swiss event from the same rendered rows (`LiveRows`), so a round start
    told to 200 sockets reads the standings and renders their rows once, not 200
    times. None: read afresh."""
    key = (event_id, change)
    with _recent_lock:
        found = _recent.get(key) if change is not None else None
    if found is None:
        event = Event.objects.select_related("club").filter(pk=event_id).first()
        if event is None:
            return None
        facts = None if event.format == Event.KNOCKOUT else live_facts(event)
        rows = LiveRows(facts) if facts is not None and event.format == Event.SWISS else None
        found = (event, facts, rows)
        if change is not None:
            with _recent_lock:
                _recent[key] = found
                while len(_recent) > _RECENT_PUSHES:
                    del _recent[next(iter(_recent))]
    event, facts, rows = found
    context = {**live_context(event, user, facts, rows), "pushed": True}
    return render_to_string("tournaments/detail.html#live", context).strip()
