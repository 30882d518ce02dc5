"""The baseline bot: legal and sensible, and fast enough to simulate many games.

It keeps its best suit, takes the top discard when that improves its hand, and knocks
at a fixed threshold. Stronger bots are in their own modules.
"""

from __future__ import annotations

from ..actions import DISCARD_PILE, STOCK, Action, Discard, Draw, Exchange, Knock, Look, Stand
from ..cards import Card
from ..hands import hand_key
from ..observation import Observation
from ..state import DISCARD, THROW_DOWN, WIDOW


class BaselineBot:
    name = "baseline"

    def __init__(self, knock_at: float = 26, stand_at: float = 24) -> None:
        self.knock_at = knock_at
        self.stand_at = stand_at

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal
        if not legal:
            raise ValueError("The bot was asked to move when it has no move.")
        if obs.phase == THROW_DOWN:
            return next(a for a in legal if isinstance(a, Look))
        if obs.phase == DISCARD:
            return self._discard(obs, legal)
        if obs.phase == WIDOW:
            return self._best_exchange(obs, legal)[0]
        return self._start_of_turn(obs, legal)

    def _start_of_turn(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        hand = obs.hand or ()
        current = hand_key(hand, obs.rules)
        for action in legal:
            if isinstance(action, Knock) and current[0] >= self.knock_at:
                return action
        for action in legal:
            if isinstance(action, Stand) and current[0] >= self.stand_at:
                return action
        exchanges = [a for a in legal if isinstance(a, Exchange)]
        if exchanges:
            best, key = self._best_exchange(obs, exchanges)
            if key[0] >= current[0] + 5:
                return best
        take = Draw(obs.viewer, DISCARD_PILE)
        if take in legal and obs.discard_top is not None:
            if _best_kept(hand, obs.discard_top, obs) > current:
                return take
        stock = Draw(obs.viewer, STOCK)
        if stock in legal:
            return stock
        return legal[0]

    def _discard(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        hand = obs.hand or ()

        def score(action: Discard) -> tuple:
            kept = tuple(c for c in hand if c not in action.cards)
            key = hand_key(kept, obs.rules)
            knocks = action.knock and key[0] >= self.knock_at
            # Best hand; then knock when strong enough; then keep more cards, shed high ones.
            return (key, knocks, -len(action.cards), sum(c.value for c in action.cards))

        return max((a for a in legal if isinstance(a, Discard)), key=score)

    def _best_exchange(self, obs: Observation, legal) -> tuple[Action, tuple]:
        hand = obs.hand or ()
        best, best_key = None, None
        for action in legal:
            if not isinstance(action, Exchange):
                continue
            kept = tuple(c for c in hand if c not in action.give) + action.take
            key = hand_key(kept, obs.rules)
            if best_key is None or key > best_key:
                best, best_key = action, key
        return best, best_key


def _best_kept(hand: tuple[Card, ...], extra: Card, obs: Observation) -> tuple:
    """The best hand after taking `extra` and discarding another card."""
    return max(hand_key(tuple(c for c in hand if c != out) + (extra,), obs.rules)
               for out in hand) if hand else hand_key((extra,), obs.rules)
