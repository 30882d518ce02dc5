"""Refusals other apps add to entering a club's events, without the tournaments knowing
those apps: a ban from a club's events (docs/fair-play.md#sanctions). An app registers
a check in its AppConfig.ready; a check takes the person and the event and returns the
sentence that refuses them, or None. Registering and an organizer adding a member ask
`require` before writing anything; the event's page asks `refusal` and, instead of a
Register button that could only be refused, says why."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.errors import ServiceError
from tournaments.models import Event

Check = Callable[[Any, Event], str | None]
_checks: list[Check] = []


def register(check: Check) -> None:
    """Add `check` (once, however often an app's ready runs)."""
    if check not in _checks:
        _checks.append(check)


def refusal(user: Any, event: Event) -> str | None:
    """The first check's sentence refusing `user` entry to `event`; None if none does."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    for check in _checks:
        if (sentence := check(user, event)) is not None:
            return sentence
    return None


def require(user: Any, event: Event) -> None:
    if (sentence := refusal(user, event)) is not None:
        raise ServiceError(sentence)
