"""Events: what happened, in data a replay can fold (the words a table would use for
them are the web layer's: `games.wording.describe`).

An event's `data` is public. Its `secret` (a deck order, a card drawn from the stock)
is shown only to `owner` -- or to no one while the round lasts, when `owner` is None.
`view(event, seat)` is the only way to hand an event to a viewer.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import CARDS, Card

# An event's public or secret part: JSON-like values (cards, seats, names, numbers) by
# key, different for each kind of event; `to_dict` and `from_dict` store them.
EventData = dict[str, Any]


class Event(NamedTuple):
    kind: str
    seat: int | None = None
    data: EventData = {}
    secret: EventData = {}
    owner: int | None = None


# The events a player's own move makes (the first is the one a replay reads the move
# from): a row of one of these may say a bot made it for the player (games.models).
MOVE_KINDS = frozenset(
    {"drew", "discarded", "knocked", "stood", "widow_opened", "exchanged", "looked", "thrown_down"}
)

# Events of the players' agreements (levels added to the bus by agreement, `levels.py`):
# any player still in the game makes them at any time, not on a turn of their own.
AGREEMENT_KINDS = frozenset(
    {"levels_proposed", "levels_agreed", "levels_declined", "levels_added", "levels_lapsed"}
)

# Table events: written by the web app's services, not by the engine. They say whose
# time ran out, who is away and why, who came back, and that a game was ended before
# anyone won. They carry no secret and change no engine state: a replay skips them.
TABLE_EVENTS = frozenset({"turn_timed_out", "player_away", "player_back", "game_ended_early"})
# Why a player is away (`player_away`'s reason), and why a game ended early
# (`game_ended_early`'s): who or what decided it.
AWAY_REASONS = ("timer", "absent", "host", "staff", "withdrawn", "event", "deadline")
END_REASONS = ("host", "staff", "abandoned")


def view(event: Event, viewer: int | None) -> Event:
    """The event as `viewer` may see it (None: a spectator)."""
    if not event.secret or (viewer is not None and viewer == event.owner):
        return event
    return event._replace(secret={})


# Keys whose values are cards (or nested tuples of cards), for storage as text.
CARD_KEYS = frozenset(
    {"card", "cards", "up_card", "deck", "stock", "widow", "gave", "took", "hands", "draws"}
)
_BY_CODE = {c.code: c for c in CARDS}


def to_dict(event: Event) -> dict[str, Any]:
    """JSON-ready form: cards as codes like ``AS``."""
    return {
        "kind": event.kind,
        "seat": event.seat,
        "data": _encode_all(event.data),
        "secret": _encode_all(event.secret),
        "owner": event.owner,
    }


def from_dict(data: dict[str, Any]) -> Event:
    return Event(
        data["kind"],
        data["seat"],
        _decode_all(data["data"]),
        _decode_all(data["secret"]),
        data["owner"],
    )


def _encode_all(data: dict[str, Any]) -> dict[str, Any]:
    return {k: _encode(v) if k in CARD_KEYS else v for k, v in data.items()}


def _decode_all(data: dict[str, Any]) -> dict[str, Any]:
    return {k: _decode(v) if k in CARD_KEYS else _tuples(v) for k, v in data.items()}


def _tuples(value: Any) -> Any:
    """JSON gives lists; the engine's events hold tuples."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, dict):
        return {k: _tuples(v) for k, v in value.items()}
    return value


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, str):
        return _BY_CODE[value]
    if isinstance(value, list):
        return tuple(_decode(v) for v in value)
    return value
