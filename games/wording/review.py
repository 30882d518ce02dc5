"""The bots' review of a decision in words (docs/bots.md#the-review-of-a-finished-game):
"Knocking here cost you about 18% of a life: the bot would have drawn from the stock."

A line is worded for its reader: the second person for the player who decided, their
name for everyone else. With `cards` False it names no card (the reader may not see
that hand): "Discarding a card", "the bot would have discarded another card".
"""

from __future__ import annotations

from django.utils.formats import get_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine.actions import (
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
from games.wording.cards import cards_text


def review_line(
    kind: str,
    taken: Action,
    preferred: Action,
    cost: float,
    unit: str,
    name: str | None,
    *,
    cards: bool,
) -> str:
    """One reviewed decision: the bot's agreement, or what the move cost and what the
    bot would have done. `name`: the player's, or None for the player themself."""
    if kind == "agree":
        if name is None:
            return _("The bot agrees with your move here.")
        return _("The bot agrees with %(name)s’s move here.") % {"name": name}
    words = {
        "move": move_gerund(taken, cards=cards),
        "cost": cost_text(cost, unit),
        "preferred": bot_would_have(preferred, taken, cards=cards),
    }
    if name is None:
        return _("%(move)s here cost you %(cost)s: the bot would have %(preferred)s.") % words
    return _("%(move)s here cost %(name)s %(cost)s: the bot would have %(preferred)s.") % {
        **words,
        "name": name,
    }


def cost_text(cost: float, unit: str) -> str:
    """ "about 18% of a life", "about 1.2 lives", "about 0.25 points", "about 0.4 chips"."""
    if unit == "life":
        if cost < 0.995:
            return _("about %(percent)s%% of a life") % {"percent": round(cost * 100)}
        return ngettext("about %(count)s life", "about %(count)s lives", round(cost)) % {
            "count": _decimal(cost, 1)
        }
    count = _decimal(cost, 2)
    if unit == "point":
        return _("about %(count)s points") % {"count": count}
    return _("about %(count)s chips") % {"count": count}


def _decimal(value: float, places: int) -> str:
    """`value` with `places` decimals, as the reader's language writes them."""
    return f"{value:.{places}f}".replace(".", str(get_format("DECIMAL_SEPARATOR")))


def move_gerund(action: Action, *, cards: bool) -> str:
    """The move as the subject of a sentence: "Knocking", "Discarding 7♥"."""
    match action:
        case Draw(source="stock"):
            return _("Drawing from the stock")
        case Draw():
            return _("Taking the top discard")
        case Discard(cards=()):
            return _("Keeping the cards")
        case Discard(cards=laid, knock=True):
            if cards:
                return _("Discarding %(cards)s and knocking") % {"cards": cards_text(laid)}
            return _("Discarding and knocking")
        case Discard(cards=laid):
            if cards:
                return _("Discarding %(cards)s") % {"cards": cards_text(laid)}
            return _("Discarding that card")
        case Knock():
            return _("Knocking")
        case Stand():
            return _("Standing")
        case OpenWidow():
            return _("Opening the widow")
        case Exchange(give=give, take=take):
            if cards:
                return _("Giving %(gave)s for %(took)s") % {
                    "gave": cards_text(give),
                    "took": cards_text(take),
                }
            return _("That exchange with the widow")
        case Look():
            return _("Looking at the cards")
        case ThrowDown():
            return _("Throwing down")
    return _("That move")


def bot_would_have(action: Action, taken: Action, *, cards: bool) -> str:
    """What the bot would have done, after "the bot would have": "knocked",
    "discarded 7♥" (without the cards: "discarded another card")."""
    match action:
        case Draw(source="stock"):
            return _("drawn from the stock")
        case Draw():
            return _("taken the top discard")
        case Discard(cards=()):
            return _("kept its cards")
        case Discard(cards=laid, knock=knock):
            same = isinstance(taken, Discard) and taken.cards == laid
            if same and knock:
                return _("knocked as well")
            if same:
                return _("not knocked")
            if knock:
                if cards:
                    return _("discarded %(cards)s and knocked") % {"cards": cards_text(laid)}
                return _("discarded another card and knocked")
            if cards:
                return _("discarded %(cards)s") % {"cards": cards_text(laid)}
            return _("discarded another card")
        case Knock():
            return _("knocked")
        case Stand():
            return _("stood")
        case OpenWidow():
            return _("opened the widow")
        case Exchange(give=give, take=take):
            if cards:
                return _("given %(gave)s for %(took)s") % {
                    "gave": cards_text(give),
                    "took": cards_text(take),
                }
            return _("exchanged other cards with the widow")
        case Look():
            return _("looked at its cards")
        case ThrowDown():
            return _("thrown down")
    return _("moved otherwise")
