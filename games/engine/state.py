"""The immutable state of a game, and the public record of a finished round.

States are named tuples: cheap to build (a simulation makes millions), immutable and
comparable. The deck source rides along so the next deal can be drawn, but it is not
part of the game's value: two states are equal when the games are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, Protocol

from .cards import Card
from .errors import N_, EngineError
from .randomness import DeckSource
from .rules import Rules

# Phases of a turn.
THROW_DOWN = "throw_down"  # the first player may throw down before looking (§4)
DRAW = "draw"  # start of a turn: draw, knock, stand or use the widow
DISCARD = "discard"  # after drawing: discard (and perhaps knock)
WIDOW = "widow"  # the widow was turned up for this player: choose the exchange
OVER = "over"  # the game has ended
# An imagined round has ended and no next one is dealt (a deck source with
# `deals_on = False`: the bots' rollouts, which look no further than one round).
ROUND_OVER = "round_over"


class PlayerState(NamedTuple):
    """A player's standing in the game; changes only when a round ends."""

    lives: int  # tokens left ("lives" scoring); 0 and not out = on the county
    points: int  # "points" scoring
    chips: int  # "banking" scoring
    out: bool = False


class RoundResult(NamedTuple):
    """Everything shown after a round: every hand, and who lost or won what."""

    round_no: int
    dealer: int
    reason: str  # knock, throw_down, blitz, stock_empty, max_turns, three_aces, thirty_one
    knocker: int | None
    blitzers: tuple[int, ...]
    hands: tuple[tuple[Card, ...] | None, ...]  # per seat; None for players already out
    values: tuple[float | None, ...]
    lives_lost: tuple[int, ...]
    points_won: tuple[int, ...]
    chips_won: tuple[int, ...]  # net chips taken from the pot this round
    eliminated: tuple[int, ...]
    # The seat that won a final-two tie on card ranks (final_two_tiebreak), if any.
    tiebreak_winner: int | None = None


class Outcome(NamedTuple):
    winners: tuple[int, ...]  # several only for a drawn game
    reason: str  # last_player, three_aces, thirty_one, target_points, draw
    shares: tuple[float, ...]  # what each seat takes from the kitty or pot at the end


class LevelProposal(NamedTuple):
    """An open proposal to add levels to the bus (`levels_by_agreement`, docs/rules.md
    §7): public; it needs every player still in the game to agree."""

    proposer: int
    names: tuple[str, ...]  # the new stages, in order, inserted before the county
    agreed: tuple[int, ...]  # seats that have agreed so far (the proposer first)


class _Fields(NamedTuple):
    rules: Rules
    names: tuple[str, ...]
    players: tuple[PlayerState, ...]
    hands: tuple[tuple[Card, ...], ...]  # per seat; () for players who are out
    round_no: int
    dealer: int
    phase: str
    turn: int | None  # whose turn it is; None when the game (or an imagined round) is over
    stock: tuple[Card, ...]  # stock[0] is drawn next
    discard: tuple[Card, ...]  # discard[-1] is the top card
    discard_owner: int | None  # who discarded the top card (None for the up-card)
    widow: tuple[Card, ...]
    widow_open: bool
    knocker: int | None
    turns_taken: int  # completed turns this round
    drawn: Card | None  # the card the current player drew this turn
    taken: Card | None  # ... if it came from the discard pile (it can't go back)
    kitty: int  # lost lives ("lives" scoring)
    pot: int  # chips ("banking" scoring)
    last_round: RoundResult | None
    outcome: Outcome | None
    # Not part of the game's value; None for a state loaded only to be read
    # (`serialize.state_from_dict`), which cannot deal.
    deck_source: DeckSource | None
    # Who discarded each card under the top (discard[:-1]), for `take_own_discard`
    # when a buried card comes back to the top.
    buried_owners: tuple[int | None, ...] = ()
    # An open proposal to add levels (`levels_by_agreement`), or None.
    proposal: LevelProposal | None = None
    # The game ends after this many deals, whoever is still in (None: until one is
    # left, or the target): a tournament's deal-by-deal play (knockout, duplicate).
    last_deal: int | None = None


class GameState(_Fields):
    __slots__ = ()

    def _value(self) -> tuple[object, ...]:
        return self[:_SOURCE] + self[_SOURCE + 1 :]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameState) and self._value() == other._value()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self._value())

    def _replace(self, **changes: Any) -> GameState:
        # Twice as fast as namedtuple's own: a simulation replaces states millions of times.
        values = list(self)
        for name, value in changes.items():
            values[_FIELD_INDEX[name]] = value
        return tuple.__new__(GameState, values)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def seat_on_turn(self) -> int:
        """`turn`, for a caller that knows someone is on turn: in every phase but OVER
        and ROUND_OVER (which `apply_action` refuses first)."""
        turn = self.turn
        if turn is None:
            raise EngineError(N_("No one is on turn: the game (or the imagined round) is over."))
        return turn

    def active_seats(self) -> list[int]:
        return [seat for seat, p in enumerate(self.players) if not p.out]

    def on_county(self, seat: int) -> bool:
        p = self.players[seat]
        return self.rules.scoring == "lives" and self.rules.county and p.lives == 0 and not p.out

    def stage(self, seat: int) -> int:
        """Losses so far, as an index into `rules.life_labels` (last = out)."""
        return stage(self.players[seat], self.rules.lives, self.rules.stages)

    def stage_label(self, seat: int) -> str | None:
        rules = self.rules
        return stage_label(self.players[seat], rules.life_labels, rules.lives, rules.stages)

    def with_deck_source(self, deck_source: DeckSource | None) -> GameState:
        return self._replace(deck_source=deck_source)


class StateView(Protocol):
    """What the rules' questions read of a state: who may draw, knock or stand
    (`refusals`), the moves a seat may make (`legal`), what a turn's end brings
    (`turn_end.passes_to`) and who plays next (`turns.next_seat`). Both `GameState`
    and the bots' `mutable.MutableState` answer it, so the one copy of those rules
    serves both (docs/engine.md#the-mutable-state). `stock` and `discard` are read for
    their length and, for the discard pile, its top (`discard[-1]`) only."""

    @property
    def rules(self) -> Rules: ...
    @property
    def players(self) -> Sequence[PlayerState]: ...
    @property
    def hands(self) -> Sequence[tuple[Card, ...]]: ...
    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int | None: ...
    @property
    def stock(self) -> Sequence[Card]: ...
    @property
    def discard(self) -> Sequence[Card]: ...
    @property
    def discard_owner(self) -> int | None: ...
    @property
    def widow(self) -> Sequence[Card]: ...
    @property
    def widow_open(self) -> bool: ...
    @property
    def knocker(self) -> int | None: ...
    @property
    def turns_taken(self) -> int: ...
    @property
    def taken(self) -> Card | None: ...

    def active_seats(self) -> list[int]: ...


_FIELD_INDEX = {name: index for index, name in enumerate(_Fields._fields)}
_SOURCE = _FIELD_INDEX["deck_source"]


def stage(player: PlayerState, lives: int, stages: int) -> int:
    """`player`'s losses so far, as an index into the rules' `life_labels` (the last,
    `stages`: out). `lives` and `stages` are the rules'."""
    return stages if player.out else lives - player.lives


def stage_label(
    player: PlayerState, labels: tuple[str, ...] | None, lives: int, stages: int
) -> str | None:
    """The name of `player`'s stage (the rules' `life_labels`), or None without them.
    The one place a stage is named: the state's and the observations' seats use it."""
    return labels[stage(player, lives, stages)] if labels else None
