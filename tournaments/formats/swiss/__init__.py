"""Swiss events (docs/design.md §14): whole games at tables of 3–8, each round seated
from the standings of the rounds before it, a set number of rounds."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy, ngettext

from tournaments import page_parts
from tournaments.formats.base import Placing, SeasonResult, SeatedRounds
from tournaments.formats.seat_checks import Check
from tournaments.formats.swiss import pages, results, rounds, verify
from tournaments.models import Event, Round


class Swiss(SeatedRounds):
    key = Event.SWISS
    description = gettext_lazy(
        "Swiss: a set number of rounds of whole games; each round seats players level "
        "on points together, by the standings."
    )
    template = "tournaments/formats/swiss.html"
    card_tables_refusal = None  # whole games: a place per seat, entered from phones
    turn_based_refusal = None  # whole games, each round with a deadline in days
    stand_in_scoring_applies = True  # each round scores points (standings.StandIn)
    live_facts_cache = 2  # pages.SwissFacts: no model, nobody's marks

    def heading(self, event: Event) -> str:
        return ngettext("Swiss, %(count)s round", "Swiss, %(count)s rounds", event.rounds) % {
            "count": event.rounds
        }

    def seat(self, event: Event, number: int) -> Round:
        return rounds.seat(event, number)

    def start_round(self, event: Event, round_: Round) -> None:
        rounds.start_tables(event, round_)

    def record_game(self, event: Event, game_id: int) -> Round | None:
        return rounds.record_game(game_id)

    def live_facts(self, event: Event) -> pages.SwissFacts:
        facts = page_parts.round_facts(event, self)
        everyone = list(facts.entries.values())  # in the order they registered
        return pages.SwissFacts(facts, results.standings(event, everyone=everyone))

    def live_context(self, event: Event, user: Any, facts: Any) -> dict[str, Any]:
        if facts is None:
            facts = self.live_facts(event)
        return facts.context(facts.entry_of(user))

    def projector_context(self, event: Event) -> dict[str, Any]:
        return pages.projector_context(
            page_parts.round_facts(event, self), results.standings(event)
        )

    def about_context(self, event: Event) -> dict[str, Any]:
        return {
            "scoring_text": pages.scoring_text(event),
            "bye_text": pages.bye_text(event),
            "stand_in_text": pages.stand_in_text(event),
            "ties_text": pages.ties_text(event),
        }

    def csv_rows(self, event: Event) -> list[list[str]]:
        return pages.csv_rows(event)

    def placings(self, event: Event) -> list[Placing]:
        return pages.placings(event)

    def season(self, event: Event) -> list[SeasonResult]:
        """Points as the event scores them, out of the most each player could have
        scored (byes included)."""
        return [
            SeasonResult(row.player, row.rank, row.games, row.points, row.maximum)
            for row in results.standings(event)
            if row.games or row.byes
        ]

    def seating_checks(self, event: Event) -> list[Check]:
        return verify.checks(event)
