"""A move's button text, in the second person and the active language."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.engine.actions import (
    Action,
    AnswerLevels,
    Discard,
    Draw,
    Exchange,
    Knock,
    Look,
    OpenWidow,
    ProposeLevels,
    Stand,
    ThrowDown,
)
from games.wording.cards import cards_text


def describe_action(action: Action) -> str:
    """Button text for an action, in the second person."""
    match action:
        case Draw(source="stock"):
            return _("Draw from the stock")
        case Draw():
            return _("Take the top discard")
        case Discard(cards=()):
            return _("Keep your cards")
        case Discard(cards=cards, knock=knock):
            if knock:
                return _("Discard %(cards)s and knock") % {"cards": cards_text(cards)}
            return _("Discard %(cards)s") % {"cards": cards_text(cards)}
        case Knock():
            return _("Knock")
        case Stand():
            return _("Stand")
        case OpenWidow():
            return _("Exchange with the widow")
        case Exchange(give=give, take=take):
            return _("Give %(gave)s, take %(took)s") % {
                "gave": cards_text(give),
                "took": cards_text(take),
            }
        case Look():
            return _("Look at your cards")
        case ThrowDown():
            return _("Throw down")
        case ProposeLevels(names=names):
            levels = ", ".join(_("“%(name)s”") % {"name": n} for n in names)
            return _("Propose adding %(levels)s") % {"levels": levels}
        case AnswerLevels(agree=agree):
            return _("Agree") if agree else _("Decline")
    raise AssertionError(action)
