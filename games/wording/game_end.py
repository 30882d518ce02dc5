"""What the table says when the game ends: who won and how, a draw, or a game ended
early."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games.wording.lists import and_list
from games.wording.told import Told, listed


def game_ended_early(t: Told) -> str:
    match t.data.get("reason"):
        case "host":
            return _("The host ended the game: no one wins, and the standings stay as they were.")
        case "staff":
            return _("Staff ended the game: no one wins, and the standings stay as they were.")
        case "abandoned":
            hours = t.data.get("hours", 24)
            return ngettext(
                "No one had played for %(hours)s hour, so the game ended itself: no one wins, "
                "and the standings stay as they were.",
                "No one had played for %(hours)s hours, so the game ended itself: no one wins, "
                "and the standings stay as they were.",
                hours,
            ) % {"hours": hours}
    return _("The game was ended: no one wins, and the standings stay as they were.")


def game_ended(t: Told) -> str:
    d = t.data
    seats = d["winners"]
    if d["reason"] == "deals_played":
        winners = and_list([listed(t.names, s, t.viewer) for s in seats])
        if d.get("deals", 1) == 1:
            return _("The deal is played; %(winners)s kept the most.") % {"winners": winners}
        return _("The deals are played; %(winners)s kept the most.") % {"winners": winners}
    if len(seats) > 1:
        between = and_list(
            [
                pgettext("the reader, in a list of players after “between”", "You")
                if s == t.viewer
                else t.names[s]
                for s in seats
            ]
        )
        return _("The game is a draw between %(players)s.") % {"players": between}
    you = seats[0] == t.viewer
    values: dict[str, Any] = {"name": t.names[seats[0]]}
    match d["reason"]:
        case "three_aces":
            if you:
                return _("You win the game with three aces!")
            return _("%(name)s wins the game with three aces!") % values
        case "thirty_one":
            if you:
                return _("You win the game with 31 while everyone is on the county!")
            return _("%(name)s wins the game with 31 while everyone is on the county!") % values
        case "target_points":
            points = d.get("points", "")
            values["points"] = points
            count = points if isinstance(points, int) else 0
            if you:
                return (
                    ngettext(
                        "You win the game with %(points)s point!",
                        "You win the game with %(points)s points!",
                        count,
                    )
                    % values
                )
            return (
                ngettext(
                    "%(name)s wins the game with %(points)s point!",
                    "%(name)s wins the game with %(points)s points!",
                    count,
                )
                % values
            )
        case "tiebreak":
            if you:
                return _("You win the game on the tie-break!")
            return _("%(name)s wins the game on the tie-break!") % values
    return _("You win the game!") if you else _("%(name)s wins the game!") % values
