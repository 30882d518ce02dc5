"""The plain rules' rounds played on in place (`PlainRound`, on a `MutableState`): the
hard bot's rollouts' short way, the same moves and the same end as `play_out_by_steps`
in less time (docs/bots.md, "Speed")."""

from __future__ import annotations

from ..actions import DRAWS_FROM_DISCARDS, DRAWS_FROM_STOCK, KNOCKS, ONE_CARD_DISCARDS, Action
from ..cards import Card
from ..hands import HandKey, hand_value, trio_keys
from ..mutable import MutableState, Undo, made_by_engine
from ..randomness import DeckSource
from ..scoring import all_on_county
from ..state import DISCARD, DRAW, GameState, PlayerState
from ..turns import play_order
from .common import draw_gains, players_after, strength, trio_gains
from .knock_risk import chance_lowest
from .knocking import KnockParams, lives_ratio
from .policy import policy_action, wants_to_knock_memoised
from .rollout_steps import EQUITY, Scorer, play_out_by_steps

PLAIN_PHASES = frozenset({DRAW, DISCARD})


def is_plain(state: GameState, round_no: int) -> bool:
    """Whether `PlainRound` plays `state` on: round `round_no` goes on in a draw or a
    discard, under rules where every move is a draw (from the stock or the discard
    pile), a knock, a stand or one card discarded."""
    rules = state.rules
    return (
        state.round_no == round_no
        and state.phase in PLAIN_PHASES
        and state.outcome is None
        and not (rules.widow or rules.hidden_discards or rules.throw_down)
        and not rules.knock_after_draw
    )


# The seats of a round in the order they play, by the dealer and the players (who never
# change within a round): the last one asked is kept, matched by identity, as every
# rollout of a search asks the same.
_last_order: tuple[int, tuple[PlayerState, ...] | None, tuple[int, ...]] = (-1, None, ())


def _order_of(state: GameState) -> tuple[int, ...]:
    global _last_order
    dealer, players, found = _last_order
    if dealer == state.dealer and players is state.players:
        return found
    found = tuple(play_order(state.dealer, [p.out for p in state.players]))
    _last_order = (state.dealer, state.players, found)  # one tuple, replaced whole
    return found


