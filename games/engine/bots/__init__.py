"""Bots: each picks one of `observation.legal` from what its observation shows.

`make_bot(level, seed)` builds a bot by its level name; the web app and the
`simulate` command use it, so a new level only needs an entry in `LEVELS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .baseline import BaselineBot

LEVELS: dict[str, Callable[[int], Any]] = {
    "baseline": lambda seed: BaselineBot(),
    # Until the measured levels land (issue 5), the levels differ only in knock threshold.
    "easy": lambda seed: BaselineBot(knock_at=22),
    "medium": lambda seed: BaselineBot(knock_at=25),
    "hard": lambda seed: BaselineBot(knock_at=26),
}


def make_bot(level: str, seed: int = 0) -> Any:
    if level not in LEVELS:
        raise ValueError(f"There is no bot level {level!r}. Levels: {', '.join(LEVELS)}.")
    return LEVELS[level](seed)


__all__ = ["LEVELS", "BaselineBot", "make_bot"]
