"""A league's events read into its table (docs/tournaments.md#leagues): each event's format
says what a player's result there is (`Format.exports.season`), `leagues.table` adds them
up by the rule. The one computation behind both a league's page and the club's season
(docs/tournaments.md#the-season, the league of a year's events with today's rule).

An event whose figures cannot be computed (a bug, a broken row) is left out and named
on the page, with the reason in the log: the table of every other event still shows.
An event not started yet has no results; it is a column still to come.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments import formats, roster
from tournaments.leagues.table import Result, Row, Rule, standings
from tournaments.models import Event, League

log = logging.getLogger(__name__)


@dataclass
class Table:
    rows: list[Row]
    events: list[Event]  # the columns, in order
    missing: list[Event]  # events whose figures could not be computed

    @property
    def played(self) -> list[Event]:
        return [e for e in self.events if e.started_at is not None and e not in self.missing]

    @property
    def ranked(self) -> list[Row]:
        return [row for row in self.rows if row.ranked]

    @property
    def waiting(self) -> list[Row]:
        return [row for row in self.rows if not row.ranked]

    @property
    def dropped_any(self) -> bool:
        return any(row.dropped for row in self.rows)


def table(events: Sequence[Event], rule: Rule, label: str) -> Table:
    """The table of `events` (in their order) by `rule`; `label` names it in the log."""
    players: dict[int, tuple[str, list[Result]]] = {}
    missing = []
    for column, event in enumerate(events):
        if event.started_at is None:
            continue
        try:
            results = formats.of(event).exports.season(event)
        except Exception:
            log.exception("%s: event %s left out", label, event.pk)
            missing.append(event)
            continue
        entries = {e.pk: e for e in roster.entries(event)}
        finished = event.status == Event.FINISHED
        for found in results:
            entry = entries[found.entry_id]
            _, lines = players.setdefault(entry.user_id, (entry.user.get_username(), []))
            lines.append(
                Result(
                    column,
                    found.rank,
                    found.games,
                    found.points,
                    found.maximum,
                    finished and found.rank == 1,
                )
            )
    rows = standings(
        ((user_id, name, lines) for user_id, (name, lines) in players.items()), rule, len(events)
    )
    return Table(rows, list(events), missing)


def rule_of(league: League) -> Rule:
    return Rule(
        kind=league.rule,
        place_points=tuple(float(p) for p in league.place_points),
        taking_part=league.taking_part,
        counted=league.counted,
        minimum=league.minimum,
    )


def league_table(league: League) -> Table:
    return table(league.league_events(), rule_of(league), f"league {league.pk}")
