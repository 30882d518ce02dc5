"""Knockout events with tables balanced between deals (docs/design.md §17): every table
plays one deal at a time, lives carry from table to table, the last player in wins."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.notes import Line
from tournaments.formats import printed
from tournaments.formats.base import Format, Options, Placing, SeasonResult
from tournaments.formats.knockout import pages, rounds, verify
from tournaments.formats.seat_checks import Check
from tournaments.models import Entry, Event, KnockoutPlayer, Round, RoundSeat, RoundTable
from tournaments.progress import unrecorded_table
from tournaments.words import unit_title, unit_title_within


class Knockout(Format):
    key = Event.KNOCKOUT
    description = gettext_lazy(
        "Knockout: no set number of rounds. Deal after deal, a player is out on their "
        "last life and the tables are balanced, until one player is left. The rounds "
        "field is not used."
    )
    template = "tournaments/formats/knockout.html"
    lives_only = True
    sets_rounds = False
    late_entry_refusal = gettext_lazy("The knockout has started: it is too late to join.")
    pause_refusal = gettext_lazy("A knockout deals on until one player is left: it has no pause.")
    correction_refusal = gettext_lazy(
        "A knockout's places follow from the games: nothing to correct."
    )
    # Card tables (docs/design.md §21): a deal's lives lost per seat entered from the
    # phones. Every table or none: a deal starts at every table at once, so no round
    # is ever seated for the organizer to tick which tables play with cards.
    card_tables_refusal = None
    mixed_tables_refusal = gettext_lazy(
        "A knockout's tables play all online or all with cards: its rounds start at once, "
        "with no time to choose tables."
    )
    card_result = "lives"
    # Decided for the club night: deal follows deal at every table within seconds, and a
    # break between two would stop every table mid-match; the organizer pauses no table.
    break_refusal = gettext_lazy("A knockout deals on until one player is left: it has no breaks.")
    # Its pages' words (`pages.Unit`): "deal" ("out on deal 3"), a key the pages word.
    unit = "deal"
    # Each deal is a round, and a stand-in goes on deal after deal until they are back
    # (`rounds.record`): not "this round".
    stand_in_button = gettext_lazy("A bot plays for %(name)s from this deal on")
    stand_in_done = gettext_lazy(
        "A bot plays for %(name)s from this deal on, until they are back or you give them "
        "their seat back."
    )
    keeps_tables = True
    # Its tables' column: a balanced table plays a deal at a time.
    table_column = gettext_lazy("Deal")

    def options(self, *, rounds: int | None, boards: int, top_q: int, table_size: int) -> Options:
        """No rounds to set: it deals until one player is left, so whatever the form
        held is stored as 0, not as a number a page could show as "Round 4 of 3"."""
        return Options()

    def heading(self, event: Event) -> str:
        return _("Knockout, tables balanced deal by deal")

    def summary(self, event: Event) -> str:
        return _("Knockout")

    def check_field(self, event: Event, count: int) -> None:
        rounds.check_startable(event, count)

    def start(self, event: Event) -> Round:
        return rounds.start(event)

    def withdrawal_refusal(self, entry: Entry) -> str | None:
        # Out of a knockout is out: their place is decided, there is nothing to leave.
        out = KnockoutPlayer.objects.filter(entry=entry, out_deal__isnull=False).first()
        if out is None:
            return None
        values = {"name": entry.user.get_username(), "deal": out.out_deal}
        if self.unit == "deal":
            return _("%(name)s is out (on deal %(deal)s): nothing to withdraw from.") % values
        return _("%(name)s is out (in round %(deal)s): nothing to withdraw from.") % values

    def table_games(self, round_: Round) -> dict[int, tuple[int | None, str]]:
        # A balanced knockout's round is one deal; a top-q round one whole game.
        label = "" if not self.keeps_tables else unit_title(self.unit, round_.number)
        return {t.pk: (t.game_id, label) for t in round_.tables.all()}

    def record(self, event: Event, game_id: int) -> bool:
        table = unrecorded_table(game_id)
        if table is None:
            return False
        self.record_table(event, table)
        return True

    def record_table(self, event: Event, table: RoundTable) -> None:
        rounds.record_table(event, table)

    def record_cards(
        self, event: Event, table: RoundTable, places: list[int], lost: Sequence[int] = ()
    ) -> bool:
        """A card table's deal: its lives lost recorded, the deal ended with its last
        table (balancing, moves, the next deal seated) as an online deal's is."""
        if table.finished_at is not None:
            return False
        rounds.record_card_deal(event, table, [int(n or 0) for n in lost])
        return True

    def deal_refusal(self, event: Event, table: RoundTable, lost: list[int]) -> str | None:
        return rounds.deal_refusal(event, table, lost)

    def card_notes(self, event: Event, table: RoundTable, viewer: Any) -> list[str | Line]:
        # Who arrived and who left, as a kept table's page says (a top-q round seats
        # every table anew: nobody moves).
        return pages.card_notes(table, viewer) if self.keeps_tables else []

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

    def status(self, event: Event, shown: Round | None, waiting: Round | None) -> str:
        # Its rounds are deals (or top-q rounds) with no set number: not "Round 4 of 0".
        return pages.event_status(event, self)

    def live_context(self, event: Event, user: Any, facts: Any) -> dict[str, Any]:
        return {**pages.live_context(event, self, user), "table_column": self.table_column}

    def projector_context(self, event: Event) -> dict[str, Any]:
        return pages.projector_context(event, self)

    def csv_rows(self, event: Event) -> list[list[str]]:
        return pages.csv_rows(event, self)

    def season(self, event: Event) -> list[SeasonResult]:
        return knockout_season(event)

    def seating_checks(self, event: Event) -> list[Check]:
        # Deal 1 from the event's seed; each next deal from the balancing after it.
        return verify.checks(event, self.unit, event.seed, verify.balanced)

    def placings(self, event: Event) -> list[Placing]:
        return pages.placings(event, self)

    def own_line(self, placing: Placing, field: int) -> str:
        """ "You won the event.", "You went out on deal 9: 11th of 12." """
        if placing.rank == 1:
            if placing.shared:
                return _("You shared the win: %(place)s of %(field)s.") % {
                    "place": placing.place,
                    "field": field,
                }
            return _("You won the event.")
        values = {"place": placing.place, "field": field}
        out_deal = placing.out_deal
        if out_deal is None:  # placed without going out on a deal: as any format says it
            return super().own_line(placing, field)
        if self.unit == "deal":
            if placing.withdrawn:
                text = _("You withdrew and went out on deal %(deal)s: %(place)s of %(field)s.")
            else:
                text = _("You went out on deal %(deal)s: %(place)s of %(field)s.")
        elif placing.withdrawn:
            text = _("You withdrew and went out in round %(deal)s: %(place)s of %(field)s.")
        else:
            text = _("You went out in round %(deal)s: %(place)s of %(field)s.")
        return text % {**values, "deal": out_deal}

    def printed_round(self, event: Event, round_: Round) -> printed.PrintedRound:
        # No set number of rounds: "Deal 4" (a top-q knockout: "Round 2"), not "of 0".
        return printed.PrintedRound(
            number=round_.number,
            title=unit_title(self.unit, round_.number),
            title_within=unit_title_within(self.unit, round_.number),
            tables=printed.printed_tables(round_),
        )


def knockout_season(event: Event) -> list[SeasonResult]:
    """By place, as opponents outlasted (docs/design.md §19): a point for each player
    placed below, half for each sharing the place, out of one less than the field. Those
    still in share the places not yet decided. Each deal or game played counts a game."""
    players = list(KnockoutPlayer.objects.filter(event=event))
    field = len(players)
    games: dict[int, int] = {}
    for entry_id in RoundSeat.objects.filter(
        table__round__event=event, entry__isnull=False
    ).values_list("entry_id", flat=True):
        games[entry_id] = games.get(entry_id, 0) + 1
    # A player still in has no place yet: they share the best places left.
    sharing = Counter(p.place or 1 for p in players)
    results = []
    for p in players:
        place = p.place or 1
        below = field - place - (sharing[place] - 1)
        points = below + (sharing[place] - 1) / 2
        results.append(SeasonResult(p.entry_id, place, games.get(p.entry_id, 0), points, field - 1))
    return results
