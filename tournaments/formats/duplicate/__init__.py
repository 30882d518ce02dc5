"""Duplicate events (docs/design.md §18): every table of a round plays the same boards,
and each seat's result is compared with the same seat's at the other tables."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments import page_parts
from tournaments.formats import printed
from tournaments.formats.base import (
    Format,
    Options,
    Placing,
    SeasonResult,
    SeatedRounds,
    check_rounds,
)
from tournaments.formats.duplicate import pages, rounds, verify
from tournaments.formats.duplicate.rounds import check_boards
from tournaments.formats.seat_checks import Check
from tournaments.models import Entry, Event, Round

# The level of the bots that fill the tables: a fair opponent, not a pushover.
BOT_LEVEL = "medium"


class Duplicate(SeatedRounds):
    key = Event.DUPLICATE
    description = gettext_lazy(
        "Duplicate: every table plays the same deals (boards) each round, and each seat "
        "is compared with the seats that held the same cards at the other tables."
    )
    template = "tournaments/formats/duplicate.html"
    lives_only = True
    late_entry_refusal = gettext_lazy(
        "A duplicate event seats everyone at its start: it is too late."
    )
    correction_refusal = gettext_lazy(
        "A duplicate event scores the deals themselves: no places to correct."
    )
    card_tables_refusal = gettext_lazy(
        "A duplicate board deals every table the same cards from the same stock order; "
        "a shuffled real deck cannot, so duplicate is played online."
    )

    def options(self, *, rounds: int | None, boards: int, top_q: int, table_size: int) -> Options:
        count = check_rounds(rounds)
        check_boards(boards)
        return Options(rounds=count, boards=boards)

    def heading(self, event: Event) -> str:
        rounds = ngettext("%(count)s round", "%(count)s rounds", event.rounds) % {
            "count": event.rounds
        }
        boards = ngettext("%(count)s board", "%(count)s boards", event.boards) % {
            "count": event.boards
        }
        # Translators: "Duplicate, 3 rounds of 4 boards".
        return _("Duplicate, %(rounds)s of %(boards)s") % {"rounds": rounds, "boards": boards}

    def check_field(self, event: Event, count: int) -> None:
        Format.check_field(self, event, count)  # any number of rounds: seats rotate
        rounds.check_field(count, event.table_size)

    def start(self, event: Event) -> Round:
        # Every board of the event is drawn and committed to before round 1 is seated.
        rounds.draw_boards(event)
        return super().start(event)

    def seat(self, event: Event, number: int) -> Round:
        return rounds.seat_round(event, number, BOT_LEVEL)

    def start_round(self, event: Event, round_: Round) -> None:
        rounds.start_tables(event, round_)

    def record_game(self, event: Event, game_id: int) -> Round | None:
        return rounds.record_play(game_id)

    def table_games(self, round_: Round) -> dict[int, tuple[int | None, str]]:
        return rounds.table_games(round_)

    def games_of(self, entry: Entry) -> list[int]:
        return rounds.games_of(entry)

    @staticmethod
    def event_of_game(game_id: int) -> int | None:
        return rounds.event_of_game(game_id)

    @staticmethod
    def unrecorded_games() -> list[int]:
        return rounds.unrecorded_games()

    def live_facts(self, event: Event) -> page_parts.RoundFacts:
        return page_parts.round_facts(event, self)

    def live_context(self, event: Event, user: Any, facts: Any) -> dict[str, Any]:
        if facts is None:
            facts = self.live_facts(event)
        me = facts.entry_of(user)
        tables = page_parts.tables_of(facts.shown, me, facts.seated) if facts.shown else []
        # A duplicate table is its players' only (its boards are sealed): no watch link.
        for line in tables:
            line.url = line.url if any(seat.mine for seat in line.seats) else None
        return {
            **page_parts.round_context(facts, me, tables),
            "duplicate": pages.context(event, facts.shown, me),
        }

    def projector_context(self, event: Event) -> dict[str, Any]:
        return pages.projector_context(self.live_facts(event))

    def about_context(self, event: Event) -> dict[str, Any]:
        # Every player is seated (bots fill the tables): no byes; no tie-breaks.
        return {
            "scoring_text": pages.scoring_text(event),
            "bye_text": "",
            "ties_text": _("Broken by nothing: tied players share a rank."),
        }

    def csv_rows(self, event: Event) -> list[list[str]]:
        return pages.csv_rows(event)

    def placings(self, event: Event) -> list[Placing]:
        return pages.placings(event)

    def season(self, event: Event) -> list[SeasonResult]:
        """Matchpoints out of the tops, each board played counted as a game."""
        return [
            SeasonResult(row.player, rank, row.boards, row.matchpoints, row.top)
            for rank, row in pages.ranked(event)
        ]

    def seating_checks(self, event: Event) -> list[Check]:
        return verify.checks(event)

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
