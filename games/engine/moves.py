"""The moves of the player on turn, each checked and made: the new state, and the
events it caused appended to the list given. `play` picks the move of the phase."""

from __future__ import annotations

from . import dealing, scoring
from .actions import (
    DISCARD_PILE,
    STOCK,
    Action,
    Discard,
    Draw,
    Exchange,
    Knock,
    Look,
    OpenWidow,
    Stand,
    ThrowDown,
)
from .cards import without
from .errors import N_, IllegalAction
from .events import Event
from .refusals import draw_refusal, knock_refusal, stand_refusal
from .state import DISCARD, DRAW, THROW_DOWN, WIDOW, GameState
from .turn_end import end_turn, passes_to, with_hand


def play(state: GameState, action: Action, events: list[Event]) -> GameState | None:
    """The move of the player on turn, made; None if it is not a move of this phase."""
    phase = state.phase
    if phase == DRAW:
        if isinstance(action, Draw):
            return _draw(state, action, events)
        if isinstance(action, Knock):
            return _knock(state, action, events)
        if isinstance(action, Stand):
            return _stand(state, action, events)
        if isinstance(action, OpenWidow):
            return _open_widow(state, action, events)
        if isinstance(action, Exchange):  # with the widow already face up (`widow_open`)
            return _exchange(state, action, events)
    elif phase == DISCARD:
        if isinstance(action, Discard):
            return _discard(state, action, events)
    elif phase == WIDOW:
        if isinstance(action, Exchange):
            return _exchange(state, action, events)
    elif phase == THROW_DOWN:
        if isinstance(action, Look):
            return _look(state, action, events)
        if isinstance(action, ThrowDown):
            return _throw_down(state, action, events)
    return None


def wrong_phase_message(state: GameState, action: Action) -> str:
    return {
        THROW_DOWN: N_("First choose: look at your cards or throw down."),
        DRAW: N_("Draw a card first (or knock, if you may)."),
        DISCARD: N_("You have drawn: now discard."),
        WIDOW: N_("The widow is face up: choose the cards to exchange."),
    }[state.phase]


# ---- the moves --------------------------------------------------------------------


def _look(state: GameState, action: Look, events: list[Event]) -> GameState:
    events.append(Event("looked", action.seat))
    return state._replace(phase=DRAW)


def _throw_down(state: GameState, action: ThrowDown, events: list[Event]) -> GameState:
    events.append(Event("thrown_down", action.seat))
    return scoring.showdown(state._replace(knocker=action.seat), events, "throw_down")


def _draw(state: GameState, action: Draw, events: list[Event]) -> GameState:
    seat = action.seat
    refusal = draw_refusal(state, seat, action.source)
    if refusal:
        raise IllegalAction(refusal[0], **refusal[1])
    if action.source == STOCK:
        if not state.stock:
            state = dealing.reshuffle(state, events)
        events.append(Event("drew", seat, {"source": STOCK}, {"card": state.stock[0]}, seat))
        return drawn_from_stock(state, seat)
    events.append(Event("drew", seat, {"source": DISCARD_PILE, "card": state.discard[-1]}))
    return drawn_from_discard(state, seat)


def drawn_from_stock(state: GameState, seat: int) -> GameState:
    """`seat` has drawn the top of the (non-empty) stock (`_draw`, `apply_legal`)."""
    card = state.stock[0]
    return state._replace(
        stock=state.stock[1:],
        taken=None,
        phase=DISCARD,
        drawn=card,
        hands=with_hand(state, seat, state.hands[seat] + (card,)),
    )


def drawn_from_discard(state: GameState, seat: int) -> GameState:
    """`seat` has taken the top of the discard pile (`_draw`, `apply_legal`)."""
    card = state.discard[-1]
    buried = state.buried_owners
    return state._replace(
        discard=state.discard[:-1],
        taken=card,
        discard_owner=buried[-1] if buried else None,
        buried_owners=buried[:-1],
        phase=DISCARD,
        drawn=card,
        hands=with_hand(state, seat, state.hands[seat] + (card,)),
    )


def _knock(state: GameState, action: Knock, events: list[Event]) -> GameState:
    refusal = knock_refusal(state, action.seat, state.hands[action.seat], after_draw=False)
    if refusal:
        raise IllegalAction(refusal[0], **refusal[1])
    events.append(Event("knocked", action.seat))
    return end_turn(state._replace(knocker=action.seat), events)


