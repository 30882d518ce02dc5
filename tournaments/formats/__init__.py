"""The tournament formats, one plug-in each
(docs/tournaments.md#formats-one-plug-in-each): `FORMATS[event.format]` (or `of(event)`)
is the event's `Format`, a composition of roles (`formats.base`) that seat, start and
record its rounds and say what its pages, CSV and season show. `tournaments.services`
and the pages ask the format's roles; they never branch on one.

Adding a format: a package here building its `Format`, its template
(`templates/tournaments/formats/<key>.html`, partials `about`, `live` and `projector`),
and its line below. The model's choices, the create forms' option fields and
`services.create_event`'s options are read from here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.functional import Promise

from tournaments.formats.base import Format, Games, Notes
from tournaments.formats.duplicate import DUPLICATE
from tournaments.formats.knockout import KNOCKOUT
from tournaments.formats.setup import Option
from tournaments.formats.swiss import SWISS
from tournaments.formats.team_battle import TEAM_BATTLE
from tournaments.formats.top_q import TOP_Q
from tournaments.models import Event

__all__ = [
    "FORMATS",
    "Format",
    "choices",
    "event_of_game",
    "of",
    "options",
    "stored_options",
    "table_notes",
    "unrecorded_games",
]

FORMATS: dict[str, Format] = {f.key: f for f in (SWISS, KNOCKOUT, TOP_Q, DUPLICATE, TEAM_BATTLE)}


def of(event: Event) -> Format:
    """The format `event` plays: what everything outside this package asks."""
    return FORMATS[event.format]


def choices() -> list[tuple[str, str | Promise]]:
    """`Event.format`'s choices: each format's key and name, in the registry's order."""
    return [(key, fmt.label) for key, fmt in FORMATS.items()]


def options() -> list[Option]:
    """Every format's options, each once (formats may share one: the rounds), in the
    registry's order: the create forms' fields."""
    found: dict[str, Option] = {}
    for fmt in FORMATS.values():
        for option in fmt.setup.options:
            found.setdefault(option.name, option)
    return list(found.values())


def stored_options(fmt: Format, given: Mapping[str, Any], table_size: int) -> dict[str, Any]:
    """What an event of `fmt` stores of the options `given` by name: its own checked
    (a ServiceError on the field), every other format's as unused, those without a
    column of their own in `format_options`. A name no format has is a TypeError, as an
    unknown keyword is."""
    known = options()
    if unknown := set(given) - {option.name for option in known}:
        raise TypeError(f"no format has the option {sorted(unknown)[0]!r}")
    mine = fmt.setup.check(given, table_size)
    stored: dict[str, Any] = {"format_options": {}}
    for option in known:
        value = mine.get(option.name, option.unused)
        if option.column:
            stored[option.name] = value
        elif option.name in mine:
            stored["format_options"][option.name] = value
    return stored


def table_notes() -> list[Notes]:
    """What the formats' tables' pages add (`games.notes` providers), each once."""
    found: list[Notes] = []
    for fmt in FORMATS.values():
        if fmt.table_notes is not None and fmt.table_notes not in found:
            found.append(fmt.table_notes)
    return found


def _lookups() -> list[Games]:
    """Each distinct way of keeping games once (most share the round tables')."""
    seen: dict[int, Games] = {}
    for fmt in FORMATS.values():
        seen.setdefault(id(fmt.games), fmt.games)
    return list(seen.values())


def event_of_game(game_id: int) -> int | None:
    """The event whose table played `game_id`, if any."""
    for games in _lookups():
        if (found := games.event_of_game(game_id)) is not None:
            return found
    return None


def unrecorded_games() -> list[int]:
    """Games over whose record was lost (a task that never ran): the sweep records them."""
    return [game_id for games in _lookups() for game_id in games.unrecorded_games()]
