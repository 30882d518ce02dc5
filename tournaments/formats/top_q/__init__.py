"""Top-q knockout events (docs/design.md §17): each round every table plays a whole
game and its first q go through, reseated from scratch, until a final is won."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.errors import ServiceError
from tournaments.formats.base import Format, Options
from tournaments.formats.knockout import Knockout
from tournaments.formats.knockout import verify as knockout_verify
from tournaments.formats.seat_checks import Check
from tournaments.formats.top_q import rounds
from tournaments.models import Event, Round, RoundTable


class TopQ(Knockout):
    """A knockout in whole games: it shares the balanced knockout's entry rules, pages
    and season rule, with its own rounds and words."""

    key = Event.TOP_Q
    description = gettext_lazy(
        "Top-q knockout: each table plays a whole game and its top players (the number "
        "below) go through to the next round, until a final is won. The rounds field is "
        "not used."
    )
    template = "tournaments/formats/top_q.html"
    unit = "round"
    # A round is a whole game: a stand-in plays it, as in the other formats.
    stand_in_button = Format.stand_in_button
    stand_in_done = Format.stand_in_done
    keeps_tables = False
    table_column = gettext_lazy("Game")

    def options(self, *, rounds: int | None, boards: int, top_q: int, table_size: int) -> Options:
        if not 1 <= top_q < table_size:
            raise ServiceError(
                _("1 to %(most)s players of each table go through.") % {"most": table_size - 1},
                "top_q",
            )
        return Options(top_q=top_q)

    def heading(self, event: Event) -> str:
        return _("Knockout, the top %(q)s of each table go through") % {"q": event.top_q}

    def start(self, event: Event) -> Round:
        return rounds.start(event)

    card_result = "places"  # a whole game at each table: its finishing order

    def record_table(self, event: Event, table: RoundTable) -> None:
        rounds.record_table(event, table)

    def record_cards(
        self, event: Event, table: RoundTable, places: list[int], lost: Sequence[int] = ()
    ) -> bool:
        """A card table's finishing order, recorded as its game's places would be; the
        round ends with its last table and the next is seated from who went through."""
        if table.finished_at is not None:
            return False
        rounds.record_card_table(event, table, places)
        return True

    def seating_checks(self, event: Event) -> list[Check]:
        # Round 1 from the seed and 1 (as every round is seated); then who went through.
        return knockout_verify.checks(event, self.unit, f"{event.seed}:1", knockout_verify.top_q)