class PlainRound:
    """A round of the plain rules played on by `policy_action`'s choices, on a
    `MutableState` (changed in place, each move's undo kept) instead of a new
    `GameState` per move.

    Every move is the mutable state's `apply`: a draw, a discard, a knock or a stand
    that only passes the turn is made in place, the rest (a reshuffle, a turn's end
    that ends the round) by the engine. Each choice is `policy_action`'s, worked out
    from the same memos of hand keys and draw gains, read inline (`trio_keys`,
    `trio_gains`). `rewind` undoes the moves: the hard bot plays every candidate of a
    world on one state (docs/bots.md, "Speed")."""

    def __init__(
        self, state: GameState, me: int, params: KnockParams, scorer: Scorer | None = None
    ) -> None:
        rules = state.rules
        self.me = me
        self.scorer = scorer or EQUITY
        self.params = params
        self.rules = rules
        self.order = _order_of(state)
        self.keys = trio_keys(rules, showdown=True)  # what the bots compare
        self.plain_keys = trio_keys(rules)  # what a blitz and knock_min go by
        self.gains = trio_gains(rules)
        self.all_on_county = all_on_county(state)
        self.reads_hands = rules.scoring == "lives"
        self.game = MutableState.of(state)
        self.records: list[Undo] = []

    def rewind(self, deck_source: DeckSource | None = None) -> None:
        """Undo every move made, back to the state it started from (with `deck_source`,
        if given, for its later shuffles)."""
        game, records = self.game, self.records
        while records:
            game.undo(records.pop())
        if deck_source is not None:
            game.deck_source = deck_source

    def key(self, a: Card, b: Card, c: Card) -> HandKey:
        """`strength((a, b, c), rules)`, from the memo."""
        found = self.keys[(a * 53 + b) * 53 + c]
        return strength((a, b, c), self.rules) if found is None else found

    def mean_gain(self, a: Card, b: Card, c: Card) -> float:
        """`draw_gains((a, b, c), rules)[1]`, from the memo."""
        found = self.gains[(a * 53 + b) * 53 + c]
        return draw_gains((a, b, c), self.rules)[1] if found is None else found[1]

    def plain_value(self, a: Card, b: Card, c: Card) -> float:
        """`hand_value((a, b, c), rules)`, from the memo."""
        found = self.plain_keys[(a * 53 + b) * 53 + c]
        return hand_value((a, b, c), self.rules) if found is None else found[0]

    def play(
        self, max_actions: int, round_no: int, first: Action | None = None
    ) -> tuple[float, int]:
        """Play on to the end of the round, after `first` (`me`'s move, not counted)."""
        me = self.me
        game = self.game
        if first is not None:
            self.make(first)
        actions = 0
        while game.round_no == round_no and game.phase in PLAIN_PHASES:
            if actions >= max_actions:
                return self.scorer.cut_short(game.frozen(), me), actions
            seat = game.seat_on_turn
            hand = game.hands[seat]
            if game.phase == DISCARD and len(hand) == 4:
                self.discard_of_four(seat, hand)
            elif game.phase == DISCARD:
                self.discard_one(seat, hand)
            elif len(hand) == 3:
                self.draw(seat, hand)
            else:
                self.by_policy(seat)
            actions += 1
        # The round is over (or, in a world that deals on, the next is dealt): judged
        # as `play_out_by_steps` judges it, from the state the engine made.
        state = made_by_engine(self.records[-1]) if self.records else None
        if state is None:
            state = game.frozen()
        value, used = play_out_by_steps(
            state, me, self.params, max_actions - actions, round_no, self.scorer
        )
        return value, actions + used

    def make(self, action: Action) -> None:
        """`apply_legal(state, action)`, in place."""
        self.records.append(self.game.apply(action, checked=False))

    def by_policy(self, seat: int) -> None:
        """`policy_action`'s choice, worked out on the state frozen back, made."""
        state = self.game.frozen()
        self.make(policy_action(state, seat, self.order, self.params, seat == self.me))

    # ---- the choices, as `policy_action` makes them -----------------------------------

    def draw(self, seat: int, hand: tuple[Card, ...]) -> None:
        """`_policy_draw`'s choice with three cards, made."""
        rules = self.rules
        game = self.game
        discard = game.discard
        stock_left = bool(game.stock)
        may_stock = stock_left or (rules.empty_stock != "draw" and len(discard) >= 2)
        may_take = bool(discard) and (rules.take_own_discard or game.discard_owner != seat)
        if not (may_stock or may_take):
            return self.by_policy(seat)  # a knock or a stand, as `policy_action` picks
        a, b, c = hand
        value = self.key(a, b, c)[0]
        if self.knocks(seat, a, b, c, value):
            return self.make(KNOCKS[seat])
        if may_take and not may_stock:
            return self.make(DRAWS_FROM_DISCARDS[seat])
        if may_take:
            top = discard[-1]
            best = max(self.key(b, c, top), self.key(a, c, top), self.key(a, b, top))
            if best[0] >= value + self.mean_gain(a, b, c):
                return self.make(DRAWS_FROM_DISCARDS[seat])
        self.make(DRAWS_FROM_STOCK[seat])  # after a reshuffle, if the stock is empty

    def knocks(self, seat: int, a: Card, b: Card, c: Card, value: float) -> bool:
        """Whether `seat`, holding a, b and c worth `value` and free to draw, may knock
        and `_policy_draw` would."""
        rules = self.rules
        game = self.game
        if (
            game.knocker is not None
            or (rules.no_knock_when_all_on_county and self.all_on_county)
            or (rules.no_knock_first_round and game.turns_taken < len(self.order))
            or (rules.knock_min and self.plain_value(a, b, c) < rules.knock_min)
        ):
            return False
        # A knock and a draw may be made: more than one move, so it is judged.
        if seat == self.me and self.reads_hands:
            return self.safe_knock(seat, value)
        standing = game.players[seat]
        return wants_to_knock_memoised(
            value, seat, self.order, game.turns_taken, standing, rules, self.params
        )

    def safe_knock(self, seat: int, value: float) -> bool:
        """`_safe_knock` on the state these values stand for."""
        game = self.game
        stock = game.stock[::-1]  # in the engine's order, as `_safe_knock` reads it
        discard = game.discard
        unseen = stock or discard[:-1]
        others = ((game.hands[other],) for other in players_after(self.order, seat))
        top = discard[-1] if discard else None
        risk = chance_lowest(others, value, unseen, self.rules, top)
        standing = game.players[seat]
        return lives_ratio(risk, len(self.order), standing, self.rules, self.params) <= 1.0

    def discard_of_four(self, seat: int, hand: tuple[Card, ...]) -> None:
        """`_policy_discard`'s choice from four cards, unrolled: the kept hands in the
        order of the legal discards (every card but the one taken this turn)."""
        a, b, c, d = hand
        kept_hands = ((b, c, d), (a, c, d), (a, b, d), (a, b, c))
        taken = self.game.taken
        best = -1
        best_key: HandKey = (0.0, 0)
        for i in (0, 1, 2, 3):
            if hand[i] == taken:
                continue
            kept = kept_hands[i]
            key = self.key(*kept)
            if (
                best < 0
                or key > best_key
                or (key == best_key and self.mean_gain(*kept) > self.mean_gain(*kept_hands[best]))
            ):
                best, best_key = i, key
        return self.make(ONE_CARD_DISCARDS[seat][hand[best]])

    def discard_one(self, seat: int, hand: tuple[Card, ...]) -> None:
        """`_policy_discard`'s choice from any hand (one card may be the taken one)."""
        taken = self.game.taken
        best = -1
        best_key: HandKey | None = None
        best_kept: tuple[Card, ...] = ()
        for i, card in enumerate(hand):
            if card == taken:
                continue
            kept = hand[:i] + hand[i + 1 :]
            key = strength(kept, self.rules)
            if (
                best_key is None
                or key > best_key
                or (
                    key == best_key
                    and draw_gains(kept, self.rules)[1] > draw_gains(best_kept, self.rules)[1]
                )
            ):
                best, best_key, best_kept = i, key, kept
        if best_key is None:
            return self.by_policy(seat)  # never: a card that was not taken is always there
        return self.make(ONE_CARD_DISCARDS[seat][hand[best]])
