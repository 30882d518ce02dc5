"""Bots: each picks one of `observation.legal` from what its observation shows.

`make_bot(level, seed)` builds a bot by its level name; the web app and the
`simulate` command use it, so a new level only needs an entry in `LEVELS` (and, to be
seated at tables, in `SEATED_LEVELS`, with a fixed rating in `ratings.bots`). How the
levels play and how strong they measured is in docs/bots.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from ..actions import Action
from ..events import Event
from ..observation import Observation, observation
from ..replay import moves
from .baseline import BaselineBot
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot


class Bot(Protocol):
    """What every level is: it chooses one of `obs.legal`. (A bot with a memory also
    has `memory`, and one that watches the table `watch`: `recall` looks for them.)"""

    name: str

    def choose(self, obs: Observation) -> Action: ...


# The levels a table may seat, weakest first: the one list of them. The web app offers
# these (`games.models.Seat.BOT_LEVELS`) and rates games against them (each has a fixed
# rating in `ratings.bots`); "baseline" only plays the turn of a person whose time ran out.
SEATED_LEVELS = ("easy", "medium", "hard")

LEVELS: dict[str, Callable[..., Bot]] = {
    "baseline": lambda seed, **options: BaselineBot(**options),
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A new bot of `level`, deterministic given `seed`; `options` go to its constructor
    (e.g. ``budget=`` for the hard bot)."""
    if level not in LEVELS:
        raise ValueError(f"There is no bot level {level!r}. Levels: {', '.join(LEVELS)}.")
    return LEVELS[level](seed, **options)


def recall(bot: Bot, events: Iterable[Event], seat: int) -> None:
    """Let a new `bot` object for `seat` relive its own moves of the current round from
    the game's event log, so that its memory holds what it would have, had it played the
    whole round as one object (the web app makes a new bot for each move). It is shown
    only `seat`'s observations, so it learns nothing it could not have seen. A bot that
    watches the table (`watch`, the hard bot) is also shown every other move of the
    round, with `seat`'s view just before it, as it would have seen it live. `events` is
    read only by a bot with a memory, so it may be a lazy query."""
    memory = getattr(bot, "memory", None)
    if memory is None:
        return
    watch = getattr(bot, "watch", None)
    past = list(moves(list(events)))
    if not past:
        return
    current_round = past[-1][0].round_no
    for state, action in past:
        if state.round_no != current_round:
            continue
        if action.seat == seat:
            obs = observation(state, seat)
            memory.update(obs)
            memory.note(obs, action)
            if watch is not None:
                watch(obs, seat, action)
        elif watch is not None:
            watch(observation(state, seat), action.seat, action)


__all__ = [
    "LEVELS",
    "SEATED_LEVELS",
    "BaselineBot",
    "Bot",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "make_bot",
    "recall",
]
