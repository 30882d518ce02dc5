"""The plain rules' rounds played on in plain values (`PlainRound`): the hard bot's
rollouts' short way, the same moves and the same end as `play_out_by_steps` in a third
less time (docs/bots.md, "Speed")."""

from __future__ import annotations

from ..actions import DRAWS_FROM_STOCK, KNOCKS, ONE_CARD_DISCARDS, STOCK, Action, Discard, Draw
from ..cards import Card
from ..game import apply_legal, passes_to
from ..hands import HandKey, hand_value, trio_keys
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
    """A round of the plain rules played on by `policy_action`'s choices, its state
    held in plain values instead of a new `GameState` per move: the hands (a list of
    tuples, each card in the order the engine keeps it), the stock (a tuple read from
    `next_card` on), the discard pile and its owners (lists), and the turn's facts.

    Only draws and discards that leave the round going are made here, as
    `game.apply_legal` makes them; a knock, a stand, a reshuffle and any discard after
    which `turn_end.end_turn` would do more than pass the turn (a blitz, three aces, 31 on
    the county, the knocker's turn come round, `max_turns`, an empty stock that draws
    the round) are made by the engine on the state built back (`built`), which is then
    read again. Each choice is `policy_action`'s, worked out from the same memos of hand
    keys and draw gains, read inline (`trio_keys`, `trio_gains`)."""

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
        self.load(state)

    def load(self, state: GameState) -> None:
        self.state = state
        self.hands = list(state.hands)
        self.stock = state.stock
        self.next_card = 0
        self.discard = list(state.discard)
        self.owner = state.discard_owner
        self.buried = list(state.buried_owners)
        self.knocker = state.knocker
        self.turns = state.turns_taken
        self.turn = state.seat_on_turn
        self.phase = state.phase
        self.drawn = state.drawn
        self.taken = state.taken

    def built(self) -> GameState:
        """The state these values stand for."""
        return self.state._replace(
            hands=tuple(self.hands),
            stock=self.stock[self.next_card :],
            discard=tuple(self.discard),
            discard_owner=self.owner,
            buried_owners=tuple(self.buried),
            knocker=self.knocker,
            turns_taken=self.turns,
            turn=self.turn,
            phase=self.phase,
            drawn=self.drawn,
            taken=self.taken,
        )

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
        if first is not None and not self.make(first):
            state = self.state
            if not is_plain(state, round_no):  # `play_out` of a round not plain
                return play_out_by_steps(state, me, self.params, max_actions, round_no, self.scorer)
            self.load(state)
        actions = 0
        while True:
            if actions >= max_actions:
                return self.scorer.cut_short(self.built(), me), actions
            seat = self.turn
            hand = self.hands[seat]
            if self.phase == DISCARD and len(hand) == 4:
                made = self.discard_of_four(seat, hand)
            elif self.phase == DISCARD:
                made = self.discard_one(seat, hand)
            elif len(hand) == 3:
                made = self.draw(seat, hand)
            else:
                made = self.by_engine(None)
            actions += 1
            if made:
                continue
            state = self.state
            if not is_plain(state, round_no):
                value, used = play_out_by_steps(
                    state, me, self.params, max_actions - actions, round_no, self.scorer
                )
                return value, actions + used
            self.load(state)

    def make(self, action: Action) -> bool:
        """`apply_legal(state, action)` for the seat on turn: a draw or a discard of one
        card here when it leaves the round going (False: the engine made it)."""
        seat = self.turn
        if isinstance(action, Draw) and self.phase == DRAW:
            if action.source != STOCK:
                self.take(seat)
                return True
            if self.next_card < len(self.stock):
                self.draw_stock(seat)
                return True
        elif (
            isinstance(action, Discard)
            and self.phase == DISCARD
            and len(action.cards) == 1
            and not action.knock
        ):
            hand = self.hands[seat]
            card = action.cards[0]
            i = hand.index(card)
            kept = hand[:i] + hand[i + 1 :]
            following = self.passes_to(seat, kept)
            if following is not None:
                self.lay_down(seat, card, kept, following)
                return True
        return self.by_engine(action)

    def by_engine(self, action: Action | None) -> bool:
        """Make `action` (None: `policy_action`'s choice) through the engine, on the
        state built back; False, for `play` to read the new state."""
        state = self.built()
        seat = state.seat_on_turn
        if action is None:
            action = policy_action(state, seat, self.order, self.params, seat == self.me)
        self.state = apply_legal(state, action)
        return False

    # ---- the moves, as `game.apply_legal` makes them ---------------------------------

    def take(self, seat: int) -> None:
        card = self.discard.pop()
        buried = self.buried
        self.owner = buried.pop() if buried else None
        self.taken = self.drawn = card
        self.hands[seat] += (card,)
        self.phase = DISCARD

    def draw_stock(self, seat: int) -> None:
        card = self.stock[self.next_card]
        self.next_card += 1
        self.taken = None
        self.drawn = card
        self.hands[seat] += (card,)
        self.phase = DISCARD

    def passes_to(self, seat: int, kept: tuple[Card, ...]) -> int | None:
        """`game.passes_to` for `seat` keeping `kept`: the next seat, or None when the
        turn's end does more than pass the turn."""
        stock_left = self.next_card < len(self.stock)
        return passes_to(self.state, seat, kept, self.knocker, self.turns, stock_left)

    def lay_down(self, seat: int, card: Card, kept: tuple[Card, ...], following: int) -> None:
        """`seat` discards `card` keeping `kept`, and the turn passes to `following`."""
        discard = self.discard
        if discard:
            self.buried.append(self.owner)
        discard.append(card)
        self.owner = seat
        self.hands[seat] = kept
        self.turns += 1
        self.turn = following
        self.phase = DRAW
        self.drawn = None
        self.taken = None

    # ---- the choices, as `policy_action` makes them -----------------------------------

    def draw(self, seat: int, hand: tuple[Card, ...]) -> bool:
        """`_policy_draw`'s choice with three cards, made; False if the engine made it."""
        rules = self.rules
        discard = self.discard
        stock_left = self.next_card < len(self.stock)
        may_stock = stock_left or (rules.empty_stock != "draw" and len(discard) >= 2)
        may_take = bool(discard) and (rules.take_own_discard or self.owner != seat)
        if not (may_stock or may_take):
            return self.by_engine(None)  # a knock or a stand, as `policy_action` picks
        a, b, c = hand
        value = self.key(a, b, c)[0]
        if self.knocks(seat, a, b, c, value):
            return self.by_engine(KNOCKS[seat])
        if may_take and not may_stock:
            self.take(seat)
            return True
        if may_take:
            top = discard[-1]
            best = max(self.key(b, c, top), self.key(a, c, top), self.key(a, b, top))
            if best[0] >= value + self.mean_gain(a, b, c):
                self.take(seat)
                return True
        if not stock_left:
            return self.by_engine(DRAWS_FROM_STOCK[seat])  # a reshuffle first
        self.draw_stock(seat)
        return True

    def knocks(self, seat: int, a: Card, b: Card, c: Card, value: float) -> bool:
        """Whether `seat`, holding a, b and c worth `value` and free to draw, may knock
        and `_policy_draw` would."""
        rules = self.rules
        if (
            self.knocker is not None
            or (rules.no_knock_when_all_on_county and self.all_on_county)
            or (rules.no_knock_first_round and self.turns < len(self.order))
            or (rules.knock_min and self.plain_value(a, b, c) < rules.knock_min)
        ):
            return False
        # A knock and a draw may be made: more than one move, so it is judged.
        if seat == self.me and self.reads_hands:
            return self.safe_knock(seat, value)
        standing = self.state.players[seat]
        return wants_to_knock_memoised(
            value, seat, self.order, self.turns, standing, rules, self.params
        )

    def safe_knock(self, seat: int, value: float) -> bool:
        """`_safe_knock` on the state these values stand for."""
        stock = self.stock[self.next_card :]
        discard = self.discard
        unseen = stock or tuple(discard[:-1])
        others = ((self.hands[other],) for other in players_after(self.order, seat))
        top = discard[-1] if discard else None
        risk = chance_lowest(others, value, unseen, self.rules, top)
        standing = self.state.players[seat]
        return lives_ratio(risk, len(self.order), standing, self.rules, self.params) <= 1.0

    def discard_of_four(self, seat: int, hand: tuple[Card, ...]) -> bool:
        """`_policy_discard`'s choice from four cards, unrolled: the kept hands in the
        order of the legal discards (every card but the one taken this turn)."""
        a, b, c, d = hand
        kept_hands = ((b, c, d), (a, c, d), (a, b, d), (a, b, c))
        taken = self.taken
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
        return self.finish_discard(seat, hand[best], kept_hands[best])

    def discard_one(self, seat: int, hand: tuple[Card, ...]) -> bool:
        """`_policy_discard`'s choice from any hand (one card may be the taken one)."""
        taken = self.taken
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
            return self.by_engine(None)  # never: a card that was not taken is always there
        return self.finish_discard(seat, hand[best], best_kept)

    def finish_discard(self, seat: int, card: Card, kept: tuple[Card, ...]) -> bool:
        following = self.passes_to(seat, kept)
        if following is None:
            return self.by_engine(ONE_CARD_DISCARDS[seat][card])
        self.lay_down(seat, card, kept, following)
        return True
