"""Every move a seat may make now (`legal_actions`): what the bots choose from and the
page offers."""

from __future__ import annotations

from itertools import combinations

from .actions import (
    DISCARD_PILE,
    DRAWS_FROM_DISCARDS,
    DRAWS_FROM_STOCK,
    KNOCKS,
    ONE_CARD_DISCARDS,
    STOCK,
    Action,
    Discard,
    Exchange,
    Look,
    OpenWidow,
    Stand,
    ThrowDown,
)
from .cards import Card, without
from .refusals import draw_refusal, knock_refusal, stand_refusal
from .state import DISCARD, THROW_DOWN, WIDOW, StateView


def legal_actions(state: StateView, seat: int) -> list[Action]:
    """Every move `seat` may make now (empty when it is not their turn)."""
    if seat != state.turn:
        return []
    phase = state.phase
    if phase == THROW_DOWN:
        return [Look(seat), ThrowDown(seat)]
    if phase == DISCARD:
        return _legal_discards(state, seat)
    if phase == WIDOW:
        return _legal_exchanges(state, seat)
    actions: list[Action] = []
    if draw_refusal(state, seat, STOCK) is None:
        actions.append(DRAWS_FROM_STOCK[seat])
    if draw_refusal(state, seat, DISCARD_PILE) is None:
        actions.append(DRAWS_FROM_DISCARDS[seat])
    if knock_refusal(state, seat, state.hands[seat], after_draw=False) is None:
        actions.append(KNOCKS[seat])
    if stand_refusal(state, seat) is None:
        actions.append(Stand(seat))
    if state.rules.widow and state.hands[seat]:  # with no cards, nothing to exchange
        if state.widow_open:
            actions.extend(_legal_exchanges(state, seat))
        else:
            actions.append(OpenWidow(seat))
    return actions


def _legal_discards(state: StateView, seat: int) -> list[Action]:
    hand = state.hands[seat]
    taken = state.taken
    rules = state.rules
    if not rules.hidden_discards and not rules.knock_after_draw:  # the common game
        discards = ONE_CARD_DISCARDS[seat]
        return [discards[c] for c in hand if c != taken]
    candidates = [c for c in hand if c != taken]
    if rules.hidden_discards:
        options: list[tuple[Card, ...]] = [()] if len(hand) <= 3 else []
        for size in range(1, len(candidates) + 1):
            for chosen in combinations(candidates, size):
                # Any one of the chosen cards may lie on top; the rest lie under it.
                for top in chosen:
                    options.append(tuple(c for c in chosen if c != top) + (top,))
    else:
        options = [(c,) for c in candidates]
    actions: list[Action] = [Discard(seat, cards) for cards in options]
    if rules.knock_after_draw:
        for cards in options:
            kept = without(hand, cards)
            if knock_refusal(state, seat, kept, after_draw=True) is None:
                actions.append(Discard(seat, cards, knock=True))
    return actions


def _legal_exchanges(state: StateView, seat: int) -> list[Action]:
    hand = state.hands[seat]
    return [
        Exchange(seat, give, take)
        for size in range(1, min(len(hand), len(state.widow)) + 1)
        for give in combinations(hand, size)
        for take in combinations(state.widow, size)
    ]
