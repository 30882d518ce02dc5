"""Lines another app adds to a table's page (a knockout's "arrived from table 2"),
without games knowing that app: it registers a provider in its AppConfig.ready, and
the table page asks every provider for the lines of the table it shows, for the person
looking at it.

A provider takes the `Table` and the viewer (a user, possibly anonymous) and returns
lines: plain sentences, or `Line`s that link somewhere on this site ("You moved to
table 2 →"). The page escapes them like any text. They are public to everyone who may
watch the table but for the person they are worded for (the second person for the
viewer, the third for everyone else), so a provider never names a card.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from games.models import Table


class Line(NamedTuple):
    """One line of a table's page: its words, and where they lead (a path on this
    site, or None for none)."""

    text: str
    url: str | None = None


Provider = Callable[[Table, Any], list[str | Line]]
_providers: list[Provider] = []


def register(provider: Provider) -> None:
    """Add `provider` (once, however often an app's ready runs)."""
    if provider not in _providers:
        _providers.append(provider)


def for_table(table: Table, viewer: Any = None) -> list[Line]:
    """Every provider's lines for `table` as `viewer` (a user, anonymous or None) reads
    them, in the order the providers registered. A link leaves the site never: a url
    that is not a path here ("https://…", "//host/…", "javascript:…") is dropped, and
    the line stays as words."""
    lines: list[Line] = []
    for provider in _providers:
        for line in provider(table, viewer):
            text, url = (line, None) if isinstance(line, str) else line
            lines.append(Line(text, url if _local(url) else None))
    return lines


def _local(url: str | None) -> bool:
    """A path on this site: "/…", but not "//…" or "/\\…", which browsers read as
    another host."""
    return url is not None and url.startswith("/") and url[1:2] not in ("/", "\\")


# Links another app adds at the foot of a table's page, for the person looking at it
# (report or block a player: docs/fair-play.md#reports). Not part of the page's poll:
# they do not change while it is open.
_footers: list[Provider] = []


def register_footer(provider: Provider) -> None:
    """Add `provider` of footer links (once, however often an app's ready runs)."""
    if provider not in _footers:
        _footers.append(provider)


def footer_for(table: Table, viewer: Any = None) -> list[Line]:
    """Every footer provider's links for `table` as `viewer` reads them, local only."""
    lines: list[Line] = []
    for provider in _footers:
        for line in provider(table, viewer):
            text, url = (line, None) if isinstance(line, str) else line
            lines.append(Line(text, url if _local(url) else None))
    return lines
