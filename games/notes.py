"""Lines another app adds to a table's page (a knockout's "arrived from table 2"),
without games knowing that app: it registers a provider in its AppConfig.ready, and
the table page asks every provider for the lines of the table it shows.

A provider takes a `Table` and returns plain sentences (escaped like any text). They
are public to everyone who may watch the table, so a provider never names a card.
"""

from __future__ import annotations

from collections.abc import Callable

from games.models import Table

Provider = Callable[[Table], list[str]]
_providers: list[Provider] = []


def register(provider: Provider) -> None:
    """Add `provider` (once, however often an app's ready runs)."""
    if provider not in _providers:
        _providers.append(provider)


def for_table(table: Table) -> list[str]:
    """Every provider's lines for `table`, in the order the providers registered."""
    lines: list[str] = []
    for provider in _providers:
        lines.extend(provider(table))
    return lines
