"""Bots: each picks one of `observation.legal` from what its observation shows.

`make_bot(level, seed)` builds a bot by its level name; the web app and the
`simulate` command use it, so a new level only needs an entry in `LEVELS`. How the
levels play and how strong they measured is in docs/bots.md.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .baseline import BaselineBot
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot

LEVELS: dict[str, Callable[..., Any]] = {
    "baseline": lambda seed, **options: BaselineBot(**options),
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}


def make_bot(level: str, seed: int = 0, **options: Any) -> Any:
    """A new bot of `level`, deterministic given `seed`; `options` go to its constructor
    (e.g. ``budget=`` for the hard bot)."""
    if level not in LEVELS:
        raise ValueError(f"There is no bot level {level!r}. Levels: {', '.join(LEVELS)}.")
    return LEVELS[level](seed, **options)


__all__ = ["LEVELS", "BaselineBot", "EasyBot", "HardBot", "MediumBot", "make_bot"]
