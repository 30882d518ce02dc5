"""The hard bot's reading of the other players: likely hands, from every move it saw.

A player at a real table watches every move: who took the top discard, who drew from
the stock instead (and so did not want the card on top), what each laid down, who did
not knock. `TableWatch` turns that into a particle filter per other player: a few
hundred imagined hands, dealt at random at the start of the round and carried through
that player's moves. Each move re-weights them by how likely a sensible player (one
who scores hands as the medium bot does) would have made it with that hand, and
stock draws are imagined card by card. Hands that could not have made the moves fade,
so the survivors are what the table has shown about that player.

It learns only from public facts: the moves themselves (a draw's source, the cards laid
face up, a knock) and the watcher's own observation before each move. It is used for
the plain rules (no widow, hidden discards or throw-down); elsewhere it declines and
the hard bot falls back on `WorldSampler`'s own guesses. The modelled player's
chances are in `move_model.py`; `knock_risk.py` turns the watched hands into the risk
a knock runs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..actions import STOCK, Action, Discard, Draw, Knock
from ..cards import Card, full_deck
from ..observation import Observation
from ..state import DRAW
from ..turns import play_order
from .common import strength
from .knocking import KnockParams, least_knock
from .memory import RoundKey
from .move_model import discard_chance, squash, take_chance

PARTICLES = 300  # imagined hands per other player
KNOCK_SHARPNESS = 2.0  # per point of hand value above the least worth a knock


class TableWatch:
    """Particle filters over the other players' hands for the current round."""

    def __init__(self, rng: random.Random, params: KnockParams, particles: int = PARTICLES):
        self.rng = rng
        self.params = params
        self.size = particles
        self.key: RoundKey | None = None
        self.ok = False
        self.hands: dict[int, list[tuple[Card, ...]]] = {}
        self.pile: list[Card] | None = None
        # seat -> (the source of the draw it just made, the top discard then, the least
        # hand it would have knocked with or None)
        self._pending: dict[int, tuple[str, Card | None, float | None]] = {}
        self._taken: dict[int, set[Card]] = {}  # cards seen taken into each hand
        self._thresholds: dict[tuple[int, int], float] = {}

    # ---- watching ------------------------------------------------------------------

    def watch(self, obs: Observation, seat: int, action: Action) -> None:
        """`seat` made `action`; `obs` is the watcher's view just before it."""
        key = (obs.round_no, obs.dealer, obs.names)
        if key != self.key:
            self._start(obs, key)
        if not self.ok:
            return
        self._check_pile(obs)
        if seat != obs.viewer and seat in self.hands:
            if isinstance(action, Draw):
                self._drew(obs, seat, action.source)
            elif isinstance(action, Discard):
                self._discarded(obs, seat, action.cards)
            elif isinstance(action, Knock):
                self._weigh(seat, lambda hand: self._knock_chance(obs, seat, hand))
            # Standing and the like say little about a hand and change none.
        if self.pile is not None:
            if isinstance(action, Draw) and action.source != STOCK and self.pile:
                self.pile.pop()
            elif isinstance(action, Discard):
                self.pile.extend(action.cards)

    def _start(self, obs: Observation, key: RoundKey) -> None:
        self.key = key
        rules = obs.rules
        self.hands = {}
        self._pending = {}
        self._taken = {}
        self._thresholds = {}
        plain = not (rules.widow or rules.hidden_discards or rules.throw_down)
        hand = obs.hand
        self.ok = plain and obs.turns_taken == 0 and hand is not None and obs.phase == DRAW
        if hand is None or not self.ok:
            return
        self.pile = list(obs.discard_pile) if obs.discard_count == len(obs.discard_pile) else None
        known = set(hand) | set(obs.discard_pile)
        pool = [c for c in full_deck(rules.jokers) if c not in known]
        for seat, count in enumerate(obs.cards_held):
            if seat == obs.viewer or obs.seats[seat].out or count == 0:
                continue
            self.hands[seat] = [tuple(self.rng.sample(pool, count)) for _ in range(self.size)]

    def _check_pile(self, obs: Observation) -> None:
        """Keep the pile's cards while they are certain (a reshuffle makes them unknown)."""
        if self.pile is not None and (
            len(self.pile) != obs.discard_count or (self.pile and self.pile[-1] != obs.discard_top)
        ):
            self.pile = None

    def _drew(self, obs: Observation, seat: int, source: str) -> None:
        # Judged with the discard that follows, so both halves of the turn meet the same
        # imagined hand.
        knock_floor = self._threshold(obs, seat) if self._may_knock(obs) else None
        self._pending[seat] = (source, obs.discard_top, knock_floor)
        if source != STOCK and obs.discard_top is not None:
            self._taken.setdefault(seat, set()).add(obs.discard_top)

    def _discarded(self, obs: Observation, seat: int, cards: Sequence[Card]) -> None:
        pending = self._pending.pop(seat, None)
        if pending is None or len(cards) != 1:
            self.hands.pop(seat, None)  # a move the filter does not follow: stop guessing
            return
        source, top, knock_floor = pending
        card = cards[0]
        rules = obs.rules
        rng = self.rng
        take = source != STOCK
        mine = set(obs.hand or ())
        # What was on view when it drew (the pile then still held a card it took).
        visible = set(self.pile or ()) | mine | ({top} if top is not None else set())
        deck = full_deck(rules.jokers)
        taken = self._taken.get(seat, set())
        unknown = max(1, len(deck) - len(visible) - 3)

        known: dict[tuple[Card, ...], float] = {}  # the resampled hands repeat

        def start_chance(hand: tuple[Card, ...]) -> float:
            """How likely `hand` would have drawn as this player did."""
            found = known.get(hand)
            if found is None:
                found = known[hand] = _start_chance(hand)
            return found

        def _start_chance(hand: tuple[Card, ...]) -> float:
            p = 1.0
            if knock_floor is not None:
                p -= squash(KNOCK_SHARPNESS * (strength(hand, rules)[0] - knock_floor))
            if top is not None:
                taking = take_chance(hand, top, rules)
                p *= taking if take else 1.0 - taking
            return p

        def after_draw(hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], float]:
            """The hand after the turn, with how likely its discard was: `hand` (before
            the draw) holds the discarded card."""
            if take and top is not None:  # (`top` is the card taken: never None then)
                full = hand + (top,)
                return _without(full, card), discard_chance(full, card, top, rules)
            while True:
                drawn = deck[int(rng.random() * len(deck))]
                if drawn not in hand and drawn not in visible:
                    break
                # The drawn card stayed (one imagined draw: an unbiased weight).
            full = hand + (drawn,)
            return _without(full, card), discard_chance(full, card, None, rules)

        children: list[tuple[Card, ...]] = []
        weights: list[float] = []
        for hand in self.hands[seat]:
            if visible.intersection(hand):
                continue  # it holds a card seen elsewhere (in my hand, on the pile)
            if card in hand:
                new, chance = after_draw(hand)
                children.append(new)
                weights.append(start_chance(hand) * chance)
                continue
            if not take:
                # It drew this very card from the stock and let it go.
                chance = discard_chance(hand + (card,), card, None, rules) / unknown
                children.append(hand)
                weights.append(start_chance(hand) * chance)
            # Or it held the card all along: imagine it in place of one of the cards not
            # known to be there. (Particles rarely hold a given card; without this the
            # filter would soon run out of hands that fit.)
            free = [c for c in hand if c not in taken]
            if free:
                swapped = _without(hand, free[int(rng.random() * len(free))]) + (card,)
                new, chance = after_draw(swapped)
                children.append(new)
                weights.append(start_chance(swapped) * chance * len(free) / unknown)
        if take:
            taken.discard(card)
        self.hands[seat] = children
        self._resample(seat, weights, mine | set(self.pile or ()))

    def _weigh(self, seat: int, chance: Callable[[tuple[Card, ...]], float]) -> None:
        hands = self.hands.get(seat)
        if hands is None:
            return
        self._resample(seat, [chance(hand) for hand in hands], set())

    def _resample(self, seat: int, weights: list[float], excluded: set[Card]) -> None:
        hands = self.hands[seat]
        size = self.size
        if excluded:
            weights = [
                0.0 if excluded.intersection(h) else w for h, w in zip(hands, weights, strict=True)
            ]
        total = sum(weights)
        if total <= 0:
            self.hands.pop(seat)  # nothing imagined fits: stop guessing for this player
            return
        # Systematic resampling: keeps the spread of the weights with little noise.
        step = total / size
        point = self.rng.random() * step
        chosen = []
        cumulative = 0.0
        index = -1
        for _ in range(size):
            while cumulative <= point and index + 1 < len(hands):
                index += 1
                cumulative += weights[index]
            chosen.append(hands[index])
            point += step
        self.hands[seat] = chosen

    # ---- the modelled player ---------------------------------------------------------

    def _may_knock(self, obs: Observation) -> bool:
        rules = obs.rules
        alive = [s for s in obs.seats if not s.out]
        if obs.knocker is not None:
            return False
        if rules.no_knock_first_round and obs.turns_taken < len(alive):
            return False
        return not (rules.no_knock_when_all_on_county and all(s.lives == 0 for s in alive))

    def _knock_chance(self, obs: Observation, seat: int, hand: tuple[Card, ...]) -> float:
        floor = self._threshold(obs, seat)
        value = strength(hand, obs.rules)[0]
        return squash(KNOCK_SHARPNESS * (value - floor))

    def _threshold(self, obs: Observation, seat: int) -> float:
        """The least hand value `seat` would knock with now (as the medium bot judges)."""
        key = (seat, obs.turns_taken)
        found = self._thresholds.get(key)
        if found is None:
            order = play_order(obs.dealer, [s.out for s in obs.seats])
            found = self._thresholds[key] = least_knock(
                seat, order, obs.turns_taken, obs.seats[seat], obs.rules, self.params
            )
        return found

    # ---- the guesses -------------------------------------------------------------------

    def follows(self, obs: Observation) -> bool:
        """Whether the filters are about the round `obs` shows (and still working)."""
        return self.ok and self.key == (obs.round_no, obs.dealer, obs.names)

    def fitting(
        self, obs: Observation, allowed: dict[int, set[Card]]
    ) -> dict[int, list[tuple[Card, ...]]]:
        """Per other player, the imagined hands that use only cards in `allowed[seat]`
        (a player whose filter has none, or has stopped, is left out)."""
        if not self.follows(obs):
            return {}
        fitting = {}
        for seat, cards in allowed.items():
            hands = [h for h in self.hands.get(seat, ()) if cards.issuperset(h)]
            if hands:
                fitting[seat] = hands
        return fitting

    @staticmethod
    def guess(
        fitting: dict[int, list[tuple[Card, ...]]], rng: random.Random, tries: int = 20
    ) -> dict[int, tuple[Card, ...]]:
        """One hand per player of `fitting` (see there), no card twice; if the tries
        all clash, the most players that did not. (`rng` is the caller's, so that the
        filters' own draws depend only on the moves watched.)"""
        best: dict[int, tuple[Card, ...]] = {}
        for _ in range(tries):
            used: set[Card] = set()
            chosen: dict[int, tuple[Card, ...]] = {}
            for seat, hands in fitting.items():
                hand = hands[int(rng.random() * len(hands))]
                if not used.intersection(hand):
                    used.update(hand)
                    chosen[seat] = hand
            if len(chosen) == len(fitting):
                return chosen
            if len(chosen) > len(best):
                best = chosen
        return best

    def buried(self, obs: Observation) -> set[Card] | None:
        """The discard pile's cards under the top, when every one of them is known."""
        if not self.follows(obs) or self.pile is None:
            return None
        return set(self.pile[:-1])


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(c for c in cards if c != card)
