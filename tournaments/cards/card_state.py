"""Where a card table's result is (docs/club-night.md#entering-and-confirming), as the
result page and the console read it: none yet, pending a second player's confirmation,
disputed (the versions, each in a line), or confirmed. Reading only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from tournaments.models import CardResult, Round, RoundTable


@dataclass
class CardState:
    """Where a card table's result is: "none" (no result yet), "pending" (waiting for
    confirmation), "disputed" (the versions), "confirmed"."""

    state: str
    results: list[CardResult] = field(default_factory=list)

    @property
    def pending(self) -> CardResult | None:
        return self.results[0] if self.state == "pending" else None


def card_state(table: RoundTable, results: Sequence[CardResult] | None = None) -> CardState:
    """The table's result as far as it has come (`results`: its CardResults, if read)."""
    rows = list(table.card_results.all()) if results is None else list(results)
    confirmed = [r for r in rows if r.status == CardResult.CONFIRMED]
    if confirmed or table.finished_at is not None:
        return CardState("confirmed", confirmed)
    disputed = [r for r in rows if r.status == CardResult.DISPUTED]
    if disputed:
        return CardState("disputed", disputed)
    pending = [r for r in rows if r.status == CardResult.PENDING]
    if pending:
        return CardState("pending", pending[-1:])
    return CardState("none")


def states_of(round_: Round) -> dict[int, CardState]:
    """Each card table of `round_`'s state, by round table id (two queries)."""
    tables = list(round_.tables.filter(cards=True))
    results: dict[int, list[CardResult]] = {}
    rows = CardResult.objects.filter(round_table__in=tables).select_related(
        "submitted_by", "confirmed_by"
    )
    for row in rows:
        results.setdefault(row.round_table_id, []).append(row)
    return {t.pk: card_state(t, results.get(t.pk, [])) for t in tables}
