"""What a seat remembers of a round (`Memory`): the cards buried in the discard pile,
the cards known to be in other hands and the suits each other player collects, learnt
from its own observations only."""

from __future__ import annotations

from collections.abc import Callable

from ..actions import Action, Discard, Draw, Exchange, Knock
from ..cards import Card, full_deck, without
from ..observation import Observation
from ..state import DISCARD
from ..turns import play_order
from .common import own_seat

# Which round of which game an observation is from: (round_no, dealer, names).
RoundKey = tuple[int, int, tuple[str, ...]]


class Memory:
    """What one seat has learnt this round from its own observations.

    - `dead`: cards known to lie buried in the discard pile (no one can take them back
      before a reshuffle), e.g. the top card it covered with its own discard;
    - `held`: cards known to be in another player's hand, e.g. its discard that the next
      player must have taken (no stock card was drawn in between);
    - `wants`: the suits each other player was seen to take from the discard pile.

    A bot object may be reused for many games (the `simulate` command does), so a new
    round is recognised by the hand: within a round a seat's hand changes only by its
    own moves.
    """

    def __init__(self) -> None:
        self.round_key: RoundKey | None = None
        self.reset()

    def reset(self) -> None:
        self.dead: set[Card] = set()
        self.held: dict[int, set[Card]] = {}
        self.wants: dict[int, set[int]] = {}
        self.expected_hand: frozenset[Card] | None = None
        self.last_turns = -1
        self.after_my_turn: tuple[int, int, Card | None, int | None] | None = None

    def update(self, obs: Observation) -> None:
        key = (obs.round_no, obs.dealer, obs.names)
        hand = frozenset(obs.hand) if obs.hand is not None else None
        same_round = (
            key == self.round_key
            and obs.turns_taken >= self.last_turns
            and (
                self.expected_hand is None
                or hand is None
                or obs.phase == DISCARD
                or hand == self.expected_hand
            )
        )
        if not same_round:
            self.reset()
            self.round_key = key
        if self.after_my_turn is not None and obs.turns_taken > self.last_turns:
            self._learn_between_turns(obs, self.after_my_turn)
        self.last_turns = obs.turns_taken
        pile = obs.discard_pile
        if obs.rules.hidden_discards:
            self.dead = set(pile[:-1])  # everyone sees the buried cards
        for cards in self.held.values():
            cards.difference_update(pile)
        self.dead.difference_update(obs.hand or ())

    def _learn_between_turns(
        self, obs: Observation, after_my_turn: tuple[int, int, Card | None, int | None]
    ) -> None:
        stock_after, discards_after, my_top, next_seat = after_my_turn
        self.after_my_turn = None
        others = obs.turns_taken - self.last_turns - 1  # turns by others since mine
        if obs.stock_count > stock_after or obs.discard_count < discards_after - others:
            self.dead.clear()  # a reshuffle: the buried cards went back into the stock
            self.held.clear()
            return
        drew = stock_after - obs.stock_count
        if my_top is None or next_seat is None or others <= 0 or obs.rules.hidden_discards:
            return
        if drew == 0 and obs.knocker in (None, obs.viewer) and not obs.rules.widow:
            # No one drew from the stock, so the next player took the card I left on top.
            self.held.setdefault(next_seat, set()).add(my_top)
            self.wants.setdefault(next_seat, set()).add(my_top.suit)
        elif drew == others and obs.discard_top != my_top:
            self.dead.add(my_top)  # everyone drew from the stock: it is buried

    def note(self, obs: Observation, action: Action) -> None:
        """Record the seat's own move (call with the action it chose)."""
        hand = obs.hand or ()
        if isinstance(action, Draw):
            if action.source != "stock" and obs.discard_top is not None:
                self.dead.discard(obs.discard_top)
            self.expected_hand = None  # the drawn card is seen at the discard
        elif isinstance(action, Discard):
            if action.cards and obs.discard_top is not None:
                self.dead.add(obs.discard_top)  # covered by my discard
            self.expected_hand = frozenset(without(hand, action.cards))
            top = action.cards[-1] if action.cards else None
            order = play_order(obs.dealer, [s.out for s in obs.seats])
            following = order[(order.index(own_seat(obs)) + 1) % len(order)]
            stock_after = obs.stock_count
            self.after_my_turn = (
                stock_after,
                obs.discard_count + len(action.cards),
                top,
                following,
            )
        elif isinstance(action, Exchange):
            self.expected_hand = frozenset(without(hand, action.give) + action.take)
        elif isinstance(action, Knock):
            self.expected_hand = frozenset(hand)
        else:
            self.expected_hand = frozenset(hand) if obs.hand is not None else None

    def choose(self, obs: Observation, decide: Callable[[Observation], Action]) -> Action:
        """A decision of the bot this memory belongs to: learn what `obs` shows, let
        `decide` choose (it may read the memory), then remember the move."""
        if not obs.legal:
            raise ValueError("The bot was asked to move when it has no move.")
        self.update(obs)
        action = decide(obs)
        self.note(obs, action)
        return action

    def unseen(self, obs: Observation, *, use_memory: bool = True) -> list[Card]:
        """Cards this seat cannot place: in the stock, other hands, the face-down widow or
        buried unseen in the discard pile. Sorted, so the same facts give the same list."""
        known = set(obs.hand or ()) | set(obs.discard_pile) | set(obs.widow)
        if use_memory:
            known |= self.dead
            for cards in self.held.values():
                known |= cards
        return [c for c in full_deck(obs.rules.jokers) if c not in known]

    def held_cards(self) -> set[Card]:
        return set().union(*self.held.values()) if self.held else set()
