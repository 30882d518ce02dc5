"""What a player can do on their turn (docs/rules.md §4-§5), as small immutable values.

Every action names the seat that does it, so a forged seat is refused by the engine
itself. `code` and `parse_action` give a short text form for forms and logs, e.g.
``draw:stock``, ``discard:7H``, ``discard:4C,7H:knock``, ``exchange:3D>KC``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .cards import CARDS, Card, parse_cards
from .errors import N_, CardError, IllegalAction
from .rules import BOUNDS

STOCK = "stock"
DISCARD_PILE = "discard"


class Draw(NamedTuple):
    seat: int
    source: str  # STOCK or DISCARD_PILE

    @property
    def code(self) -> str:
        return f"draw:{self.source}"


class Discard(NamedTuple):
    """Discard `cards` face up; the last one lies on top. Several cards (or none) only
    with `hidden_discards`. `knock=True` knocks as well (`knock_after_draw`)."""

    seat: int
    cards: tuple[Card, ...]
    knock: bool = False

    @property
    def code(self) -> str:
        return "discard:" + ",".join(c.code for c in self.cards) + (":knock" if self.knock else "")


class Knock(NamedTuple):
    seat: int

    @property
    def code(self) -> str:
        return "knock"


class Stand(NamedTuple):
    seat: int

    @property
    def code(self) -> str:
        return "stand"


class OpenWidow(NamedTuple):
    """Choose to exchange with the widow: it is turned face up before you choose cards."""

    seat: int

    @property
    def code(self) -> str:
        return "widow"


class Exchange(NamedTuple):
    """Give `give` to the widow and take as many of its cards, `take`."""

    seat: int
    give: tuple[Card, ...]
    take: tuple[Card, ...]

    @property
    def code(self) -> str:
        return (
            "exchange:"
            + ",".join(c.code for c in self.give)
            + ">"
            + ",".join(c.code for c in self.take)
        )


class Look(NamedTuple):
    """Look at your cards instead of calling a throw-down (`throw_down`)."""

    seat: int

    @property
    def code(self) -> str:
        return "look"


class ThrowDown(NamedTuple):
    seat: int

    @property
    def code(self) -> str:
        return "throw_down"


class ProposeLevels(NamedTuple):
    """Propose adding levels to the bus, named `names` (`levels_by_agreement`). Any
    player still in the game may propose at any time, not only on their turn."""

    seat: int
    names: tuple[str, ...]

    @property
    def code(self) -> str:
        return "propose_levels:" + "|".join(self.names)


class AnswerLevels(NamedTuple):
    """Agree to (or decline) the open proposal to add levels; the proposer declining
    withdraws it. Any player still in the game, at any time."""

    seat: int
    agree: bool

    @property
    def code(self) -> str:
        return "agree_levels" if self.agree else "decline_levels"


# Moves of the whole table rather than of the player on turn: they are made at any time
# by any player still in the game, and never offered by `legal_actions` (the bots make
# none).
AGREEMENTS = (ProposeLevels, AnswerLevels)

Action = (
    Draw
    | Discard
    | Knock
    | Stand
    | OpenWidow
    | Exchange
    | Look
    | ThrowDown
    | ProposeLevels
    | AnswerLevels
)

# The moves legal_actions offers on almost every turn, made once per seat (and card)
# rather than each time it is asked, millions of times in a simulation: actions are
# immutable values, equal to any the constructors make. Indexed by seat (then card).
_SEATS = range(BOUNDS["max_players"][1])
DRAWS_FROM_STOCK = tuple(Draw(seat, STOCK) for seat in _SEATS)
DRAWS_FROM_DISCARDS = tuple(Draw(seat, DISCARD_PILE) for seat in _SEATS)
KNOCKS = tuple(Knock(seat) for seat in _SEATS)
ONE_CARD_DISCARDS = tuple(tuple(Discard(seat, (c,), False) for c in CARDS) for seat in _SEATS)

_SIMPLE: dict[str, Callable[[int], Action]] = {
    "knock": Knock,
    "stand": Stand,
    "widow": OpenWidow,
    "look": Look,
    "throw_down": ThrowDown,
}


def parse_action(text: str, seat: int) -> Action:
    """Read an action's `code` back, for `seat`. Raises IllegalAction on nonsense."""
    text = text.strip()
    head, _, rest = text.partition(":")
    try:
        if head in _SIMPLE and not rest:
            return _SIMPLE[head](seat)
        if head == "draw" and rest in (STOCK, DISCARD_PILE):
            return Draw(seat, rest)
        if head == "discard":
            cards_text, _, flag = rest.partition(":")
            if flag not in ("", "knock"):
                raise IllegalAction(N_("%(text)r is not a move."), text=text)
            return Discard(seat, parse_cards(cards_text), knock=flag == "knock")
        if head == "exchange" and ">" in rest:
            give, take = rest.split(">", 1)
            return Exchange(seat, parse_cards(give), parse_cards(take))
    except CardError as error:
        raise IllegalAction(
            N_("%(text)r is not a move: %(reason)s"), text=text, reason=error
        ) from error
    raise IllegalAction(N_("%(text)r is not a move."), text=text)
