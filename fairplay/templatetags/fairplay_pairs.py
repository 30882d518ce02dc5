"""Words for the flagged pairs' page (templates/fairplay/pairs.html)."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext as _

from fairplay.collusion import facts

register = template.Library()


@register.simple_tag
def signal_sentence(signal: str, actor_id: int, pair: Any) -> str:
    """What `actor_id` did for the other of `pair` (a FlaggedPair), in words."""
    actor, other = _actor_and_other(actor_id, pair)
    names = {"actor": shown(actor), "partner": shown(other)}
    if signal == facts.FEED:
        return (
            _(
                "%(actor)s discarded a card that helped %(partner)s, who played next, "
                "though a card that would not help was as good to let go"
            )
            % names
        )
    if signal == facts.SPARE:
        return (
            _(
                "%(actor)s did not knock with a strong hand while %(partner)s, on their last "
                "life, held the lowest"
            )
            % names
        )
    return (
        _(
            "%(actor)s lost a life through a big mistake while %(partner)s, the next lowest, "
            "kept theirs"
        )
        % names
    )


@register.simple_tag
def signal_short(signal: str, actor_id: int, pair: Any) -> str:
    """`signal_sentence` in a few words, for a line of replay steps."""
    actor, other = _actor_and_other(actor_id, pair)
    names = {"actor": shown(actor), "partner": shown(other)}
    if signal == facts.FEED:
        return _("%(actor)s fed %(partner)s") % names
    if signal == facts.SPARE:
        return _("%(actor)s spared %(partner)s") % names
    return _("%(actor)s lost a life, %(partner)s kept theirs") % names


def _actor_and_other(actor_id: int, pair: Any) -> tuple[Any, Any]:
    return (pair.first, pair.second) if pair.first.pk == actor_id else (pair.second, pair.first)


@register.filter
def shown(user: Any) -> str:
    """A person's name as this reader may read it: `get_username` follows the reader's
    lens (docs/privacy.md#my-name-off-public-pages)."""
    return str(user.get_username())


@register.filter
def percent(rate: float) -> str:
    return _("%(rate)s%%") % {"rate": round(rate * 100)}


@register.filter
def chance(p_value: float) -> str:
    """A p-value in words a club organizer reads: "1 in 25,000"."""
    if p_value <= 0:
        return _("less than 1 in a million")
    odds = round(1 / p_value)
    if odds >= 1_000_000:
        return _("less than 1 in a million")
    return _("1 in %(odds)s") % {"odds": odds}
