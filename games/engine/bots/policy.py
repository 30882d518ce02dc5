"""The rollouts' player (`policy_action`): a quick, sensible move for a seat from its own
hand and the public facts, so the imagined opponents of the hard bot's search do not
cheat either; with `reads_hands`, the searching seat's own knock is judged by the
world's hands (see `rollout`)."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import STOCK, Action, Discard, Draw, Exchange, Knock, Look, OpenWidow
from ..cards import Card, without
from ..game import legal_actions
from ..hands import HandKey
from ..rules import Rules
from ..state import DISCARD, DRAW, THROW_DOWN, WIDOW, GameState, PlayerState
from .common import best_take, draw_gains, players_after, strength
from .knock_risk import chance_lowest
from .knocking import KnockParams, lives_ratio, wants_to_knock


def policy_action(
    state: GameState,
    seat: int,
    order: Sequence[int],
    params: KnockParams,
    reads_hands: bool = False,
) -> Action:
    """A quick, sensible move for `seat` from its own hand and the public facts; with
    `reads_hands`, its knock is judged by the other hands of `state` (see `rollout`)."""
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
            elif wants_to_knock_memoised(
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


def wants_to_knock_memoised(
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
    if may_knock and wants_to_knock_memoised(
        best_key[0], seat, order, state.turns_taken, state.players[seat], rules, params
    ):
        knock = Discard(seat, best.cards, knock=True)
        if knock in legal:
            return knock
    return best
