"""The hard bot's quick continuations of a round in an imagined world.

`play_out` continues a state to the end of the round with `policy_action`, a fast,
sensible player that uses only the acting seat's own hand and the public facts (so the
imagined opponents do not cheat either), and scores the result by `equity`.

One exception: the searching seat's own knocks (`reads_hands`). The real hard bot
judges a knock by the hands its table watch reads (`HardBot.knock_ratio`), so in the
imagined world its later self judges one by the world's hands -- the world is a guess
drawn from that reading. Judged by the table of typical hands instead, waiting for a
later knock was valued as if the bot would then knock no better than medium; reading
the hands measured better heads-up (docs/bots.md).

The player is in `policy.py`, the plain rules' short way in `plain_round.py`, the
rollout one move at a time and the judging of its end in `rollout_steps.py`.
"""

from __future__ import annotations

from collections.abc import Callable

from ..actions import Action
from ..game import apply_legal
from ..randomness import DeckSource
from ..state import GameState
from .knocking import KnockParams
from .plain_round import PlainRound, is_plain
from .policy import policy_action
from .rollout_steps import Scorer, final_equity, play_out_by_steps

__all__ = [
    "Rollouts",
    "Scorer",
    "final_equity",
    "play_out",
    "play_out_after",
    "play_out_by_steps",
    "policy_action",
]


def play_out(
    state: GameState,
    me: int,
    params: KnockParams,
    max_actions: int,
    round_no: int,
    scorer: Scorer | None = None,
) -> tuple[float, int]:
    """Play `state` on to the end of round `round_no`; `me`'s equity then, and the
    number of actions it took. After `max_actions` the round is judged as if shown down
    now. (The move that led to `state` may already have ended the round: `state` is
    then the round's end, or the next deal in a world that deals on, and is judged as
    it stands.)

    Under the plain rules (no widow, hidden discards, throw-down or knock after the
    draw) the common moves are played on plain values (`PlainRound`): the same moves
    and the same state as `play_out_by_steps`, in a third less time. Anything else, and
    every move that ends the round, goes through the engine. `scorer`: how the end is
    worth to `me` (None: its equity, `rollout_steps.EQUITY`)."""
    if not is_plain(state, round_no):
        return play_out_by_steps(state, me, params, max_actions, round_no, scorer)
    return PlainRound(state, me, params, scorer).play(max_actions, round_no)


def play_out_after(
    state: GameState,
    action: Action,
    me: int,
    params: KnockParams,
    max_actions: int,
    round_no: int,
    scorer: Scorer | None = None,
) -> tuple[float, int]:
    """`play_out` of the state after `me`'s legal `action` (its `apply_legal`): the
    hard bot's search of one candidate in one world. The actions counted leave out
    `action`."""
    if not is_plain(state, round_no):
        return play_out(apply_legal(state, action), me, params, max_actions, round_no, scorer)
    return PlainRound(state, me, params, scorer).play(max_actions, round_no, action)


class Rollouts:
    """`play_out_after` of many candidates in one world, each with the same later
    shuffles (a fresh `ImaginedDeck` of the world's seed): under the plain rules on one
    `MutableState`, each candidate's moves undone before the next (`PlainRound.rewind`),
    instead of a new state (and a copy of the world's values) per candidate."""

    def __init__(
        self,
        world: GameState,
        me: int,
        params: KnockParams,
        max_actions: int,
        round_no: int,
        deck: Callable[[], DeckSource],
        scorer: Scorer | None = None,
    ) -> None:
        self.world = world
        self.me = me
        self.params = params
        self.max_actions = max_actions
        self.round_no = round_no
        self.deck = deck
        self.scorer = scorer
        self.plain = PlainRound(world, me, params, scorer) if is_plain(world, round_no) else None

    def after(self, action: Action) -> tuple[float, int]:
        """`play_out_after(world, action, ...)`, the world's shuffles made afresh."""
        plain = self.plain
        if plain is None:
            world = self.world.with_deck_source(self.deck())
            return play_out_after(
                world, action, self.me, self.params, self.max_actions, self.round_no, self.scorer
            )
        plain.rewind(self.deck())
        return plain.play(self.max_actions, self.round_no, action)