def _stand(state: GameState, action: Stand, events: list[Event]) -> GameState:
    refusal = stand_refusal(state, action.seat)
    if refusal:
        raise IllegalAction(refusal[0], **refusal[1])
    events.append(Event("stood", action.seat))
    return end_turn(state, events)


def _discard(state: GameState, action: Discard, events: list[Event]) -> GameState:
    seat, cards, rules = action.seat, action.cards, state.rules
    hand = state.hands[seat]
    if not rules.hidden_discards and len(cards) != 1:
        raise IllegalAction(N_("Discard exactly one card."))
    if len(cards) > 1 and len(set(cards)) != len(cards):
        raise IllegalAction(N_("You named the same card twice."))
    for c in cards:
        if c not in hand:
            raise IllegalAction(N_("%(card)s is not in your hand."), card=c)
    if state.taken is not None and state.taken in cards:
        raise IllegalAction(N_("You can't discard the card you just took from the discard pile."))
    kept = without(hand, cards)
    if len(kept) > 3:
        raise IllegalAction(N_("You must end your turn with at most three cards."))
    if action.knock:
        refusal = knock_refusal(state, seat, kept, after_draw=True)
        if refusal:
            raise IllegalAction(refusal[0], **refusal[1])
    events.append(Event("discarded", seat, {"cards": cards, "knock": action.knock}))
    if len(cards) == 1 and state.discard:
        # The common discard, the turn's end and all in one new state, when the turn
        # only passes (the same state `end_turn` makes from the one below).
        knocker = seat if action.knock else state.knocker
        following = passes_to(state, seat, kept, knocker, state.turns_taken, bool(state.stock))
        if following is not None:
            return state._replace(
                hands=with_hand(state, seat, kept),
                discard=state.discard + cards,
                discard_owner=seat,
                buried_owners=state.buried_owners + (state.discard_owner,),
                knocker=knocker,
                turn=following,
                phase=DRAW,
                turns_taken=state.turns_taken + 1,
                drawn=None,
                taken=None,
            )
    state = state._replace(
        hands=with_hand(state, seat, kept),
        discard=state.discard + cards if cards else state.discard,
        discard_owner=seat if cards else state.discard_owner,
        buried_owners=(
            state.buried_owners
            + (state.discard_owner,) * bool(state.discard)
            + (seat,) * (len(cards) - 1)
            if cards
            else state.buried_owners
        ),
        knocker=seat if action.knock else state.knocker,
    )
    return end_turn(state, events)


def _open_widow(state: GameState, action: OpenWidow, events: list[Event]) -> GameState:
    if not state.rules.widow:
        raise IllegalAction(N_("There is no widow at this table."))
    if state.widow_open:
        raise IllegalAction(N_("The widow is already face up: choose cards to exchange."))
    if not state.hands[action.seat]:
        raise IllegalAction(N_("You hold no cards to exchange with the widow."))
    events.append(Event("widow_opened", action.seat, {"widow": state.widow}))
    return state._replace(widow_open=True, phase=WIDOW)


def _exchange(state: GameState, action: Exchange, events: list[Event]) -> GameState:
    seat, give, take = action.seat, action.give, action.take
    if not state.rules.widow:
        raise IllegalAction(N_("There is no widow at this table."))
    if not state.widow_open:
        raise IllegalAction(N_("Turn the widow face up first."))
    hand = state.hands[seat]
    if not 1 <= len(give) <= 3 or len(give) != len(take):
        raise IllegalAction(N_("Exchange one to three of your cards for as many widow cards."))
    if len(set(give)) != len(give) or len(set(take)) != len(take):
        raise IllegalAction(N_("You named the same card twice."))
    for c in give:
        if c not in hand:
            raise IllegalAction(N_("%(card)s is not in your hand."), card=c)
    for c in take:
        if c not in state.widow:
            raise IllegalAction(N_("%(card)s is not in the widow."), card=c)
    new_hand = without(hand, give) + take
    widow = tuple(c for c in state.widow if c not in take) + give
    events.append(Event("exchanged", seat, {"gave": give, "took": take}))
    state = state._replace(hands=with_hand(state, seat, new_hand), widow=widow)
    return end_turn(state, events)
