"""A round's end in one line: who showed what and who lost what (`round_summary`)."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.engine.events import EventData
from games.engine.hands import format_value
from games.wording.lists import and_list
from games.wording.told import listed


def round_summary(
    d: EventData, names: Sequence[str], viewer: int | None = None, *, values: bool = True
) -> str:
    """Who showed what and who lost what, in one line (`values=False`: without the
    showdown's hand values, for a page that shows the hands beside it)."""
    reason = d["reason"]
    if reason == "stock_empty":
        return _("The stock ran out: the round is a draw and no one loses.")
    if reason == "max_turns":
        return _("No one knocked in time: the round is a draw and no one loses.")
    parts = _how_it_ended(d, names, viewer, values=values)
    parts += _lives_lost(d["lives_lost"], names, viewer)
    parts += _points_and_chips(d, names, viewer)
    if d.get("tiebreak_winner") is not None:
        parts.append(
            _("%(name)s wins the tie on card ranks.") % {"name": names[d["tiebreak_winner"]]}
        )
    return " ".join(parts)


def _how_it_ended(
    d: EventData, names: Sequence[str], viewer: int | None, *, values: bool
) -> list[str]:
    """The blitz, or the throw-down and the showdown's hands (with `values`)."""
    reason = d["reason"]
    if reason == "blitz" or d["blitzers"]:
        return [_blitz(d["blitzers"], names, viewer)]
    if reason in ("three_aces", "thirty_one"):
        return []  # game_ended says who won and how
    parts = []
    knocker = d.get("knocker")
    if reason == "throw_down" and knocker is not None:
        if knocker == viewer:
            parts.append(_("You threw down."))
        else:
            parts.append(_("%(name)s threw down.") % {"name": names[knocker]})
    if values:
        shown = [
            pgettext("the showdown: the reader's hand and its value", "You %(value)s")
            % {"value": format_value(value)}
            if seat == viewer
            else f"{names[seat]} {format_value(value)}"
            for seat, value in enumerate(d["values"])
            if value is not None
        ]
        parts.append(_("Showdown: %(hands)s.") % {"hands": ", ".join(shown)})
    return parts


def _blitz(blitzers: Sequence[int], names: Sequence[str], viewer: int | None) -> str:
    if len(blitzers) == 1 and blitzers[0] == viewer:
        return _("You have 31 in one suit: a blitz!")
    if len(blitzers) == 1:
        return _("%(name)s has 31 in one suit: a blitz!") % {"name": names[blitzers[0]]}
    players = and_list([listed(names, s, viewer) for s in blitzers])
    return _("%(players)s have 31 in one suit: a blitz!") % {"players": players}


def _lives_lost(lives_lost: Sequence[int], names: Sequence[str], viewer: int | None) -> list[str]:
    parts = []
    for seat, lost in enumerate(lives_lost):
        if lost:
            said = {"name": names[seat], "count": lost}
            if seat == viewer:
                parts.append(ngettext("You lose a life.", "You lose %(count)s lives.", lost) % said)
            else:
                parts.append(
                    ngettext("%(name)s loses a life.", "%(name)s loses %(count)s lives.", lost)
                    % said
                )
    return parts


def _points_and_chips(d: EventData, names: Sequence[str], viewer: int | None) -> list[str]:
    parts = []
    for seat, won in enumerate(d["points_won"]):
        if won:
            if seat == viewer:
                parts.append(_("You score a point."))
            else:
                parts.append(_("%(name)s scores a point.") % {"name": names[seat]})
    for seat, won in enumerate(d["chips_won"]):
        if won > 0:
            said = {"name": names[seat], "count": won}
            if seat == viewer:
                parts.append(ngettext("You take a chip.", "You take %(count)s chips.", won) % said)
            else:
                parts.append(
                    ngettext("%(name)s takes a chip.", "%(name)s takes %(count)s chips.", won)
                    % said
                )
    return parts
