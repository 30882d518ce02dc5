"""The first dealer, the deal of each round, and reshuffling the stock (docs/rules.md §3, §8)."""

from __future__ import annotations

from collections.abc import Sequence

from . import scoring
from .cards import JOKER_INDEX, Card, full_deck
from .errors import N_, EngineError
from .events import Event
from .hands import is_blitz, is_three_aces
from .randomness import DeckSource
from .state import DRAW, THROW_DOWN, GameState
from .turns import deal_order, next_seat


def choose_first_dealer(
    state: GameState, events: list[Event], chosen: int | None = None
) -> GameState:
    """The first dealer: `chosen` (a seat picked by the players or a tournament; no
    randomness is used), else by the rules' `first_dealer` method."""
    if chosen is not None:
        events.append(
            Event("dealer_chosen", data={"method": "chosen", "dealer": chosen, "draws": ()})
        )
        return state._replace(dealer=chosen)
    seats = list(range(len(state.names)))
    method = state.rules.first_dealer
    if method == "random":
        dealer = _source(state).randbelow(len(seats))
        events.append(
            Event(
                "dealer_chosen",
                data={"method": method, "dealer": dealer, "draws": (), "pick": dealer},
            )
        )
        return state._replace(dealer=dealer)
    deck = _shuffled(state, full_deck(state.rules.jokers))
    draws: list[tuple[int, Card]] = []
    position = 0
    # Everyone draws; those tied for highest draw again from the same deck.
    while len(seats) > 1:
        drawn = list(zip(seats, deck[position : position + len(seats)], strict=True))
        position += len(seats)
        draws.extend(drawn)
        best = max(_dealer_rank(c, method) for _, c in drawn)
        seats = [seat for seat, c in drawn if _dealer_rank(c, method) == best]
    dealer = seats[0]
    events.append(
        Event(
            "dealer_chosen",
            data={"method": method, "dealer": dealer, "draws": tuple(draws)},
            secret={"deck": deck},
        )
    )
    return state._replace(dealer=dealer)


def _dealer_rank(card: Card, method: str) -> int:
    """High card: aces low (1), jacks 11, queens 12, kings 13. Cut: aces high.
    The joker is highest either way."""
    if card == JOKER_INDEX:
        return 15
    if method == "high_card" and card.rank == 14:
        return 1
    return card.rank


def start_round(state: GameState, events: list[Event]) -> GameState:
    """Rotate the deal (after the first round), collect antes, and deal."""
    if state.rules.scoring == "banking":
        # Players without chips are out first, so the deal skips them too.
        state = scoring.collect_antes(state, events)
        if state.outcome is not None:
            return state
    if state.round_no > 0:
        state = state._replace(dealer=next_seat(state, state.dealer))
    return deal(state, events)


def deal(state: GameState, events: list[Event]) -> GameState:
    rules = state.rules
    deck = _shuffled(state, full_deck(rules.jokers))
    order = deal_order(state)
    hands: dict[int, list[Card]] = {seat: [] for seat in order}
    widow: list[Card] = []
    position = 0
    for _ in range(3):
        for seat in order:
            hands[seat].append(deck[position])
            position += 1
        if rules.widow:
            widow.append(deck[position])
            position += 1
    up_card = deck[position]
    dealt = tuple(tuple(hands.get(seat, ())) for seat in range(len(state.players)))
    round_no = state.round_no + 1
    events.append(
        Event(
            "round_started",
            data={
                "round_no": round_no,
                "dealer": state.dealer,
                "up_card": up_card,
                "stock_count": len(deck) - position - 1,
                "pot": state.pot,
            },
            secret={"deck": deck},
        )
    )
    state = state._replace(
        hands=dealt,
        round_no=round_no,
        stock=deck[position + 1 :],
        discard=(up_card,),
        discard_owner=None,
        buried_owners=(),
        widow=tuple(widow),
        widow_open=False,
        knocker=None,
        turns_taken=0,
        drawn=None,
        taken=None,
        turn=order[0],
        phase=DRAW,
    )
    return _after_deal(state, order, events)


def _after_deal(state: GameState, order: list[int], events: list[Event]) -> GameState:
    """Hands that end the round (or game) on the deal are shown at once."""
    rules = state.rules
    if rules.three_aces_wins_game:
        for seat in order:
            if is_three_aces(state.hands[seat]):
                return scoring.game_won_at_once(state, seat, events, "three_aces")
    if rules.no_knock_when_all_on_county and scoring.all_on_county(state):
        for seat in order:
            if scoring.thirty_one(state, seat):
                return scoring.game_won_at_once(state, seat, events, "thirty_one")
    if rules.blitz_timing == "immediate":
        blitzers = tuple(s for s in order if is_blitz(state.hands[s], rules))
        if blitzers:
            return scoring.blitz(state, blitzers, events)
    if rules.throw_down:
        return state._replace(phase=THROW_DOWN)
    return state


def reshuffle(state: GameState, events: list[Event]) -> GameState:
    """The discard pile but its top card becomes a new, shuffled stock."""
    stock = _shuffled(state, state.discard[:-1])
    events.append(Event("reshuffled", data={"count": len(stock)}, secret={"stock": stock}))
    return state._replace(stock=stock, discard=state.discard[-1:], buried_owners=())


def _source(state: GameState) -> DeckSource:
    """Where the state's shuffles and picks come from; a state loaded only to be read
    has none, and cannot deal."""
    if state.deck_source is None:
        raise EngineError(N_("This game has no deck source to shuffle with."))
    return state.deck_source


def _shuffled(state: GameState, cards: Sequence[Card]) -> tuple[Card, ...]:
    result = tuple(_source(state).shuffled(cards))
    if sorted(result) != sorted(cards):
        raise EngineError(N_("The deck source did not return a shuffle of the cards it was given."))
    return result
