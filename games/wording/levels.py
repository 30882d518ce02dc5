"""What the table says of levels added to the bus by agreement (docs/rules.md §7):
proposed, agreed, declined or withdrawn, added, or lapsed with the round."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.wording.lists import quoted
from games.wording.told import Told


def levels_proposed(t: Told) -> str:
    levels = t.data["names"]
    values = {"name": t.name, "levels": quoted(levels)}
    if len(levels) == 1:
        if t.you:
            return (
                _(
                    "You propose adding a new level, %(levels)s, before the county. "
                    "Everyone still in must agree."
                )
                % values
            )
        return (
            _(
                "%(name)s proposes adding a new level, %(levels)s, before the county. "
                "Everyone still in must agree."
            )
            % values
        )
    if t.you:
        return (
            _(
                "You propose adding new levels: %(levels)s, before the county. "
                "Everyone still in must agree."
            )
            % values
        )
    return (
        _(
            "%(name)s proposes adding new levels: %(levels)s, before the county. "
            "Everyone still in must agree."
        )
        % values
    )


def levels_agreed(t: Told) -> str:
    return _("You agree.") if t.you else _("%(name)s agrees.") % {"name": t.name}


def levels_declined(t: Told) -> str:
    values = {"name": t.name}
    if t.data.get("withdrawn"):
        if t.you:
            return _("You withdraw the proposal: no level is added.")
        return _("%(name)s withdraws the proposal: no level is added.") % values
    if t.you:
        return _("You decline: no level is added.")
    return _("%(name)s declines: no level is added.") % values


def levels_added(t: Told) -> str:
    names = t.data["names"]
    count = len(names)
    values = {"levels": quoted(names), "count": count}
    if count == 1:
        return (
            _(
                "Everyone agreed: the bus has a new level, %(levels)s. Everyone still in "
                "gains a life."
            )
            % values
        )
    return (
        ngettext(
            "Everyone agreed: the bus has new levels, %(levels)s. Everyone still in gains "
            "%(count)s life.",
            "Everyone agreed: the bus has new levels, %(levels)s. Everyone still in gains "
            "%(count)s lives.",
            count,
        )
        % values
    )


def levels_lapsed(t: Told) -> str:
    return _("The round ended before everyone agreed: no level is added.")
