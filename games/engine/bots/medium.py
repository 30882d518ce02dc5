"""The medium bot: keeps its best suit, remembers the discards, knocks when the odds say so.

- It remembers what its own observations showed this round (`Memory`): cards buried in
  the discard pile, cards the next player must have taken, the suits others collect.
  Cards it cannot place are the ones it may still draw, which is what its estimates of
  a draw use.
- Draw: it compares the hand it would get by taking the top discard with the expected
  hand after a draw from the stock (and an exchange with the widow where there is one).
- Discard: it keeps the best hand, counting a little for what the next draw may add
  (a second card of a suit still alive is worth more than a dead one), and does not
  feed the next player a card of a suit it was seen collecting.
- Knock: when the chance of being caught lowest, times what a failed knock costs with
  its lives, is small next to a player's usual share of a round's loss (`knocking.py`);
  that depends on the number of players, how many turns each has had (its seat
  relative to the dealer), and the rules (knock_min, scoring, lives, ties, jokers...).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

from ..actions import STOCK, Action, Discard, Draw, Exchange, Knock, Look, OpenWidow, Stand
from ..cards import Card, without
from ..observation import Observation
from ..rules import Rules
from ..state import DISCARD, THROW_DOWN, WIDOW
from ..turns import play_order
from .common import (
    best_with,
    blitz_take,
    keeps_of,
    mean_gain,
    own_seat,
    strength,
    three_aces_bonus,
)
from .knocking import KnockParams, knock_ratio
from .memory import Memory


class MediumBot:
    name = "medium"

    def __init__(
        self,
        seed: int = 0,
        *,
        knock: KnockParams | None = None,
        potential: float = 0.35,
        denial: float = 0.6,
    ) -> None:
        # `seed` is taken like every level's; the medium bot draws no random numbers.
        self.knock = knock or KnockParams()
        self.potential = potential
        self.denial = denial
        self.memory = Memory()

    def choose(self, obs: Observation) -> Action:
        return self.memory.choose(obs, self.decide)

    def decide(self, obs: Observation) -> Action:
        """The move, from the observation and what the memory already holds."""
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.phase == THROW_DOWN:
            return next(a for a in legal if type(a) is Look)
        if obs.phase == DISCARD:
            return self.best_discards(obs, limit=1)[0][0]
        if obs.phase == WIDOW:
            return self.best_exchanges(obs, obs.legal, limit=1)[0][0]
        return self._start_of_turn(obs)

    # ---- the start of a turn ----------------------------------------------------------

    def _start_of_turn(self, obs: Observation) -> Action:
        legal = obs.legal
        hand = obs.hand or ()
        rules = obs.rules
        blitz = blitz_take(obs)
        if blitz is not None:
            return blitz
        if any(type(a) is Knock for a in legal) and self.knocks(obs, strength(hand, rules)[0]):
            return next(a for a in legal if type(a) is Knock)
        scored = self.score_draws(obs)
        if scored:
            return max(scored, key=lambda pair: pair[1])[0]
        stand = [a for a in legal if type(a) is Stand]
        return stand[0] if stand else legal[0]

    def score_draws(self, obs: Observation) -> list[tuple[Action, float]]:
        """The ways to improve the hand at the start of a turn, each with the hand it is
        expected to give (value plus a little for its promise)."""
        hand = obs.hand or ()
        rules = obs.rules
        pool = self.memory.unseen(obs)
        value = strength(hand, rules)[0]
        promise = self.potential * mean_gain(hand, rules, pool)
        scored: list[tuple[Action, float]] = []
        exchanges: list[Exchange] = []
        top = obs.discard_top  # a card whenever the top discard may be taken
        for action in obs.legal:
            if isinstance(action, Draw) and action.source == STOCK:
                scored.append((action, value + mean_gain(hand, rules, pool) + promise))
            elif isinstance(action, Draw) and top is not None:
                kept = best_with(hand, top, rules)
                score = strength(kept, rules)[0] + self.potential * mean_gain(kept, rules, pool)
                scored.append((action, score + 0.01))  # a sure card beats the same on average
            elif isinstance(action, Exchange):
                exchanges.append(action)
            elif isinstance(action, OpenWidow):
                scored.append((action, self._widow_hope(obs, pool) - 0.5))
        if exchanges:
            best, score = self.best_exchanges(obs, exchanges, limit=1)[0]
            scored.append((best, score))
        return scored

    def knocks(self, obs: Observation, value: float) -> bool:
        return self.knock_ratio(obs, value) <= 1.0

    def knock_ratio(self, obs: Observation, value: float) -> float:
        """How far a knock with `value` is from worth it: at most 1 means knock."""
        order = play_order(obs.dealer, [s.out for s in obs.seats])
        me = own_seat(obs)
        return knock_ratio(value, me, order, obs.turns_taken, obs.seats[me], obs.rules, self.knock)

    def _widow_hope(self, obs: Observation, pool: Sequence[Card]) -> float:
        """What the best exchange with a face-down widow is expected to give."""
        hand = obs.hand or ()
        if len(pool) < 3:
            return 0.0
        rng = random.Random(hash((tuple(hand), tuple(pool))) & 0xFFFF)
        total = 0.0
        tries = 8
        for _ in range(tries):
            widow = tuple(rng.sample(pool, 3))
            total += max(
                _exchange_value(hand, give, take, obs.rules)
                for give, take in _exchanges(hand, widow)
            )
        return total / tries

    # ---- discards and exchanges -----------------------------------------------------------

    def best_discards(
        self, obs: Observation, limit: int, knock_by_rule: bool = True
    ) -> list[tuple[Discard, float]]:
        """The `limit` best discards with their scores, best first. Where one may knock
        as one discards, `knock_by_rule` knocks exactly when the kept hand is worth a
        knock; without it, knocking or not scores the same."""
        hand = obs.hand or ()
        rules = obs.rules
        pool = self.memory.unseen(obs)
        order = play_order(obs.dealer, [s.out for s in obs.seats])
        following = order[(order.index(own_seat(obs)) + 1) % len(order)]
        wanted = self.memory.wants.get(following, set())
        scored = []
        knock_cache: dict[float, bool] = {}  # by the kept hand's value
        for action, kept in keeps_of(obs.legal, hand):
            key = strength(kept, rules)
            score = (
                key[0]
                + key[1] / 100
                + self.potential * mean_gain(kept, rules, pool)
                + three_aces_bonus(kept, rules)
                + 0.01 * len(kept)
            )
            if action.cards:
                top = action.cards[-1]
                danger = top.value / 11 if top.suit in wanted else 0.0
                score -= self.denial * danger + 0.02 * top.value / 11
            if knock_by_rule and obs.rules.knock_after_draw:
                if key[0] not in knock_cache:
                    knock_cache[key[0]] = self.knocks(obs, key[0])
                if action.knock != knock_cache[key[0]]:
                    score -= 100  # knock exactly when the kept hand is worth a knock
            scored.append((action, score))
        scored.sort(key=lambda pair: pair[1], reverse=True)
        return scored[:limit]

    def best_exchanges(
        self, obs: Observation, exchanges: Sequence[Action], limit: int
    ) -> list[tuple[Exchange, float]]:
        hand = obs.hand or ()
        rules = obs.rules
        pool = self.memory.unseen(obs)
        scored = []
        for action in exchanges:
            if type(action) is not Exchange:
                continue
            kept = without(hand, action.give) + action.take
            score = (
                strength(kept, rules)[0]
                + self.potential * mean_gain(kept, rules, pool)
                + three_aces_bonus(kept, rules)
            )
            scored.append((action, score))
        scored.sort(key=lambda pair: pair[1], reverse=True)
        return scored[:limit]


def _exchanges(
    hand: tuple[Card, ...], widow: tuple[Card, ...]
) -> Iterator[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    for size in range(1, min(len(hand), len(widow)) + 1):
        for give in combinations(hand, size):
            for take in combinations(widow, size):
                yield give, take


def _exchange_value(
    hand: tuple[Card, ...], give: tuple[Card, ...], take: tuple[Card, ...], rules: Rules
) -> float:
    return strength(without(hand, give) + take, rules)[0]
