"""Whether a game belongs to an event that is still running, without games knowing the
app that runs events: it registers a check in its AppConfig.ready (tournaments), as
`games.notes` providers are registered. `games.access.review_seats` asks here: while
its event runs, a game's review is its own players' (docs/bots.md#who-sees-a-review).
"""

from __future__ import annotations

from collections.abc import Callable

from games.models import Game

Check = Callable[[Game], bool]
_checks: list[Check] = []


def register(check: Check) -> None:
    """Add `check` (once, however often an app's ready runs)."""
    if check not in _checks:
        _checks.append(check)


def event_running(game: Game) -> bool:
    """Whether any registered check says `game`'s event is still running."""
    return any(check(game) for check in _checks)
