"""The baseline bot: legal and sensible, and fast enough to simulate many games.

It keeps its best suit, takes the top discard when that improves its hand, and knocks
at a fixed threshold. Stronger bots are in their own modules.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import STOCK, Action, Discard, Draw, Exchange, Knock, Look, Stand
from ..cards import CARD_VALUES, Card
from ..hands import HandKey, hand_key
from ..observation import Observation
from ..rules import Rules
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
        phase = obs.phase
        if phase == DISCARD:
            return self._discard(obs, legal)
        if phase == THROW_DOWN:
            return next(a for a in legal if isinstance(a, Look))
        if phase == WIDOW:
            exchanges = [a for a in legal if isinstance(a, Exchange)]
            return _best_exchange(obs.hand or (), exchanges, obs.rules)[0]
        return self._start_of_turn(obs, legal)

    def _start_of_turn(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        hand = obs.hand or ()
        rules = obs.rules
        current = hand_key(hand, rules)
        take: Draw | None = None
        stock: Draw | None = None
        exchanges: list[Exchange] = []
        for action in legal:
            if isinstance(action, Draw):
                if action.source == STOCK:
                    stock = action
                else:
                    take = action
            elif (
                isinstance(action, Knock)
                and current[0] >= self.knock_at
                or isinstance(action, Stand)
                and current[0] >= self.stand_at
            ):
                return action
            elif isinstance(action, Exchange):
                exchanges.append(action)
        if exchanges:
            best, key = _best_exchange(hand, exchanges, rules)
            if key[0] >= current[0] + 5:
                return best
        top = obs.discard_top  # a card whenever `take` is legal
        if take is not None and top is not None and _best_with(hand, top, rules) > current:
            return take
        return stock or take or legal[0]

    def _discard(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        hand = obs.hand or ()
        rules = obs.rules
        best: Action = legal[0]
        best_score: tuple[HandKey, bool, int, int] | None = None
        for action in legal:
            if not isinstance(action, Discard):
                continue  # none: in the discard phase every legal move is a discard
            cards = action.cards
            if len(cards) == 1:
                # The common one-card discard, inline: one search (a hand's cards differ),
                # and the card's points read directly (`Card.value` is CARD_VALUES[card]).
                card = cards[0]
                i = hand.index(card)
                kept = hand[:i] + hand[i + 1 :]
                points = CARD_VALUES[card]
            else:
                kept = tuple(c for c in hand if c not in cards)
                points = sum(CARD_VALUES[c] for c in cards)
            key = hand_key(kept, rules)
            # Best hand; then knock when strong enough; keep more cards; shed high ones.
            score = (key, action.knock and key[0] >= self.knock_at, -len(cards), points)
            if best_score is None or score > best_score:
                best, best_score = action, score
        return best


def _best_with(hand: tuple[Card, ...], extra: Card, rules: Rules) -> HandKey:
    """The best hand after taking `extra` and discarding one of `hand`."""
    if not hand:
        return hand_key((extra,), rules)
    if len(hand) == 3:
        # The usual hand, unrolled: the same three hands in the same order as below, and
        # max() keeps the first of equal keys either way; no generator to step through.
        a, b, c = hand
        return max(
            hand_key((b, c, extra), rules),
            hand_key((a, c, extra), rules),
            hand_key((a, b, extra), rules),
        )
    return max(hand_key(hand[:i] + hand[i + 1 :] + (extra,), rules) for i in range(len(hand)))


def _best_exchange(
    hand: tuple[Card, ...], exchanges: Sequence[Exchange], rules: Rules
) -> tuple[Exchange, HandKey]:
    """The exchange that makes the best hand (the first of equals), and that hand's key.
    `exchanges` is never empty: the widow phase offers some, and the start of a turn
    asks only when it does."""
    scored = [
        (action, hand_key(tuple(c for c in hand if c not in action.give) + action.take, rules))
        for action in exchanges
    ]
    return max(scored, key=lambda pair: pair[1])
