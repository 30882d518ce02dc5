"""Playing a game: new_game, current_player, legal_actions and apply_action (§3-§5, §8).

`apply_action(state, action)` checks the move, then returns the new state and the
events it caused; it never changes `state`. How a round ends and what it costs is in
`scoring.py`; dealing and the first dealer in `dealing.py`; this module deals each next
round once scoring has ended one (`_deal_on`). Turn order is in `turns.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from . import dealing, levels, scoring
from .actions import (
    AGREEMENTS,
    DISCARD_PILE,
    DRAWS_FROM_DISCARDS,
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
    Stand,
    ThrowDown,
)
from .cards import Card, without
from .errors import N_, EngineError, IllegalAction
from .events import Event, EventData
from .hands import format_value, hand_value, is_blitz, is_three_aces
from .randomness import DeckSource
from .rules import Rules
from .state import DISCARD, DRAW, OVER, ROUND_OVER, THROW_DOWN, WIDOW, GameState, PlayerState
from .turns import next_seat


def new_game(
    rules: Rules,
    seats: int | Sequence[str],
    deck_source: DeckSource,
    dealer: int | None = None,
    *,
    lives: Sequence[int] | None = None,
    deals: int | None = None,
) -> tuple[GameState, list[Event]]:
    """Seat the players, choose the first dealer and deal the first round.

    `seats` is a number of players or their names, in clockwise order. `dealer`: the
    seat that deals first, chosen by the players or a tournament (which balances who
    deals first over its rounds), instead of the rules' `first_dealer` method; rules
    whose `first_dealer` is "chosen" need it.

    A tournament playing deal by deal (knockout, duplicate) also gives `lives`, each
    seat's lives at the start (lives scoring; 0 = on the county), and `deals`, the
    number of deals after which the game ends whoever is still in. Both are recorded
    in `game_started`, so a replay starts the same game.
    """
    names = (
        tuple(f"Player {i + 1}" for i in range(seats)) if isinstance(seats, int) else tuple(seats)
    )
    if not 2 <= len(names) <= rules.max_players:
        raise EngineError(
            N_("A game needs 2 to %(most)s players, not %(count)s."),
            most=rules.max_players,
            count=len(names),
        )
    if any(not name.strip() for name in names) or len(set(names)) != len(names):
        raise EngineError(N_("Every player needs a name of their own."))
    if dealer is not None and not 0 <= dealer < len(names):
        raise EngineError(
            N_("The first dealer must be one of the %(count)s seats."), count=len(names)
        )
    if dealer is None and rules.first_dealer == "chosen":
        raise EngineError(N_("At this table the players choose the first dealer: say who deals."))
    players = _starting_players(rules, len(names), lives)
    if deals is not None and deals < 1:
        raise EngineError(N_("A game of a fixed number of deals needs at least one deal."))
    state = GameState(
        rules=rules,
        names=names,
        players=players,
        hands=((),) * len(names),
        round_no=0,
        dealer=0,
        phase=DRAW,
        turn=None,
        stock=(),
        discard=(),
        discard_owner=None,
        widow=(),
        widow_open=False,
        knocker=None,
        turns_taken=0,
        drawn=None,
        taken=None,
        kitty=0,
        pot=0,
        last_round=None,
        outcome=None,
        deck_source=deck_source,
        last_deal=deals,
    )
    start: EventData = {"rules": rules.to_dict(), "names": names}
    if lives is not None:
        start["lives"] = tuple(lives)
    if deals is not None:
        start["deals"] = deals
    events = [Event("game_started", data=start)]
    state = dealing.choose_first_dealer(state, events, dealer)
    return _deal_on(dealing.start_round(state, events), events), events


def _starting_players(
    rules: Rules, count: int, lives: Sequence[int] | None
) -> tuple[PlayerState, ...]:
    if lives is None:
        return (PlayerState(lives=rules.lives, points=0, chips=rules.chips),) * count
    if rules.scoring != "lives":
        raise EngineError(N_("Starting lives are given only for games scored in lives."))
    if len(lives) != count or any(not 0 <= n <= rules.lives for n in lives):
        raise EngineError(
            N_("Give each of the %(count)s players 0 to %(most)s lives."),
            count=count,
            most=rules.lives,
        )
    if not rules.county and 0 in lives:
        raise EngineError(N_("Without a county, a player with no lives is out."))
    return tuple(PlayerState(lives=n, points=0, chips=rules.chips) for n in lives)


def _deal_on(state: GameState, events: list[Event]) -> GameState:
    """Deal the next round while a round has ended and the game goes on. Scoring ends a
    round and says whether the game is over; this module drives the game from round to
    round (a round can end on its deal, a blitz, so the next is dealt again)."""
    while state.phase == ROUND_OVER and state.outcome is None and scoring.deals_on(state):
        state = dealing.start_round(state, events)
    return state


def current_player(state: GameState) -> int | None:
    """Whose turn it is, or None when the game is over."""
    return state.turn


def legal_actions(state: GameState, seat: int) -> list[Action]:
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
    if _draw_refusal(state, seat, STOCK) is None:
        actions.append(DRAWS_FROM_STOCK[seat])
    if _draw_refusal(state, seat, DISCARD_PILE) is None:
        actions.append(DRAWS_FROM_DISCARDS[seat])
    if _knock_refusal(state, seat, state.hands[seat], after_draw=False) is None:
        actions.append(KNOCKS[seat])
    if _stand_refusal(state, seat) is None:
        actions.append(Stand(seat))
    if state.rules.widow and state.hands[seat]:  # with no cards, nothing to exchange
        if state.widow_open:
            actions.extend(_legal_exchanges(state, seat))
        else:
            actions.append(OpenWidow(seat))
    return actions


def _legal_discards(state: GameState, seat: int) -> list[Action]:
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
            if _knock_refusal(state, seat, kept, after_draw=True) is None:
                actions.append(Discard(seat, cards, knock=True))
    return actions


def _legal_exchanges(state: GameState, seat: int) -> list[Action]:
    hand = state.hands[seat]
    return [
        Exchange(seat, give, take)
        for size in range(1, min(len(hand), len(state.widow)) + 1)
        for give in combinations(hand, size)
        for take in combinations(state.widow, size)
    ]


def apply_action(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """The state after `action`, and the events it caused. Raises IllegalAction
    (with a message for the player) and leaves nothing changed if it is not allowed."""
    if state.phase == OVER:
        raise IllegalAction(N_("The game is over."))
    if state.phase == ROUND_OVER:
        raise IllegalAction(N_("This imagined round is over."))
    if isinstance(action, AGREEMENTS):  # any player still in, at any time
        agreed: list[Event] = []
        return levels.apply(state, action, agreed), agreed
    turn = state.seat_on_turn
    if action.seat != turn:
        if not 0 <= action.seat < len(state.names):
            raise IllegalAction(N_("There is no such seat at this table."))
        raise IllegalAction(
            N_("It is %(turn)s's turn, not %(seat)s's."),
            turn=state.names[turn],
            seat=state.names[action.seat],
        )
    events: list[Event] = []
    played = _play(state, action, events)
    if played is None:
        raise IllegalAction(_wrong_phase_message(state, action))
    return _deal_on(played, events), events


def apply_legal(state: GameState, action: Action) -> GameState:
    """The state after `action`, which the caller knows to be legal (a bot's imagined
    play): what `apply_action` returns, without checking the move or keeping its
    events. The common moves (a draw, one card discarded without a knock) take a short
    way; the rest go through `apply_action`."""
    phase = state.phase
    if isinstance(action, Draw) and phase == DRAW:
        seat = action.seat
        if action.source == STOCK:
            stock = state.stock
            if not stock:
                return apply_action(state, action)[0]  # reshuffles the discard pile
            return _drawn_from_stock(state, seat)
        return _drawn_from_discard(state, seat)
    if (
        isinstance(action, Discard)
        and phase == DISCARD
        and not action.knock
        and len(action.cards) == 1
    ):
        seat, cards = action.seat, action.cards
        discard = state.discard
        kept = without(state.hands[seat], cards)
        buried = state.buried_owners + (state.discard_owner,) if discard else state.buried_owners
        following = passes_to(
            state, seat, kept, state.knocker, state.turns_taken, bool(state.stock)
        )
        if following is not None:  # one new state, as `_discard` makes it
            return state._replace(
                hands=_with_hand(state, seat, kept),
                discard=discard + cards,
                discard_owner=seat,
                buried_owners=buried,
                turn=following,
                phase=DRAW,
                turns_taken=state.turns_taken + 1,
                drawn=None,
                taken=None,
            )
        state = state._replace(
            hands=_with_hand(state, seat, kept),
            discard=discard + cards,
            discard_owner=seat,
            buried_owners=buried,
        )
        events: list[Event] = []
        return _deal_on(_end_turn(state, events), events)
    return apply_action(state, action)[0]


def _play(state: GameState, action: Action, events: list[Event]) -> GameState | None:
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


def _wrong_phase_message(state: GameState, action: Action) -> str:
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


# Why a move is refused: (message, values), what `IllegalAction` is made of. The
# refusals are asked for far more often than they are raised (`legal_actions`), so
# they are plain tuples until then.
Refusal = tuple[str, dict[str, Any]]


def _draw_refusal(state: GameState, seat: int, source: str) -> Refusal | None:
    """Why `seat` may not draw from `source` now, or None if they may."""
    if source == STOCK:
        if state.stock:
            return None
        if state.rules.empty_stock == "draw":
            return N_("The stock is empty: take the top discard."), {}
        if len(state.discard) < 2:
            return N_("The stock is empty and there is nothing to shuffle into a new one."), {}
        return None
    if source != DISCARD_PILE:
        return (
            N_("You can draw from the stock or the discard pile, not %(source)r."),
            {"source": source},
        )
    if not state.discard:
        return N_("The discard pile is empty."), {}
    if not state.rules.take_own_discard and state.discard_owner == seat:
        return N_("At this table you can't take back the card you discarded."), {}
    return None


def _draw(state: GameState, action: Draw, events: list[Event]) -> GameState:
    seat = action.seat
    refusal = _draw_refusal(state, seat, action.source)
    if refusal:
        raise IllegalAction(refusal[0], **refusal[1])
    if action.source == STOCK:
        if not state.stock:
            state = dealing.reshuffle(state, events)
        events.append(Event("drew", seat, {"source": STOCK}, {"card": state.stock[0]}, seat))
        return _drawn_from_stock(state, seat)
    events.append(Event("drew", seat, {"source": DISCARD_PILE, "card": state.discard[-1]}))
    return _drawn_from_discard(state, seat)


def _drawn_from_stock(state: GameState, seat: int) -> GameState:
    """`seat` has drawn the top of the (non-empty) stock (`_draw`, `apply_legal`)."""
    card = state.stock[0]
    return state._replace(
        stock=state.stock[1:],
        taken=None,
        phase=DISCARD,
        drawn=card,
        hands=_with_hand(state, seat, state.hands[seat] + (card,)),
    )


def _drawn_from_discard(state: GameState, seat: int) -> GameState:
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
        hands=_with_hand(state, seat, state.hands[seat] + (card,)),
    )


def _knock_refusal(
    state: GameState, seat: int, hand: tuple[Card, ...], *, after_draw: bool
) -> Refusal | None:
    """Why `seat` may not knock now with `hand`, or None if they may."""
    rules = state.rules
    if rules.knock_after_draw != after_draw:
        if rules.knock_after_draw:
            return N_("At this table you knock after drawing, as you discard."), {}
        return N_("Knock at the start of your turn, instead of drawing."), {}
    if state.knocker is not None:
        return N_("Someone has already knocked this round."), {}
    if rules.no_knock_when_all_on_county and scoring.all_on_county(state):
        return N_("Everyone is on the county: no knocking; play on until someone has 31."), {}
    if rules.no_knock_first_round and state.turns_taken < len(state.active_seats()):
        return N_("No one may knock until everyone has had a turn."), {}
    if rules.knock_min:
        value = hand_value(hand, rules)
        if value < rules.knock_min:
            return (
                N_("You need at least %(least)s to knock; your hand is worth %(value)s."),
                {"least": rules.knock_min, "value": format_value(value)},
            )
    return None


def _knock(state: GameState, action: Knock, events: list[Event]) -> GameState:
    refusal = _knock_refusal(state, action.seat, state.hands[action.seat], after_draw=False)
    if refusal:
        raise IllegalAction(refusal[0], **refusal[1])
    events.append(Event("knocked", action.seat))
    return _end_turn(state._replace(knocker=action.seat), events)


def _stand_refusal(state: GameState, seat: int) -> Refusal | None:
    if not state.rules.allow_stand:
        return N_("Standing is not allowed at this table."), {}
    if state.knocker is None or state.knocker == seat:
        return N_("You may stand only in your last turn after someone else knocked."), {}
    return None


def _stand(state: GameState, action: Stand, events: list[Event]) -> GameState:
    refusal = _stand_refusal(state, action.seat)
    if refusal:
        raise IllegalAction(refusal[0], **refusal[1])
    events.append(Event("stood", action.seat))
    return _end_turn(state, events)


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
        refusal = _knock_refusal(state, seat, kept, after_draw=True)
        if refusal:
            raise IllegalAction(refusal[0], **refusal[1])
    events.append(Event("discarded", seat, {"cards": cards, "knock": action.knock}))
    if len(cards) == 1 and state.discard:
        # The common discard, the turn's end and all in one new state, when the turn
        # only passes (the same state `_end_turn` makes from the one below).
        knocker = seat if action.knock else state.knocker
        following = passes_to(state, seat, kept, knocker, state.turns_taken, bool(state.stock))
        if following is not None:
            return state._replace(
                hands=_with_hand(state, seat, kept),
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
        hands=_with_hand(state, seat, kept),
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
    return _end_turn(state, events)


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
    state = state._replace(hands=_with_hand(state, seat, new_hand), widow=widow)
    return _end_turn(state, events)


# ---- turn order -------------------------------------------------------------------


def passes_to(
    state: GameState,
    seat: int,
    hand: tuple[Card, ...],
    knocker: int | None,
    turns_taken: int,
    stock_left: bool,
) -> int | None:
    """The seat the turn passes to when `seat` ends a turn keeping `hand` (`knocker`,
    `turns_taken` before this turn and whether a stock is left as they are then), or
    None when the turn's end does more than pass it (`_end_turn`): a hand that ends
    the round or the game, the knocker's turn come round, `max_turns` reached, or an
    empty stock that draws the round (or may leave the next player no move). `state`
    gives the rules and the players, which a turn does not change."""
    ending, following = _turn_end(state, seat, hand, knocker, turns_taken, stock_left)
    return following if ending is None else None


# What ends with a turn, besides the turn itself (`_turn_end`).
_THREE_ACES, _THIRTY_ONE, _BLITZ, _SHOWDOWN, _MAX_TURNS, _EMPTY_STOCK = range(6)


def _turn_end(
    state: GameState,
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


def _end_turn(state: GameState, events: list[Event]) -> GameState:
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
            return _end_turn(state, events)
    return state


def _with_hand(state: GameState, seat: int, hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    hands = list(state.hands)  # two allocations, where slicing and joining take five
    hands[seat] = hand
    return tuple(hands)
