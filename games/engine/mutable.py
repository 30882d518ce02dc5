"""A game's state changed in place, with undo: for the bots' search and simulations,
never for the web layer (docs/engine.md#the-mutable-state).

`MutableState.of(state)` holds a `GameState`'s fields as plain attributes (the hands
and the piles in lists); `apply(action)` makes a move in place and returns an undo
record, `undo(record)` puts the state back exactly as it was (`frozen()` equal to the
state before). The rules are the immutable engine's, not a copy:

- the moves that only move cards and pass the turn (a draw that needs no reshuffle,
  one card discarded, a knock or a stand, when the turn's end only passes the turn)
  are made here after the same questions the engine asks, asked of this state
  (`refusals`, `turn_end.passes_to`: both read a `state.StateView`), with the same
  events when the caller keeps them;
- every other move (a reshuffle, a turn's end that ends the round, the deal of the
  next round, the widow, a throw-down, an agreement on levels, an illegal move) is
  made by `game.apply_action` on the state frozen back, which is then loaded; its undo
  record is that frozen state.

`tests/engine/test_mutable.py` plays random games of every preset both ways, step by
step (the same legal moves, events and states), and undoes random moves.

Undo restores the game, not the deck source's random stream: a shuffle made after an
undo is a new one (the hard bot's search gives each candidate a fresh `ImaginedDeck`
of the world's seed, so all meet the same later shuffles).
"""

from __future__ import annotations

from typing import Any

from .actions import DISCARD_PILE, STOCK, Action, Discard, Draw, Knock, Stand
from .cards import Card
from .errors import IllegalAction
from .events import Event
from .game import apply_action, apply_legal
from .legal import legal_actions
from .randomness import DeckSource
from .refusals import draw_refusal, knock_refusal, stand_refusal
from .rules import Rules
from .state import DISCARD, DRAW, GameState, LevelProposal, Outcome, PlayerState, RoundResult
from .turn_end import passes_to

# What an undo record holds: which move it undoes, then what that move changed.
_STOCK, _TAKE, _DISCARD, _ENDED, _WHOLE = range(5)
Undo = tuple[Any, ...]


def made_by_engine(record: Undo) -> GameState | None:
    """The state right after the move that returned `record`, when the engine made it
    (the state it returned, not copied again); else None."""
    return record[2] if record[0] == _WHOLE else None


