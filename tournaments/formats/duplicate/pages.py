"""What a duplicate event's pages, CSV and socket show (docs/tournaments.md#reveal), read from
the boards played: the standings (matchpoint percentages), the boards of the round
with their commitments, and the travellers of the boards revealed.

Only revealed boards count and are shown: a board still being played at some table has
no traveller, no deck, no salt and no result anywhere, and the standings leave it out
(a result there, or a percentage that moved, would tell a table still playing it how
the deal went elsewhere). Every board's commitment alone is shown from the event's
start, when they are all drawn (docs/fair-seating.md#duplicate-boards-are-drawn-at-the-start).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from tournaments import page_parts
from tournaments.formats import printed
from tournaments.formats.duplicate import matchpoints as duplicate
from tournaments.formats.pages import Cell, Column, StandingsTable
from tournaments.formats.placings import Placing, shared_ranks
from tournaments.formats.screen_parts import ScreenRow, ScreenStandings
from tournaments.formats.seated import SeatedPages
from tournaments.models import Board, BoardPlay, Entry, Event, Round, RoundSeat
from tournaments.page_parts import tables_of, waiting_round
from tournaments.words import number, seat_name


def board_number(event: Event, board: Board) -> int:
    """The board's number in the event: round 2's board 1 of four is board 5."""
    return (board.round_number - 1) * event.boards + board.number


def results(event: Event) -> tuple[list[duplicate.Result[int]], int]:
    """Every seat's result on the revealed boards (player: the entry, None for a bot),
    and how many results each comparison should have: the round's tables."""
    seats = {
        (s.table_id, s.position): s.entry_id
        for s in RoundSeat.objects.filter(table__round__event=event)
    }
    found = []
    for play in BoardPlay.objects.filter(
        board__round__event=event, board__revealed_at__isnull=False, scored=True
    ).select_related("board__round", "table"):
        for position, (lost, value) in enumerate(
            zip(play.lives_lost, play.hand_values, strict=True)
        ):
            found.append(
                duplicate.Result(
                    board=board_number(event, play.board),
                    table=play.table.number,
                    seat=position,
                    player=seats.get((play.table_id, position)),
                    lives_lost=lost,
                    hand_value=value,
                )
            )
    tables = max(
        (r.tables.count() for r in event.round_set.exclude(status=Round.SEATED)), default=1
    )
    return found, tables


@dataclass
class StandingLine:
    rank: int | None  # None: no board of theirs revealed yet, not ranked
    name: str
    withdrawn: bool
    percentage: str
    matchpoints: str
    top: int
    boards: int
    mine: bool

    @property
    def lead(self) -> int | str:
        return "" if self.rank is None else self.rank

    @property
    def figures(self) -> list[Cell]:
        return [Cell(self.percentage), Cell(self.matchpoints), Cell(self.top), Cell(self.boards)]


def ranked(event: Event) -> list[tuple[int, duplicate.Standing[int]]]:
    """The players with a revealed board, by matchpoint percentage, each with their rank
    (players with the same percentage share it). Bots are compared with, not ranked."""
    found, expected = results(event)
    ranks: list[tuple[int, duplicate.Standing[int]]] = []
    for k, row in enumerate(duplicate.percentages(found, expected), start=1):
        same = ranks and round(ranks[-1][1].percentage, 9) == round(row.percentage, 9)
        ranks.append((ranks[-1][0] if same else k, row))
    return ranks


def standing_lines(event: Event, me: Entry | None) -> list[StandingLine]:
    """Everyone entered, by matchpoint percentage (ties share a rank); players with no
    revealed board yet last, without a rank."""
    entries = list(event.entries.select_related("user").order_by("registered_at", "pk"))
    rows = ranked(event)
    scored = {row.player for _, row in rows}
    lines: list[StandingLine] = []
    by_id = {e.pk: e for e in entries}
    for rank, row in rows:
        entry = by_id[row.player]
        lines.append(
            StandingLine(
                rank=rank,
                name=entry.user.get_username(),
                withdrawn=not entry.active,
                percentage=number(row.percentage, 1),
                matchpoints=number(row.matchpoints),
                top=row.top,
                boards=row.boards,
                mine=me is not None and entry.pk == me.pk,
            )
        )
    for entry in entries:
        if entry.pk not in scored:
            lines.append(
                StandingLine(
                    rank=None,
                    name=entry.user.get_username(),
                    withdrawn=not entry.active,
                    percentage="",
                    matchpoints="",
                    top=0,
                    boards=0,
                    mine=me is not None and entry.pk == me.pk,
                )
            )
    return lines


@dataclass
class TravellerLine:
    table: int
    name: str
    lives_lost: int
    hand: str
    matchpoints: str


@dataclass
class BoardLine:
    number: int  # in the event
    round: int
    round_board: int  # in its round
    dealer: int  # 1-based seat
    commitment: str
    tables_done: int
    tables: int
    # Only once revealed (every table has played it):
    deck: str = ""
    salt: str = ""
    unplayed: list[int] = field(default_factory=list)  # tables that did not play it
    seats: list[tuple[int, list[TravellerLine]]] = field(default_factory=list)


