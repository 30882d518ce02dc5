"""A team battle's teams (docs/tournaments.md#team-battles): written by the organizer at
creation, one team a line ("Reds: ann, bob, cat"), checked then, and stored in
`Event.format_options` as each team's name and its players' user ids (a username can
change; an account's id does not). Each team counts the best `team_best` of its players'
points each round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.errors import ServiceError
from tournaments.models import Event

# A team's players: at least two (one player is no team), at most ten.
SMALLEST_TEAM = 2
LARGEST_TEAM = 10
# What a team counts each round when the organizer leaves it blank: its best three
# players' points, or all of them in a team smaller than that.
BEST_DEFAULT = 3
NAME_LENGTH = 40


@dataclass(frozen=True)
class Team:
    name: str
    players: tuple[int, ...]  # user ids, in the order the organizer wrote them


def teams_field() -> forms.Field:
    return forms.CharField(
        label=gettext_lazy("Team battle: the teams, one a line"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4, "placeholder": "Reds: ann, bob\nBlues: cat, dan"}),
        help_text=gettext_lazy(
            "Team battle only: each team on a line of its own, its name, a colon, then its "
            "players' usernames separated by commas, 2 to 10 players a team."
        ),
    )


def best_field() -> forms.Field:
    return forms.IntegerField(
        label=gettext_lazy("Best scores a team counts"),
        required=False,
        widget=forms.NumberInput(attrs={"min": 1, "max": LARGEST_TEAM}),
        help_text=gettext_lazy(
            "Team battle only: each round a team scores its best players' points, this "
            "many of them (blank: 3, or the smallest team's size)."
        ),
    )


def _lines(text: str) -> list[tuple[str, list[str]]]:
    """Each non-blank line as its team's name and the names after the colon."""
    found = []
    for line in text.splitlines():
        if not line.strip():
            continue
        name, colon, rest = line.partition(":")
        if not colon:
            raise ServiceError(
                _(
                    "Write each team on a line of its own as “Team name: player, "
                    "player”: “%(line)s” has no colon."
                )
                % {"line": line.strip()},
                "teams",
            )
        players = [part.strip() for part in rest.split(",") if part.strip()]
        found.append((name.strip(), players))
    return found


def check_teams(text: Any, table_size: int = 0) -> list[dict[str, Any]]:
    """The teams as stored (`[{"name": "Reds", "players": [3, 8]}, …]`), or a ServiceError
    on the field with a sentence: a line without a colon, a nameless team, a name used
    twice, a team of fewer than 2 or more than 10 players, a username nobody has, a
    player on two teams, fewer than two teams."""
    lines = _lines(str(text or ""))
    if len(lines) < 2:
        raise ServiceError(
            _("A team battle needs two teams at least: write each on a line of its own."),
            "teams",
        )
    seen: dict[str, str] = {}  # a player's name, as written -> their team
    names: set[str] = set()
    for name, players in lines:
        if not name:
            raise ServiceError(_("Every team needs a name before its colon."), "teams")
        if len(name) > NAME_LENGTH:
            raise ServiceError(
                _("A team's name has %(most)s characters at most: “%(name)s” is longer.")
                % {"most": NAME_LENGTH, "name": name},
                "teams",
            )
        if name.casefold() in names:
            raise ServiceError(
                _("Two teams are called “%(name)s”: give each its own name.") % {"name": name},
                "teams",
            )
        names.add(name.casefold())
        if not SMALLEST_TEAM <= len(players) <= LARGEST_TEAM:
            raise ServiceError(
                _(
                    "Team “%(name)s” has %(count)s player(s): a team has %(least)s to "
                    "%(most)s players."
                )
                % {
                    "name": name,
                    "count": len(players),
                    "least": SMALLEST_TEAM,
                    "most": LARGEST_TEAM,
                },
                "teams",
            )
        for player in players:
            if player in seen:
                raise ServiceError(
                    _(
                        "%(player)s is on two teams, “%(first)s” and “%(second)s”: a "
                        "player plays for one team."
                    )
                    % {"player": player, "first": seen[player], "second": name},
                    "teams",
                )
            seen[player] = name
    users = dict(
        get_user_model().objects.filter(username__in=list(seen)).values_list("username", "pk")
    )
    if unknown := [player for player in seen if player not in users]:
        raise ServiceError(
            _("Nobody here has the username “%(name)s” (team “%(team)s”).")
            % {"name": unknown[0], "team": seen[unknown[0]]},
            "teams",
        )
    return [{"name": name, "players": [users[p] for p in players]} for name, players in lines]


def check_best(best: Any, table_size: int = 0) -> int | None:
    """The best scores a team counts, 1 to 10 (None: the default, settled once the teams
    are known: `resolve_best`)."""
    if best is None:
        return None
    if not 1 <= int(best) <= LARGEST_TEAM:
        raise ServiceError(
            _("A team counts its best 1 to %(most)s players' points.") % {"most": LARGEST_TEAM},
            "team_best",
        )
    return int(best)


def resolve_best(best: int | None, teams: Sequence[Mapping[str, Any]]) -> int:
    """`best` checked against the teams: no more than the smallest team has players
    (else that team could never score in full); None: 3, or the smallest team's size."""
    smallest = min(len(team["players"]) for team in teams)
    if best is None:
        return min(BEST_DEFAULT, smallest)
    if best > smallest:
        raise ServiceError(
            _(
                "A team counts its best %(best)s players' points, but the smallest team "
                "has %(smallest)s players: count %(smallest)s at most."
            )
            % {"best": best, "smallest": smallest},
            "team_best",
        )
    return best


def teams_of(event: Event) -> list[Team]:
    """The event's teams, in the order the organizer wrote them."""
    stored = (event.format_options or {}).get("teams") or []
    return [Team(str(team["name"]), tuple(int(p) for p in team["players"])) for team in stored]


def best_of(event: Event) -> int:
    """How many of its players' points a team counts each round."""
    return int((event.format_options or {}).get("team_best") or BEST_DEFAULT)


def team_of_users(teams: Sequence[Team]) -> dict[int, int]:
    """Each user id's team, by its index in `teams`."""
    return {user: k for k, team in enumerate(teams) for user in team.players}