class MutableState:
    """A `GameState` changed in place (see the module's docstring). Its attributes are
    the state's fields, but `stock` is reversed (its last card is drawn next) and the
    hands, the piles and the buried discards' owners are lists."""

    __slots__ = (
        "rules",
        "names",
        "players",
        "hands",
        "round_no",
        "dealer",
        "phase",
        "turn",
        "stock",
        "discard",
        "discard_owner",
        "widow",
        "widow_open",
        "knocker",
        "turns_taken",
        "drawn",
        "taken",
        "kitty",
        "pot",
        "last_round",
        "outcome",
        "deck_source",
        "buried_owners",
        "proposal",
        "last_deal",
    )

    rules: Rules
    names: tuple[str, ...]
    players: tuple[PlayerState, ...]
    hands: list[tuple[Card, ...]]
    round_no: int
    dealer: int
    phase: str
    turn: int | None
    stock: list[Card]  # reversed: stock[-1] is drawn next
    discard: list[Card]
    discard_owner: int | None
    widow: tuple[Card, ...]
    widow_open: bool
    knocker: int | None
    turns_taken: int
    drawn: Card | None
    taken: Card | None
    kitty: int
    pot: int
    last_round: RoundResult | None
    outcome: Outcome | None
    deck_source: DeckSource | None
    buried_owners: list[int | None]
    proposal: LevelProposal | None
    last_deal: int | None

    @classmethod
    def of(cls, state: GameState) -> MutableState:
        made = cls.__new__(cls)
        made.load(state)
        return made

    def load(self, state: GameState) -> None:
        """Become `state` (every field)."""
        (
            self.rules,
            self.names,
            self.players,
            hands,
            self.round_no,
            self.dealer,
            self.phase,
            self.turn,
            stock,
            discard,
            self.discard_owner,
            self.widow,
            self.widow_open,
            self.knocker,
            self.turns_taken,
            self.drawn,
            self.taken,
            self.kitty,
            self.pot,
            self.last_round,
            self.outcome,
            self.deck_source,
            buried,
            self.proposal,
            self.last_deal,
        ) = state
        self.hands = list(hands)
        self.stock = list(stock)
        self.stock.reverse()
        self.discard = list(discard)
        self.buried_owners = list(buried)

    def frozen(self) -> GameState:
        """The immutable state this one stands for."""
        stock = self.stock[::-1]
        values = (
            self.rules,
            self.names,
            self.players,
            tuple(self.hands),
            self.round_no,
            self.dealer,
            self.phase,
            self.turn,
            tuple(stock),
            tuple(self.discard),
            self.discard_owner,
            self.widow,
            self.widow_open,
            self.knocker,
            self.turns_taken,
            self.drawn,
            self.taken,
            self.kitty,
            self.pot,
            self.last_round,
            self.outcome,
            self.deck_source,
            tuple(self.buried_owners),
            self.proposal,
            self.last_deal,
        )
        return tuple.__new__(GameState, values)

    # ---- what `GameState` answers too (`state.StateView`) -----------------------------

    def active_seats(self) -> list[int]:
        return [seat for seat, p in enumerate(self.players) if not p.out]

    @property
    def seat_on_turn(self) -> int:
        turn = self.turn
        if turn is None:
            return self.frozen().seat_on_turn  # raises the engine's error
        return turn

    def legal_actions(self, seat: int) -> list[Action]:
        """`game.legal_actions` of this state."""
        return legal_actions(self, seat)

    # ---- moves and their undo ---------------------------------------------------------

    def apply(
        self, action: Action, events: list[Event] | None = None, *, checked: bool = True
    ) -> Undo:
        """Make `action` as `game.apply_action` makes it (the events it causes are added
        to `events`, if given); the record that `undo` takes back. An illegal move
        raises `IllegalAction` and changes nothing. `checked=False`: the caller knows
        the move is legal (a bot's imagined play, as `game.apply_legal`), so it is not
        checked again."""
        seat = self.turn
        if seat is not None and action.seat == seat:
            phase = self.phase
            record: Undo | None = None
            if type(action) is Draw and phase == DRAW:
                record = self._draw(seat, action.source, events, checked)
            elif type(action) is Discard and phase == DISCARD:
                record = self._discard(seat, action, events, checked)
            elif type(action) is Knock and phase == DRAW:
                record = self._knock_or_stand(seat, True, events, checked)
            elif type(action) is Stand and phase == DRAW:
                record = self._knock_or_stand(seat, False, events, checked)
            if record is not None:
                return record
        return self._by_engine(action, events, checked)

    def undo(self, record: Undo) -> None:
        """Take back the move that returned `record` (the last one not yet undone)."""
        kind = record[0]
        if kind == _WHOLE:
            self.load(record[1])
            return
        if kind == _STOCK:
            _, seat, hand = record
            self.stock.append(self.hands[seat][-1])
            self.drawn = self.taken = None
        elif kind == _TAKE:
            _, seat, hand, owner, had_buried = record
            self.discard.append(self.hands[seat][-1])
            if had_buried:
                self.buried_owners.append(self.discard_owner)
            self.discard_owner = owner
            self.drawn = self.taken = None
        elif kind == _DISCARD:
            _, seat, hand, owner, buried, turns, drawn, taken = record
            self.discard.pop()
            if buried:
                self.buried_owners.pop()
            self.discard_owner = owner
            self.turns_taken, self.drawn, self.taken = turns, drawn, taken
            self.turn, self.phase = seat, DISCARD
            self.hands[seat] = hand
            return
        else:  # _ENDED: a knock or a stand that passed the turn
            _, seat, knocker, turns, drawn, taken = record
            self.knocker, self.turns_taken, self.turn = knocker, turns, seat
            self.drawn, self.taken = drawn, taken
            return
        self.hands[seat] = hand
        self.phase = DRAW

    def _by_engine(self, action: Action, events: list[Event] | None, checked: bool) -> Undo:
        before = self.frozen()
        if checked or events is not None:
            after, caused = apply_action(before, action)
            if events is not None:
                events.extend(caused)
        else:
            after = apply_legal(before, action)
        self.load(after)
        return (_WHOLE, before, after)

    def _draw(
        self, seat: int, source: str, events: list[Event] | None, checked: bool
    ) -> Undo | None:
        if source == STOCK:
            stock = self.stock
            if not stock:
                return None  # a reshuffle first, or a refusal: the engine's
            card = stock.pop()
            hand = self.hands[seat]
            self.hands[seat] = hand + (card,)
            self.drawn, self.taken, self.phase = card, None, DISCARD
            if events is not None:
                events.append(Event("drew", seat, {"source": STOCK}, {"card": card}, seat))
            return (_STOCK, seat, hand)
        if checked and draw_refusal(self, seat, source) is not None:
            return None
        discard = self.discard
        card = discard.pop()
        if events is not None:
            events.append(Event("drew", seat, {"source": DISCARD_PILE, "card": card}))
        buried = self.buried_owners
        owner = self.discard_owner
        had_buried = bool(buried)
        self.discard_owner = buried.pop() if had_buried else None
        hand = self.hands[seat]
        self.hands[seat] = hand + (card,)
        self.drawn = self.taken = card
        self.phase = DISCARD
        return (_TAKE, seat, hand, owner, had_buried)

    def _discard(
        self, seat: int, action: Discard, events: list[Event] | None, checked: bool
    ) -> Undo | None:
        cards = action.cards
        if len(cards) != 1 or action.knock:
            return None
        card = cards[0]
        hand = self.hands[seat]
        if checked and (card not in hand or card == self.taken or len(hand) > 4):
            return None  # refused: the engine says why
        i = hand.index(card)
        kept = hand[:i] + hand[i + 1 :]
        turns = self.turns_taken
        following = passes_to(self, seat, kept, self.knocker, turns, bool(self.stock))
        if following is None:
            return None
        if events is not None:
            events.append(Event("discarded", seat, {"cards": cards, "knock": False}))
        discard = self.discard
        owner = self.discard_owner
        buried = bool(discard)
        if buried:
            self.buried_owners.append(owner)
        discard.append(card)
        self.discard_owner = seat
        self.hands[seat] = kept
        record = (_DISCARD, seat, hand, owner, buried, turns, self.drawn, self.taken)
        self.turns_taken = turns + 1
        self.turn, self.phase, self.drawn, self.taken = following, DRAW, None, None
        return record

    def _knock_or_stand(
        self, seat: int, knock: bool, events: list[Event] | None, checked: bool
    ) -> Undo | None:
        hand = self.hands[seat]
        if checked:
            if knock:
                refusal = knock_refusal(self, seat, hand, after_draw=False)
            else:
                refusal = stand_refusal(self, seat)
            if refusal is not None:
                raise IllegalAction(refusal[0], **refusal[1])
        knocker = self.knocker
        after = seat if knock else knocker
        turns = self.turns_taken
        following = passes_to(self, seat, hand, after, turns, bool(self.stock))
        if following is None:
            return None
        if events is not None:
            events.append(Event("knocked" if knock else "stood", seat))
        record = (_ENDED, seat, knocker, turns, self.drawn, self.taken)
        self.knocker, self.turns_taken, self.turn = after, turns + 1, following
        self.drawn = self.taken = None
        return record
