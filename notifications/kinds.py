"""The kinds of notification: each a plug-in registered here by the source that makes it
(`notifications.sources`), declaring its name, how the preferences page and the
unsubscribe page call it, whether each channel is on for a person who never chose, and,
if it can stop being news before its e-mail goes out, how to tell
(docs/notifications.md#kinds-channels-and-sources)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise

# Given some notifications of the kind (at the moment their e-mail would go out), the ids
# of those that are still news: a "your game is ready" whose player has opened the table
# is not.
StillNews = Callable[[list[Any]], set[int]]
# Given a notification of the kind, the game it is about (None: none): no Web Push goes
# to a person who has that game's table open (docs/notifications.md#web-push).
GameOf = Callable[[Any], "int | None"]


@dataclass(frozen=True)
class Kind:
    name: str
    # Translated when shown: lazy text, worked out in the reader's language.
    label: str | Promise  # "Your game is ready": a row of the preferences page
    help: str | Promise  # one line under it
    defaults: Mapping[str, bool] = field(default_factory=dict)  # channel name -> on
    still_news: StillNews | None = None
    order: int = 0  # where its row is on the preferences page
    urgent: bool = False  # pushed with `Urgency: high`: someone waits on the person
    # Held through the person's quiet hours (notifications.quiet); not "your game is
    # ready" at a live event, whose table waits for them now.
    can_wait: bool = True
    game_of: GameOf | None = None

    def default(self, channel: str) -> bool:
        return self.defaults.get(channel, False)


_kinds: dict[str, Kind] = {}


def register(kind: Kind) -> Kind:
    """Add `kind` (again: the same name replaces it, so a module reloaded is harmless)."""
    _kinds[kind.name] = kind
    return kind


def get(name: str) -> Kind | None:
    return _kinds.get(name)


def all_kinds() -> list[Kind]:
    """In their `order`: the preferences page's rows."""
    return sorted(_kinds.values(), key=lambda kind: (kind.order, kind.name))
