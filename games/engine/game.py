"""Playing a game: new_game, current_player, legal_actions and apply_action (§3-§5, §8).

`apply_action(state, action)` checks the move, then returns the new state and the
events it caused; it never changes `state`. The moves themselves are in `moves.py`, why
one is refused in `refusals.py`, the moves a seat may make in `legal.py` and what the
end of a turn brings in `turn_end.py`. How a round ends and what it costs is in
`scoring.py`; dealing and the first dealer in `dealing.py`; this module deals each next
round once scoring has ended one (`_deal_on`). Turn order is in `turns.py`.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import dealing, levels, scoring
from .actions import AGREEMENTS, STOCK, Action, Discard, Draw
from .cards import without
from .errors import N_, EngineError, IllegalAction
from .events import Event, EventData
from .legal import legal_actions
from .moves import drawn_from_discard, drawn_from_stock, play, wrong_phase_message
from .randomness import DeckSource
from .rules import Rules
from .state import DISCARD, DRAW, OVER, ROUND_OVER, GameState, PlayerState
from .turn_end import end_turn, passes_to, with_hand

__all__ = [
    "apply_action",
    "apply_legal",
    "current_player",
    "legal_actions",
    "new_game",
    "passes_to",
]


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
    played = play(state, action, events)
    if played is None:
        raise IllegalAction(wrong_phase_message(state, action))
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
            return drawn_from_stock(state, seat)
        return drawn_from_discard(state, seat)
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
        if following is not None:  # one new state, as `moves._discard` makes it
            return state._replace(
                hands=with_hand(state, seat, kept),
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
            hands=with_hand(state, seat, kept),
            discard=discard + cards,
            discard_owner=seat,
            buried_owners=buried,
        )
        events: list[Event] = []
        return _deal_on(end_turn(state, events), events)
    return apply_action(state, action)[0]
