"""`{% player_ratings player is_me %}`: a profile's ratings, one panel per family the
player has a rating in, each with the chart and the history of rated games. A template
tag, so `accounts` (the profile page) needs no import of this app."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext as _

from ratings.chart import Entry, chart
from ratings.families import FAMILIES
from ratings.models import Rating, RatingChange

register = template.Library()

HISTORY = 20  # rows of the history table; the chart shows up to CHART_GAMES
CHART_GAMES = 100


@register.inclusion_tag("ratings/profile_ratings.html")
def player_ratings(player: Any, is_me: bool = False) -> dict[str, Any]:
    ratings = {r.family: r for r in Rating.objects.filter(user=player)}
    changes: dict[str, list[RatingChange]] = {}
    for family in ratings:
        recent = (
            RatingChange.objects.filter(user=player, family=family)
            .select_related("game__table")
            .defer("game__state", "game__table__rules")
            .order_by("-seq")
        )
        changes[family] = list(recent[:CHART_GAMES])
    panels = []
    for family, title in FAMILIES.items():
        if family not in ratings:
            continue
        rows = changes[family][::-1]  # oldest first
        entries = [Entry(c.displayed_after, _label(c), _url(c, is_me)) for c in rows]
        start = rows[0].displayed_before if rows else ratings[family].displayed
        panels.append(
            {
                "family": family,
                "title": title,
                "rating": ratings[family],
                "chart": chart(
                    start,
                    entries,
                    title=_("%(name)s: %(family)s rating")
                    % {"name": player.get_username(), "family": title},
                ),
                "history": [(c, _url(c, is_me)) for c in rows[::-1][:HISTORY]],
            }
        )
    return {"panels": panels, "player": player}


def _label(change: RatingChange) -> str:
    diff = change.displayed_after - change.displayed_before
    return _("Game %(number)d, %(date)s: place %(place)d, %(rating)d (%(change)s)") % {
        "number": change.seq,
        "date": date_format(change.finished_at, _("j M Y")),
        "place": change.place,
        "rating": change.displayed_after,
        "change": f"{diff:+d}",
    }


def _url(change: RatingChange, is_me: bool) -> str | None:
    """The game's page, unless it was at a private table and this is someone else's
    profile (as the profile's list of games)."""
    table = change.game.table
    return table.get_absolute_url() if table.is_public or is_me else None