def boards_of(event: Event, round_: Round) -> list[BoardLine]:
    """The round's boards: each one's commitment and how many tables have played it;
    for a revealed board, its deck and salt and its traveller, seat by seat."""
    found, expected = results(event)
    scored = duplicate.travellers(duplicate.matchpoints(found, expected))
    names = {
        (s.table.number, s.position): seat_name(s)
        for s in RoundSeat.objects.filter(table__round=round_).select_related(
            "table", "entry__user"
        )
    }
    tables = round_.tables.count()
    lines = []
    for board in round_.boards.select_related("round").prefetch_related("plays__table"):
        plays = list(board.plays.all())
        line = BoardLine(
            number=board_number(event, board),
            round=round_.number,
            round_board=board.number,
            dealer=board.dealer + 1,
            commitment=board.commitment,
            tables_done=sum(1 for p in plays if p.finished_at is not None),
            tables=tables,
        )
        if board.revealed:
            line.deck, line.salt = board.deck, board.salt
            line.unplayed = sorted(p.table.number for p in plays if not p.scored)
            for seat in range(event.table_size):
                rows = scored.get((line.number, seat), [])
                line.seats.append(
                    (
                        seat + 1,
                        [
                            TravellerLine(
                                table=s.result.table,
                                name=names.get((s.result.table, seat), "?"),
                                lives_lost=s.result.lives_lost,
                                hand=number(s.result.hand_value),
                                matchpoints=number(s.matchpoints),
                            )
                            for s in rows
                        ],
                    )
                )
        lines.append(line)
    return lines


@dataclass(frozen=True)
class LaterBoard:
    """A board of a round not yet started: committed to when the event started; its
    deck and salt once the event is over (it was never dealt)."""

    number: int  # in the event
    round: int
    round_board: int
    commitment: str
    deck: str = ""
    salt: str = ""


def later_boards(event: Event, started: list[Round]) -> list[LaterBoard]:
    """The boards of the rounds not started (all drawn at the event's start,
    docs/fair-seating.md#duplicate-boards-are-drawn-at-the-start): each one's
    commitment, and its deck and salt only once revealed."""
    boards = Board.objects.filter(event=event).exclude(round__in=started)
    return [
        LaterBoard(
            number=board_number(event, board),
            round=board.round_number,
            round_board=board.number,
            commitment=board.commitment,
            deck=board.deck if board.revealed else "",
            salt=board.salt if board.revealed else "",
        )
        for board in boards.order_by("round_number", "number")
    ]


def current_boards(round_: Round) -> dict[int, str]:
    """What each table of the round is playing now: "board 3 of 4", or "all played"."""
    count = round_.boards.count()
    now: dict[int, str] = {}
    for play in BoardPlay.objects.filter(board__round=round_).select_related("board", "table"):
        number_ = play.table.number
        if play.finished_at is None:
            now[number_] = _("board %(number)s of %(count)s") % {
                "number": play.board.number,
                "count": count,
            }
        elif number_ not in now and play.board.number == count:
            now[number_] = _("all boards played")
    return now


def context(event: Event, shown: Round | None) -> dict[str, Any]:
    """The duplicate part of the event page's live part: the boards, what each table
    plays now."""
    started = list(event.round_set.exclude(status=Round.SEATED).order_by("number"))
    return {
        "boards": [line for round_ in started for line in boards_of(event, round_)],
        "later_boards": later_boards(event, started),
        "playing": current_boards(shown) if shown else {},
    }


def standings_table(event: Event, me: Entry | None) -> StandingsTable:
    """The standings by matchpoint percentage over the revealed boards."""
    standings = standing_lines(event, me)
    return StandingsTable(
        caption=_("Standings by matchpoints, over the boards every table has played"),
        columns=[
            Column(_("Rank")),
            Column(_("Player")),
            Column("%"),
            Column(_("Matchpoints")),
            Column(pgettext("duplicate: the most matchpoints one could score", "Top")),
            Column(_("Boards")),
        ],
        rows=standings if any(line.rank for line in standings) else [],
        # Before a board is revealed: the players registered, by name, and no ranks.
        unranked=sorted(
            ((line.name, line.mine) for line in standings if not line.withdrawn),
            key=lambda pair: pair[0].casefold(),
        ),
        not_ranked=_("Not ranked until every table has played a board."),
    )


def scoring_text(event: Event) -> str:
    return _(
        "Every table plays the same %(boards)s boards (deals) each round, every "
        "seat starting each with full lives. A seat's result on a board (lives lost, "
        "then the hand's value) is compared with the same seat at the other tables: "
        "a matchpoint for each beaten, half for each tie (scaled by Neuberg's formula "
        "where a board was played fewer times). The percentage is a player's "
        "matchpoints over the most they could have had. Bots fill the tables and are "
        "compared with, but not ranked."
    ) % {"boards": event.boards}


