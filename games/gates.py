"""Refusals other apps add to games' write paths, without games knowing those apps: a
moderator's chat mute, a ban from rated play, a block (docs/fair-play.md#sanctions).

An app registers a check for an action in its AppConfig.ready; a check takes the person
and the table (None: a table not made yet, as the lobby's form asks before a rated table
is opened) and returns the sentence that refuses them, or None. The services ask
`require` before writing anything (a refusal writes nothing); the pages ask `refusal`
to offer no control that could only be refused, and say why instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from games.errors import ServiceError
from games.models import Table

# Writing a line in a table's chat (games.chat.post).
CHAT = "chat"
# Sitting at, opening or starting a rated table (`Table.rated`).
RATED_PLAY = "rated_play"
# Taking a seat at a table that seats itself (not an event's): `join_table`.
JOIN = "join"
ACTIONS = (CHAT, RATED_PLAY, JOIN)

Check = Callable[[Any, Table | None], str | None]
_checks: dict[str, list[Check]] = {action: [] for action in ACTIONS}


def register(action: str, check: Check) -> None:
    """Add `check` for `action` (once, however often an app's ready runs)."""
    if check not in _checks[action]:
        _checks[action].append(check)


def refusal(action: str, user: Any, table: Table | None = None) -> str | None:
    """The first registered check's sentence refusing `user` `action` at `table`; None
    when every check lets them (and for a visitor who is not signed in: the services
    refuse those themselves)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    for check in _checks[action]:
        if (sentence := check(user, table)) is not None:
            return sentence
    return None


def require(action: str, user: Any, table: Table | None = None) -> None:
    """Raise `ServiceError` with the refusal, if there is one."""
    if (sentence := refusal(action, user, table)) is not None:
        raise ServiceError(sentence)


# The people at whose tables `user` may not sit down (their blockers, for JOIN): lazy
# (a queryset of ids), so the lobby leaves those tables out within its own query
# rather than listing a "Join" that could only be refused.
Avoided = Callable[[Any], Iterable[int]]
_avoided: list[Avoided] = []


def register_avoided(source: Avoided) -> None:
    if source not in _avoided:
        _avoided.append(source)


def avoided(user: Any) -> list[Iterable[int]]:
    """What each registered source says `user` may not join (none for a visitor)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    return [source(user) for source in _avoided]
