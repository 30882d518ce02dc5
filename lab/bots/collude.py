"""Bots that collude, for measuring the collusion signals (never seated on the site).

A `ColludingBot` plays as the medium bot, but it knows its partner's hand (as two
friends on the phone would) and helps: when its partner plays next, it discards a
card that improves the partner's hand if one costs it little (`FEED_MARGIN` of the
medium bot's score), and it does not knock when the partner's hand is the lowest and
the partner is on their last life. With `rate` below 1 it helps only at that share
of the chances (drawn at random): a careful pair of friends.
"""

from __future__ import annotations

import random

from games.engine.actions import Action, Discard, Knock
from games.engine.bots import MediumBot
from games.engine.bots.common import stages_left, strength
from games.engine.cards import Card
from games.engine.observation import Observation
from games.engine.state import DISCARD, GameState
from games.engine.turns import play_order

FEED_MARGIN = 1.5


class ColludingBot:
    name = "colluding"

    def __init__(self, seed: int, partner: int, *, rate: float = 1.0) -> None:
        self.medium = MediumBot(seed)
        self.partner = partner
        self.rate = rate
        self._random = random.Random(seed)

    def choose(self, obs: Observation) -> Action:  # pragma: no cover - needs the state
        raise TypeError("A colluding bot needs the whole state: use choose_knowing.")

    def choose_knowing(self, state: GameState, obs: Observation) -> Action:
        return self.medium.memory.choose(obs, lambda o: self._decide(state, o))

    def _decide(self, state: GameState, obs: Observation) -> Action:
        choice = self.medium.decide(obs)
        me = state.turn
        assert me is not None
        if self._random.random() >= self.rate:
            return choice
        partner_hand = state.hands[self.partner]
        if obs.phase == DISCARD and _next(state, me) == self.partner:
            scored = self.medium.best_discards(obs, limit=len(obs.legal))
            top = scored[0][1]
            for action, score in scored:
                if score < top - FEED_MARGIN:
                    break
                if len(action.cards) == 1 and _helps(partner_hand, action.cards[0], state):
                    return action
        if type(choice) is Knock and self._partner_would_fall(state, me):
            draws = self.medium.score_draws(obs)
            if draws:
                return max(draws, key=lambda pair: pair[1])[0]
        if isinstance(choice, Discard) and choice.knock and self._partner_would_fall(state, me):
            quiet = [a for a in obs.legal if isinstance(a, Discard) and not a.knock]
            same = [a for a in quiet if a.cards == choice.cards]
            return (same or quiet or [choice])[0]
        return choice

    def _partner_would_fall(self, state: GameState, me: int) -> bool:
        rules = state.rules
        values = {s: strength(state.hands[s], rules)[0] for s in state.active_seats() if s != me}
        low = min(values.values())
        return (
            values.get(self.partner) == low and stages_left(state.players[self.partner], rules) == 1
        )


def _next(state: GameState, seat: int) -> int:
    order = play_order(state.dealer, [p.out for p in state.players])
    return order[(order.index(seat) + 1) % len(order)]


def _helps(hand: tuple[Card, ...], card: Card, state: GameState) -> bool:
    rules = state.rules
    now = strength(hand, rules)[0]
    return any(
        strength(hand[:i] + hand[i + 1 :] + (card,), rules)[0] > now for i in range(len(hand))
    )
