"""What the table says when a bot plays for someone: their time ran out, they are away
(and why), they are back."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.wording.told import Told


def turn_timed_out(t: Told) -> str:
    if t.you:
        return _("Your time ran out: a bot plays this turn for you.")
    return _("%(name)s's time ran out: a bot plays this turn for them.") % {"name": t.name}


def player_away(t: Told) -> str:
    d = t.data
    values: dict[str, Any] = {"name": t.name}
    you = t.you
    match d.get("reason"):
        case "timer":
            if you:
                return _(
                    "You ran out of time on two turns in a row, so a bot plays for you until "
                    "you are back."
                )
            return (
                _(
                    "%(name)s ran out of time on two turns in a row, so a bot plays for them "
                    "until they are back."
                )
                % values
            )
        case "absent":
            seconds = d.get("seconds", 60)
            values["seconds"] = seconds
            if you:
                return (
                    ngettext(
                        "You left the table on your turn (nothing heard from you for "
                        "%(seconds)s second), so a bot plays for you until you are back.",
                        "You left the table on your turn (nothing heard from you for "
                        "%(seconds)s seconds), so a bot plays for you until you are back.",
                        seconds,
                    )
                    % values
                )
            return (
                ngettext(
                    "%(name)s left the table on their turn (nothing heard from them for "
                    "%(seconds)s second), so a bot plays for them until they are back.",
                    "%(name)s left the table on their turn (nothing heard from them for "
                    "%(seconds)s seconds), so a bot plays for them until they are back.",
                    seconds,
                )
                % values
            )
        case "host":
            if you:
                return _("The host let a bot play for you until you are back.")
            return _("The host let a bot play for %(name)s until they are back.") % values
        case "staff":
            if you:
                return _("Staff let a bot play for you until you are back.")
            return _("Staff let a bot play for %(name)s until they are back.") % values
        case "withdrawn":
            if you:
                return _("You withdrew from the event, so a bot plays for you to the end.")
            return (
                _("%(name)s withdrew from the event, so a bot plays for them to the end.") % values
            )
        case "event":
            if you:
                return _(
                    "The event's organizer let a bot play for you this round until you are back."
                )
            return (
                _(
                    "The event's organizer let a bot play for %(name)s this round until they "
                    "are back."
                )
                % values
            )
        case "deadline":
            if you:
                return _("The deadline for this game passed, so a bot plays for you to the end.")
            return (
                _("The deadline for this game passed, so a bot plays for %(name)s to the end.")
                % values
            )
    if you:
        return _("You are away: a bot plays for you until you are back.")
    return _("%(name)s is away: a bot plays for them until they are back.") % values


def player_back(t: Told) -> str:
    if t.you:
        return _("You are back and play your own turns again.")
    return _("%(name)s is back and plays their own turns again.") % {"name": t.name}
