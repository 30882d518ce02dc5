"""What the end of a turn brings: the turn passing on, or a hand, a knock come round,
a turn limit or an empty stock that ends the round or the game (docs/rules.md §6)."""

from __future__ import annotations

from . import scoring
from .cards import Card
from .events import Event
from .hands import hand_value, is_blitz, is_three_aces
from .legal import legal_actions
from .state import DRAW, GameState, StateView
from .turns import next_seat


def passes_to(
    state: StateView,
    seat: int,
    hand: tuple[Card, ...],
    knocker: int | None,
    turns_taken: int,
    stock_left: bool,
) -> int | None:
    """The seat the turn passes to when `seat` ends a turn keeping `hand` (`knocker`,
    `turns_taken` before this turn and whether a stock is left as they are then), or
    None when the turn's end does more than pass it (`end_turn`): a hand that ends
    the round or the game, the knocker's turn come round, `max_turns` reached, or an
    empty stock that draws the round (or may leave the next player no move). `state`
    gives the rules and the players, which a turn does not change."""
    ending, following = _turn_end(state, seat, hand, knocker, turns_taken, stock_left)
    return following if ending is None else None


# What ends with a turn, besides the turn itself (`_turn_end`).
_THREE_ACES, _THIRTY_ONE, _BLITZ, _SHOWDOWN, _MAX_TURNS, _EMPTY_STOCK = range(6)


def _turn_end(
    state: StateView,
    seat: int,
    hand: tuple[Card, ...],
    knocker: int | None,
    turns_taken: int,
    stock_left: bool,
) -> tuple[int | None, int]:
    """What the end of `seat`'s turn holding `hand` brings (None: only the next turn,
    or an empty stock to look at: `_EMPTY_STOCK`), and the seat after `seat` (-1 when a
    hand that ends the round or game was shown first). The questions of the rules, in
    the order they are asked (docs/rules.md §6)."""
    rules = state.rules
    if rules.three_aces_wins_game and is_three_aces(hand):
        return _THREE_ACES, -1
    if (
        rules.no_knock_when_all_on_county
        and scoring.all_on_county(state)
        and hand_value(hand, rules) == 31
    ):
        return _THIRTY_ONE, -1
    if rules.blitz_timing == "immediate" and is_blitz(hand, rules):
        return _BLITZ, -1
    following = next_seat(state, seat)
    if knocker is not None:
        if following == knocker:
            return _SHOWDOWN, following
    elif turns_taken + 1 >= rules.max_turns:
        return _MAX_TURNS, following
    if not stock_left and rules.empty_stock == "draw":
        return _EMPTY_STOCK, following
    return None, following


def end_turn(state: GameState, events: list[Event]) -> GameState:
    """After a turn: a hand that ends the round or game is shown, else the next turn."""
    seat = state.seat_on_turn
    ending, following = _turn_end(
        state, seat, state.hands[seat], state.knocker, state.turns_taken, bool(state.stock)
    )
    if ending == _THREE_ACES:
        return scoring.game_won_at_once(state, seat, events, "three_aces")
    if ending == _THIRTY_ONE:
        return scoring.game_won_at_once(state, seat, events, "thirty_one")
    if ending == _BLITZ:
        return scoring.blitz(state, (seat,), events)
    if ending == _SHOWDOWN:
        return scoring.showdown(state, events, "knock")
    if ending == _MAX_TURNS:
        return scoring.round_drawn(state, events, "max_turns")
    state = state._replace(
        turn=following, phase=DRAW, turns_taken=state.turns_taken + 1, drawn=None, taken=None
    )
    if ending == _EMPTY_STOCK:  # no stock, and the rules draw no new one
        if state.knocker is None:
            return scoring.round_drawn(state, events, "stock_empty")
        if not legal_actions(state, following):
            # Only possible after a knock with no stock and no discard this player may
            # take: they keep their hand, as a player who stands would.
            events.append(Event("passed", following))
            return end_turn(state, events)
    return state


def with_hand(state: GameState, seat: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    hands = list(state.hands)  # two allocations, where slicing and joining take five
    hands[seat] = hand
    return tuple(hands)
