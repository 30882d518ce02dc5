"""A club's organizers create, change and delete its leagues (docs/tournaments.md#leagues).
Every refusal is a sentence and writes nothing: a league counting more results than it
has events (N > M) or fewer than one, a minimum over its events, a points list that is
not numbers, has one below 0 or none at all, an event or series of another club, a
name the club already has. The club's row is locked first, so two organizers saving at
once take turns (and the name's constraint backs up the check)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs import access as club_access
from clubs.models import Club
from games.errors import ServiceError
from tournaments.models import Event, EventSeries, League

MAX_NAME = 100
MAX_PLANNED = 200  # a series' weeks: four years of them


@dataclass(frozen=True)
class Terms:
    """A league as its form gives it: the points as written ("10, 7, 5")."""

    name: str
    events: Sequence[Event] = ()
    series: EventSeries | None = None
    planned: int | None = None
    rule: str = League.SEASON
    place_points: str = ""
    taking_part: float = 0.0
    counted: int | None = None
    minimum: int = 0


@dataclass(frozen=True)
class _Checked:
    name: str
    events: list[Event]
    series: EventSeries | None
    planned: int | None
    rule: str
    place_points: list[float] = field(default_factory=list)
    taking_part: float = 0.0
    counted: int | None = None
    minimum: int = 0


def create_league(*, by: Any, club: Club, terms: Terms) -> League:
    with transaction.atomic():
        club = _organized(by, club)
        checked = _check(club, terms, None)
        league = League(club=club, created_by=by)
        return _save(league, checked)


def update_league(*, by: Any, league: League, terms: Terms) -> League:
    with transaction.atomic():
        club = _organized(by, league.club)
        league = League.objects.select_for_update().get(pk=league.pk)
        checked = _check(club, terms, league)
        return _save(league, checked)


def delete_league(*, by: Any, league: League) -> None:
    """The league goes; its events and their results stay as they are."""
    with transaction.atomic():
        _organized(by, league.club)
        League.objects.filter(pk=league.pk).delete()


def parse_points(text: str) -> list[float]:
    """ "10, 7, 5, 3" as numbers (commas or semicolons between), refused with a sentence
    when one is not a number."""
    points = []
    for part in text.replace(";", ",").split(","):
        if not part.strip():
            continue
        try:
            value = float(part.strip())
        except ValueError:
            value = math.nan
        if not math.isfinite(value):
            raise ServiceError(
                _("Write the points as numbers separated by commas, e.g. 10, 7, 5, 3, 2, 1."),
                "place_points",
            )
        points.append(value)
    return points


def _organized(by: Any, club: Club) -> Club:
    locked = Club.objects.select_for_update().get(pk=club.pk)
    if not club_access.organizes(by, locked):
        raise ServiceError(_("Only %(club)s's organizers can do that.") % {"club": club.name})
    return locked


def _check(club: Club, terms: Terms, league: League | None) -> _Checked:
    name = _name(club, terms.name, league)
    events, series, planned = _events(club, terms)
    count = len(events) if series is None else planned or 0
    rule, points, taking_part = _rule(terms)
    counted, minimum = _counting(terms.counted, terms.minimum, count)
    return _Checked(name, events, series, planned, rule, points, taking_part, counted, minimum)


def _name(club: Club, text: str, league: League | None) -> str:
    name = " ".join(text.split())
    if not name:
        raise ServiceError(_("Give the league a name."), "name")
    if len(name) > MAX_NAME:
        raise ServiceError(
            _("A league's name is at most %(n)s characters.") % {"n": MAX_NAME}, "name"
        )
    same = League.objects.filter(club=club, name__iexact=name)
    if league is not None:
        same = same.exclude(pk=league.pk)
    if same.exists():
        raise ServiceError(
            _("%(club)s already has a league named “%(name)s”.")
            % {
                "club": club.name,
                "name": name,
            },
            "name",
        )
    return name


def _events(club: Club, terms: Terms) -> tuple[list[Event], EventSeries | None, int | None]:
    events = list({e.pk: e for e in terms.events}.values())
    series = terms.series
    if series is not None and events:
        raise ServiceError(_("Choose either events or a weekly series for the league, not both."))
    if series is None and not events:
        raise ServiceError(_("Choose the league's events, or a weekly series."), "events")
    for event in events:
        if event.club_id != club.pk:
            raise ServiceError(
                _("%(event)s is an event of another club.") % {"event": event.name}, "events"
            )
    if series is None:
        return events, None, None
    if series.club_id != club.pk:
        raise ServiceError(_("That weekly series is another club's."), "series")
    planned = terms.planned
    if planned is None or not 1 <= planned <= MAX_PLANNED:
        raise ServiceError(
            _("Say how many weeks of the series the league plays, from 1 to %(n)s.")
            % {"n": MAX_PLANNED},
            "planned",
        )
    return [], series, planned


def _rule(terms: Terms) -> tuple[str, list[float], float]:
    if terms.rule == League.SEASON:
        return League.SEASON, [], 0.0
    if terms.rule != League.PLACES:
        raise ServiceError(_("Choose how the league scores its events."), "rule")
    points = parse_points(terms.place_points)
    if not points or any(p < 0 for p in points):
        raise ServiceError(
            _("Give the points for 1st, 2nd, 3rd… place, none below 0."), "place_points"
        )
    if any(a < b for a, b in zip(points, points[1:], strict=False)):
        raise ServiceError(_("A better place never scores fewer points."), "place_points")
    if not math.isfinite(terms.taking_part) or terms.taking_part < 0:
        raise ServiceError(_("The points for taking part are 0 or more."), "taking_part")
    return League.PLACES, points, terms.taking_part


def _counting(counted: int | None, minimum: int, count: int) -> tuple[int | None, int]:
    events = ngettext("%(m)s event", "%(m)s events", count) % {"m": count}
    if counted is not None and counted < 1:
        raise ServiceError(_("A league counts at least its best result."), "counted")
    if counted is not None and counted > count:
        raise ServiceError(
            _("A league of %(events)s cannot count the best %(n)s: at most %(m)s.")
            % {"events": events, "n": counted, "m": count},
            "counted",
        )
    if minimum < 0 or minimum > count:
        raise ServiceError(
            _("A league of %(events)s cannot ask for %(n)s of them to rank a player.")
            % {"events": events, "n": minimum},
            "minimum",
        )
    return counted, minimum


def _save(league: League, checked: _Checked) -> League:
    league.name = checked.name
    league.series = checked.series
    league.planned = checked.planned
    league.rule = checked.rule
    league.place_points = checked.place_points
    league.taking_part = checked.taking_part
    league.counted = checked.counted
    league.minimum = checked.minimum
    try:
        with transaction.atomic():
            league.save()
    except IntegrityError:
        raise ServiceError(
            _("%(club)s already has a league named “%(name)s”.")
            % {"club": league.club.name, "name": league.name},
            "name",
        ) from None
    league.events.set(checked.events)
    return league
