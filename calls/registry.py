"""Who calls a person, and with what. An app registers a provider in its
AppConfig.ready (a tournament: your game is ready, a break, an announcement); the bar
asks every provider for one person's calls whenever it is drawn, so a call is never
stored and never stale: it lasts as long as its provider still finds it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any


@dataclass(frozen=True)
class Call:
    """One line of the bar, in the second person."""

    key: str  # the same for the same call on every page: a new one may chime (calls.js)
    text: str
    url: str = ""  # where it leads ("" for none)
    link: str = ""  # the link's words, after the text
    # A call to a table: changes the tab's title and may chime. News (a break, an
    # announcement) only shows.
    urgent: bool = False
    # Pages under this path show the call themselves (an event's own pages): not repeated.
    shown_under: str = ""
    # A time the line counts down to (a break's end): "starts at 20:15 CET (in 9:32)",
    # with its words on the clock the provider reads it by (an event's club's).
    until: datetime | None = None
    until_text: str = ""

    def belongs_on(self, path: str) -> bool:
        """Whether the bar on the page at `path` shows it: not on the page it leads to
        (they are there) nor under the pages that show it themselves."""
        if self.url and path == self.url:
            return False
        return not (self.shown_under and path.startswith(self.shown_under))


Provider = Callable[[Any], list[Call]]
_providers: list[Provider] = []


def register(provider: Provider) -> None:
    """Add `provider` (once, however often an app's ready runs)."""
    if provider not in _providers:
        _providers.append(provider)


def calls_for(user: Any, path: str) -> list[Call]:
    """`user`'s calls for the page at `path`: urgent first, then in the providers' order."""
    if user is None or not user.is_authenticated:
        return []
    found = [call for provider in _providers for call in provider(user) if call.belongs_on(path)]
    return sorted(found, key=lambda call: not call.urgent)
