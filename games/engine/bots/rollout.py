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
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import (
    DRAWS_FROM_STOCK,
    KNOCKS,
    ONE_CARD_DISCARDS,
    STOCK,
    Action,
    Discard,
    Draw,
    Exchange,
    Knock,
    Look,
    OpenWidow,
)
from ..cards import Card, without
from ..game import apply_legal, legal_actions, passes_to
from ..hands import HandKey, hand_value, trio_keys
from ..rules import Rules
from ..scoring import all_on_county
from ..state import DISCARD, DRAW, ROUND_OVER, THROW_DOWN, WIDOW, GameState, PlayerState
from ..turns import play_order
from .common import best_take, draw_gains, equity, players_after, strength, trio_gains
from .inference import chance_lowest
from .knocking import KnockParams, lives_ratio, wants_to_knock


def play_out(
    state: GameState, me: int, params: KnockParams, max_actions: int, round_no: int
) -> tuple[float, int]:
    """Play `state` on to the end of round `round_no`; `me`'s equity then, and the
    number of actions it took. After `max_actions` the round is judged as if shown down
    now. (The move that led to `state` may already have ended the round: `state` is
    then the round's end, or the next deal in a world that deals on, and is judged as
    it stands.)

    Under the plain rules (no widow, hidden discards, throw-down or knock after the
    draw) the common moves are played on plain values (`_PlainRound`): the same moves
    and the same state as `play_out_by_steps`, in a third less time. Anything else, and
    every move that ends the round, goes through the engine."""
    if not _plain(state, round_no):
        return play_out_by_steps(state, me, params, max_actions, round_no)
    return _PlainRound(state, me, params).play(max_actions, round_no)


def play_out_after(
    state: GameState,
    action: Action,
    me: int,
    params: KnockParams,
    max_actions: int,
    round_no: int,
) -> tuple[float, int]:
    """`play_out` of the state after `me`'s legal `action` (its `apply_legal`): the
    hard bot's search of one candidate in one world. The actions counted leave out
    `action`."""
    if not _plain(state, round_no):
        return play_out(apply_legal(state, action), me, params, max_actions, round_no)
    return _PlainRound(state, me, params).play(max_actions, round_no, action)


def play_out_by_steps(
    state: GameState, me: int, params: KnockParams, max_actions: int, round_no: int
) -> tuple[float, int]:
    """`play_out`, one `policy_action` and `apply_legal` at a time: what the plain
    rounds' short way must match (tests/engine/test_rollouts.py)."""
    actions = 0
    order = tuple(play_order(state.dealer, [p.out for p in state.players]))
    while state.round_no == round_no and state.phase != ROUND_OVER and state.outcome is None:
        if actions >= max_actions:
            return _judge_now(state, me), actions
        seat = state.seat_on_turn
        state = apply_legal(state, policy_action(state, seat, order, params, seat == me))
        actions += 1
    return final_equity(state, me), actions


_PLAIN_PHASES = frozenset({DRAW, DISCARD})