@dataclass(frozen=True)
class BoardProgress:
    number: int  # in the event
    done: int  # tables that have played it
    tables: int

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.tables) if self.tables else 0


def board_progress(event: Event, round_: Round) -> list[BoardProgress]:
    """How many of the round's tables have played each of its boards: counts only, so
    a board still being played somewhere tells the room nothing of its deal."""
    tables = round_.tables.count()
    return [
        BoardProgress(
            board_number(event, board),
            sum(1 for play in board.plays.all() if play.finished_at is not None),
            tables,
        )
        for board in round_.boards.select_related("round").prefetch_related("plays")
    ]


class DuplicatePages(SeatedPages):
    def heading(self, event: Event) -> str:
        rounds = ngettext("%(count)s round", "%(count)s rounds", event.rounds) % {
            "count": event.rounds
        }
        boards = ngettext("%(count)s board", "%(count)s boards", event.boards) % {
            "count": event.boards
        }
        # Translators: "Duplicate, 3 rounds of 4 boards".
        return _("Duplicate, %(rounds)s of %(boards)s") % {"rounds": rounds, "boards": boards}

    def live_facts(self, event: Event) -> page_parts.RoundFacts:
        return page_parts.round_facts(event, self)

    def live_context(self, event: Event, user: Any, facts: Any) -> dict[str, Any]:
        if facts is None:
            facts = self.live_facts(event)
        me = facts.entry_of(user)
        tables = tables_of(facts.shown, me, facts.seated) if facts.shown else []
        # A duplicate table is its players' only (its boards are sealed): no watch link.
        for line in tables:
            line.url = line.url if any(seat.mine for seat in line.seats) else None
        return {
            **page_parts.round_context(facts, me, tables),
            "standings_table": standings_table(event, me),
            "duplicate": context(event, facts.shown),
        }

    def about_context(self, event: Event) -> dict[str, Any]:
        # Every player is seated (bots fill the tables): no byes; no tie-breaks.
        return {
            "scoring_text": scoring_text(event),
            "bye_text": "",
            "ties_text": _("Broken by nothing: tied players share a rank."),
        }

    def printed_round(self, event: Event, round_: Round) -> printed.PrintedRound:
        """The round's tables, and the boards every one of them plays (numbered in the
        event, as the page's travellers are): which boards, never what is in them."""
        sheet = super().printed_round(event, round_)
        first = (round_.number - 1) * event.boards + 1
        last = first + event.boards - 1
        if first == last:
            note = _(
                "Every table plays board %(first)s; a seat gets the same cards at every table."
            )
        else:
            note = _(
                "Every table plays boards %(first)s to %(last)s; a seat gets the same cards "
                "at every table."
            )
        sheet.notes.append(note % {"first": first, "last": last})
        return sheet

    def placings(self, event: Event) -> list[Placing]:
        """The players ranked by matchpoint percentage, each with their matchpoints."""
        rows = ranked(event)
        entries = {e.pk: e for e in event.entries.select_related("user")}
        shared = shared_ranks([rank for rank, _ in rows])
        return [
            Placing(
                entry_id=row.player,
                name=entries[row.player].user.get_username(),
                rank=rank,
                shared=rank in shared,
                score=_("%(percentage)s%%") % {"percentage": number(row.percentage, 1)},
                detail=_("%(percentage)s%% of the matchpoints (%(matchpoints)s of %(top)s)")
                % {
                    "percentage": number(row.percentage, 1),
                    "matchpoints": number(row.matchpoints),
                    "top": row.top,
                },
                withdrawn=not entries[row.player].active,
            )
            for rank, row in rows
        ]

    def projector_context(self, event: Event) -> dict[str, Any]:
        """The projector's duplicate part: the round's tables, its boards' progress, and
        the standings by matchpoint percentage over the boards every table has played."""
        facts = self.live_facts(event)
        shown = facts.shown
        boards = board_progress(event, shown) if shown else []
        title = ""
        if shown is not None:
            title = _("Round %(number)s of %(rounds)s") % {
                "number": shown.number,
                "rounds": event.rounds,
            }
            if boards:
                title = _("%(round)s · boards %(first)s–%(last)s") % {
                    "round": title,
                    "first": boards[0].number,
                    "last": boards[-1].number,
                }
        rows = [
            ScreenRow(
                str(line.rank) if line.boards else "",
                line.name,
                [line.percentage, str(line.boards)],
                line.withdrawn,
            )
            for line in standing_lines(event, None)
        ]
        return {
            "status": facts.status,
            "round_title": title,
            "tables": tables_of(shown, None, facts.seated) if shown else [],
            "boards": boards,
            "standings": ScreenStandings(
                caption=_("Standings by matchpoints"),
                rank_label=_("Rank"),
                columns=["%", _("Boards")],
                rows=rows,
            ),
            "next_up": self.next_round(event, shown, waiting_round(event)),
        }
