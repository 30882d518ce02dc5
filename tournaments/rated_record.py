"""A person's rating and rated games in an event's rules family, for the entry
conditions (docs/tournaments.md#entry-conditions), without the tournaments knowing the
ratings app: ratings registers its reader in its AppConfig.ready
(docs/architecture.md#plug-in-registries). With no reader registered, nobody has a
rating: an event with a rating condition then takes no one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Record:
    family: str  # the family's name, in the reader's language ("Lives games")
    rating: int | None  # the displayed rating; None: not rated in that family yet
    games: int  # rated games in that family


# Takes the person and the event's stored rules (`Event.rules`).
Reader = Callable[[Any, dict[str, Any]], Record]
_readers: list[Reader] = []


def register(reader: Reader) -> None:
    """Make `reader` the one asked (once, however often an app's ready runs)."""
    if reader not in _readers:
        _readers.append(reader)


def record(user: Any, rules: dict[str, Any]) -> Record | None:
    """`user`'s record in the family of `rules`; None when no app keeps ratings."""
    return _readers[0](user, rules) if _readers else None


def family(rules: dict[str, Any]) -> str | None:
    """The name of the family of `rules` (asked of the reader with nobody), or None."""
    found = record(None, rules)
    return found.family if found is not None else None
