"""The easy bot: legal, reasonable and a little careless, so beginners can beat it.

It takes the top discard when that makes its hand better and otherwise draws from the
stock, keeps its best suit -- but now and then (a quarter of its discards, chosen by
its seeded generator) keeps a weaker one -- never tracks the discards, and knocks as
soon as its hand is worth 21 (or the table's minimum), however the round is going --
unless the top discard would lift its hand by five points or more.
"""

from __future__ import annotations

import random

from ..actions import STOCK, Action, Draw, Exchange, Knock, Look, Stand
from ..cards import without
from ..observation import Observation
from ..state import DISCARD, THROW_DOWN, WIDOW
from .common import best_take, keeps_of, strength

KNOCK_AT = 21
CARELESS = 0.25  # the share of discards that keep a weaker hand than the best
TAKE_INSTEAD_OF_KNOCK = 5  # points the top discard must add to be taken before a knock


class EasyBot:
    name = "easy"

    def __init__(
        self, seed: int = 0, *, knock_at: float = KNOCK_AT, careless: float = CARELESS
    ) -> None:
        self.knock_at = knock_at
        self.careless = careless
        self._random = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if not legal:
            raise ValueError("The bot was asked to move when it has no move.")
        if len(legal) == 1:
            return legal[0]
        if obs.phase == THROW_DOWN:
            return next(a for a in legal if type(a) is Look)
        if obs.phase == DISCARD:
            return self._discard(obs)
        if obs.phase == WIDOW:
            return self._best_exchange(obs)[0]
        return self._start_of_turn(obs)

    def _start_of_turn(self, obs: Observation) -> Action:
        hand = obs.hand or ()
        rules = obs.rules
        value = strength(hand, rules)[0]
        # The first legal move of each kind (a draw by its source).
        by_kind: dict[tuple[type[Action], str | None], Action] = {}
        for action in obs.legal:
            source = action.source if isinstance(action, Draw) else None
            by_kind.setdefault((type(action), source), action)
        take = by_kind.get((Draw, "discard"))
        top = obs.discard_top  # a card whenever `take` is legal
        take_value = best_take(hand, top, rules)[0] if take is not None and top is not None else 0
        knock = by_kind.get((Knock, None))
        # Even a beginner takes the card that lifts the hand a lot rather than knock.
        if (
            knock is not None
            and value >= max(self.knock_at, rules.knock_min)
            and take_value < value + TAKE_INSTEAD_OF_KNOCK
        ):
            return knock
        if any(type(a) is Exchange for a in obs.legal):
            best, gain = self._best_exchange(obs)
            if gain >= value + 5:
                return best
        if take is not None and take_value > value:
            return take
        for key in ((Draw, STOCK), (Draw, "discard")):
            if key in by_kind:
                return by_kind[key]
        stand = by_kind.get((Stand, None))
        return stand or obs.legal[0]

    def _discard(self, obs: Observation) -> Action:
        hand = obs.hand or ()
        rules = obs.rules
        knock_at = max(self.knock_at, rules.knock_min)
        options = []
        for action, kept in keeps_of(obs.legal, hand):
            value = strength(kept, rules)[0]
            if action.knock and value < knock_at:
                continue
            # Best hand; knock with it when it is worth it; keep the most cards.
            options.append(((value, action.knock, len(kept)), action))
        options.sort(key=lambda pair: pair[0], reverse=True)
        best = options[0]
        weaker = [o for o in options if o[0][0] < best[0][0]]
        if weaker and self._random.random() < self.careless:
            return weaker[0][1]
        return best[1]

    def _best_exchange(self, obs: Observation) -> tuple[Action, float]:
        hand = obs.hand or ()
        rules = obs.rules
        return max(
            (
                (a, strength(without(hand, a.give) + a.take, rules)[0])
                for a in obs.legal
                if type(a) is Exchange
            ),
            key=lambda pair: pair[1],
        )