def _plain(state: GameState, round_no: int) -> bool:
    """Whether `_PlainRound` plays `state` on: round `round_no` goes on in a draw or a
    discard, under rules where every move is a draw (from the stock or the discard
    pile), a knock, a stand or one card discarded."""
    rules = state.rules
    return (
        state.round_no == round_no
        and state.phase in _PLAIN_PHASES
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


class _PlainRound:
    """A round of the plain rules played on by `policy_action`'s choices, its state
    held in plain values instead of a new `GameState` per move: the hands (a list of
    tuples, each card in the order the engine keeps it), the stock (a tuple read from
    `next_card` on), the discard pile and its owners (lists), and the turn's facts.

    Only draws and discards that leave the round going are made here, as
    `game.apply_legal` makes them; a knock, a stand, a reshuffle and any discard after
    which `game._end_turn` would do more than pass the turn (a blitz, three aces, 31 on
    the county, the knocker's turn come round, `max_turns`, an empty stock that draws
    the round) are made by the engine on the state built back (`built`), which is then
    read again. Each choice is `policy_action`'s, worked out from the same memos of hand
    keys and draw gains, read inline (`trio_keys`, `trio_gains`)."""

    def __init__(self, state: GameState, me: int, params: KnockParams) -> None:
        rules = state.rules
        self.me = me
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
            if not _plain(state, round_no):
                return play_out(state, me, self.params, max_actions, round_no)
            self.load(state)
        actions = 0
        while True:
            if actions >= max_actions:
                return _judge_now(self.built(), me), actions
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
            if not _plain(state, round_no):
                value, used = play_out(state, me, self.params, max_actions - actions, round_no)
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
        if (
            self.knocker is None
            and not (rules.no_knock_when_all_on_county and self.all_on_county)
            and not (rules.no_knock_first_round and self.turns < len(self.order))
            and not (rules.knock_min and self.plain_value(a, b, c) < rules.knock_min)
        ):
            # A knock and a draw may be made: more than one move, so it is judged.
            if seat == self.me and self.reads_hands:
                knocks = self.safe_knock(seat, value)
            else:
                standing = self.state.players[seat]
                knocks = _wants_to_knock(
                    value, seat, self.order, self.turns, standing, rules, self.params
                )
            if knocks:
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


def final_equity(state: GameState, me: int) -> float:
    if state.outcome is not None:
        winners = state.outcome.winners
        return 1.0 / len(winners) if me in winners else 0.0
    return equity(state.players, me, state.rules)


def _judge_now(state: GameState, me: int) -> float:
    """A round cut short: score it as a showdown without a knocker."""
    rules = state.rules
    seats = state.active_seats()
    keys = {s: strength(state.hands[s], rules) for s in seats}
    players = list(state.players)
    if rules.no_knock_when_all_on_county and all(players[s].lives == 0 for s in seats):
        best = max(keys.values())  # the race to 31: the closest is likeliest to get there
        return 0.5 if keys[me] == best else 0.0
    if rules.scoring == "lives":
        low = min(keys.values())
        for s in seats:
            if keys[s] == low:
                p = players[s]
                players[s] = p._replace(out=True) if p.lives == 0 else p._replace(lives=p.lives - 1)
    elif rules.scoring == "points":
        high = max(keys.values())
        for s in seats:
            if keys[s] == high:
                players[s] = players[s]._replace(points=players[s].points + 1)
    else:
        high = max(keys.values())
        winners = [s for s in seats if keys[s] == high]
        for s in winners:
            players[s] = players[s]._replace(chips=players[s].chips + state.pot // len(winners))
    return equity(players, me, rules)


def policy_action(
    state: GameState,
    seat: int,
    order: Sequence[int],
    params: KnockParams,
    reads_hands: bool = False,
) -> Action:
    """A quick, sensible move for `seat` from its own hand and the public facts; with
    `reads_hands`, its knock is judged by the other hands of `state` (see above)."""
    legal = legal_actions(state, seat)
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    rules = state.rules
    hand = state.hands[seat]
    if phase == DISCARD:
        return _policy_discard(state, seat, legal, hand, order, params)
    if phase == DRAW:
        return _policy_draw(state, seat, legal, hand, order, params, reads_hands)
    if phase == WIDOW:
        return max(
            (a for a in legal if type(a) is Exchange),
            key=lambda a: strength(without(hand, a.give) + a.take, rules),
        )
    if phase == THROW_DOWN:
        return next(a for a in legal if type(a) is Look)
    return legal[0]


def _policy_draw(
    state: GameState,
    seat: int,
    legal: list[Action],
    hand: tuple[Card, ...],
    order: Sequence[int],
    params: KnockParams,
    reads_hands: bool,
) -> Action:
    rules = state.rules
    value = strength(hand, rules)[0]
    stock: Draw | None = None
    take: Draw | None = None
    exchanges: list[Exchange] = []
    for action in legal:
        if isinstance(action, Knock):
            if reads_hands and rules.scoring == "lives":
                if _safe_knock(state, seat, value, order, params):
                    return action
            elif _wants_to_knock(
                value, seat, order, state.turns_taken, state.players[seat], rules, params
            ):
                return action
        elif isinstance(action, Draw):
            if action.source == STOCK:
                stock = action
            else:
                take = action
        elif isinstance(action, Exchange):
            exchanges.append(action)
        elif isinstance(action, OpenWidow) and value < 16:
            return action
    expected = value + draw_gains(hand, rules)[1]
    if exchanges:
        best = max(exchanges, key=lambda a: strength(without(hand, a.give) + a.take, rules))
        if strength(without(hand, best.give) + best.take, rules)[0] >= expected + 1:
            return best
    if take is not None and (
        stock is None or best_take(hand, state.discard[-1], rules)[0] >= expected
    ):
        return take
    return stock or take or legal[0]


def _wants_to_knock(
    value: float,
    seat: int,
    order: Sequence[int],
    turns_taken: int,
    standing: PlayerState,
    rules: Rules,
    params: KnockParams,
) -> bool:
    """`wants_to_knock`, memoised: the rollouts of one decision ask the same few
    questions thousands of times. (Each answer is kept with its rules object, checked
    on reading, so rules made later at the same address are not mistaken for them.)"""
    key = (id(rules), value, seat, tuple(order), turns_taken, standing, params)
    found = _KNOCKS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    answer = wants_to_knock(value, seat, order, turns_taken, standing, rules, params)
    if len(_KNOCKS) > 50_000:
        _KNOCKS.clear()
    _KNOCKS[key] = (rules, answer)
    return answer


# By (id of the rules, value, seat, order, turns taken, standing, params).
_KNOCKS: dict[
    tuple[int, float, int, tuple[int, ...], int, PlayerState, KnockParams], tuple[Rules, bool]
] = {}


def _safe_knock(
    state: GameState, seat: int, value: float, order: Sequence[int], params: KnockParams
) -> bool:
    """Whether a knock with `value` is worth it, the chance of being caught lowest read
    from the other hands of `state` (each with one more draw from its stock)."""
    unseen = state.stock or state.discard[:-1]  # an empty stock is made from the pile
    others = ((state.hands[other],) for other in players_after(order, seat))
    top = state.discard[-1] if state.discard else None
    risk = chance_lowest(others, value, unseen, state.rules, top)
    return lives_ratio(risk, len(order), state.players[seat], state.rules, params) <= 1.0


def _policy_discard(
    state: GameState,
    seat: int,
    legal: list[Action],
    hand: tuple[Card, ...],
    order: Sequence[int],
    params: KnockParams,
) -> Action:
    rules = state.rules
    best: Discard | None = None
    best_key: HandKey | None = None
    best_kept: tuple[Card, ...] = ()
    may_knock = rules.knock_after_draw
    for action in legal:
        if not isinstance(action, Discard):
            continue  # none: in the discard phase every legal move is a discard
        cards = action.cards
        if action.knock:
            continue  # knocking: considered below
        if len(cards) == 1:
            i = hand.index(cards[0])  # `without`, for the one card of almost every discard
            kept = hand[:i] + hand[i + 1 :]
        elif cards:
            continue  # several cards at once: considered below
        else:
            kept = hand
        key = strength(kept, rules)
        if (
            best_key is None
            or key > best_key
            or (key == best_key and draw_gains(kept, rules)[1] > draw_gains(best_kept, rules)[1])
        ):
            best, best_key, best_kept = action, key, kept
    if best is None or best_key is None:
        # Never: a discard of one card (or, with three cards or fewer, of none) without
        # a knock is always legal.
        raise AssertionError("No discard of one card or none is legal.")
    if may_knock and _wants_to_knock(
        best_key[0], seat, order, state.turns_taken, state.players[seat], rules, params
    ):
        knock = Discard(seat, best.cards, knock=True)
        if knock in legal:
            return knock
    return best
