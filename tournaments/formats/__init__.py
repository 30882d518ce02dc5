"""The tournament formats, one plug-in each (docs/design.md §19): `FORMATS[event.format]`
is the object that seats, starts and records the event's rounds and says what its
pages, CSV and season show. `tournaments.services` and the pages call the format;
they never branch on one.

Adding a format: a package here with a `Format` subclass (`tournaments.formats.base`),
its template (`templates/tournaments/formats/<key>.html`, partials `about`, `live` and
`projector`),
its value in `Event.FORMATS` with a migration, and its line below.
"""

from __future__ import annotations

from tournaments.formats.base import Format, Options, SeasonResult
from tournaments.formats.duplicate import Duplicate
from tournaments.formats.knockout import Knockout
from tournaments.formats.swiss import Swiss
from tournaments.formats.top_q import TopQ
from tournaments.models import Event

__all__ = [
    "FORMATS",
    "Format",
    "Options",
    "SeasonResult",
    "event_of_game",
    "of",
    "unrecorded_games",
]

FORMATS: dict[str, Format] = {f.key: f for f in (Swiss(), Knockout(), TopQ(), Duplicate())}


def of(event: Event) -> Format:
    """The format `event` plays: what everything outside this package asks."""
    return FORMATS[event.format]


def _lookups() -> list[Format]:
    """One format per distinct way of keeping games (most share the round tables')."""
    seen: dict[object, Format] = {}
    for fmt in FORMATS.values():
        seen.setdefault(type(fmt).event_of_game, fmt)
    return list(seen.values())


def event_of_game(game_id: int) -> int | None:
    """The event whose table played `game_id`, if any."""
    for fmt in _lookups():
        if (found := fmt.event_of_game(game_id)) is not None:
            return found
    return None


def unrecorded_games() -> list[int]:
    """Games over whose record was lost (a task that never ran): the sweep records them."""
    return [game_id for fmt in _lookups() for game_id in fmt.unrecorded_games()]
