"""An event's entry conditions (docs/tournaments.md#entry-conditions), in one place:
members only, a rating range and a least number of rated games in the event's rules
family (read through `tournaments.rated_record`, which the ratings app fills), and fewer
than N no-shows in the club's last M events. Each condition says whether the event sets
it, how the event page lists it ("players rated 1400–1700 in Lives games"), and, for a
person who does not meet it, the sentence naming it and what they have. Registering and
an organizer adding a member ask `require` before writing anything (organizers do not
override: to let someone in, they change the event's conditions); the event page lists
`described` and, instead of a Register button that could only be refused, shows
`refusal`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs import access as club_access
from games.errors import ServiceError
from tournaments import rated_record
from tournaments.models import Entry, Event, RoundSeat


@dataclass(frozen=True)
class Person:
    """Who is checked: `name` None when it is the viewer themselves ("you")."""

    user: Any
    name: str | None


class Condition(Protocol):
    def applies(self, event: Event) -> bool: ...
    def phrase(self, event: Event) -> str: ...
    def shortfall(self, person: Person, event: Event) -> str | None: ...


class MembersOnly:
    def applies(self, event: Event) -> bool:
        return event.members_only

    def phrase(self, event: Event) -> str:
        return _("members of %(club)s") % {"club": event.club.name}

    def shortfall(self, person: Person, event: Event) -> str | None:
        if club_access.is_member(person.user, event.club):
            return None
        if person.name is None:
            return _("you are not a member")
        return _("%(name)s is not a member") % {"name": person.name}


def _family(event: Event) -> str:
    return rated_record.family(event.rules) or _("this game's ratings")


class RatingRange:
    def applies(self, event: Event) -> bool:
        return event.rating_min is not None or event.rating_max is not None

    def phrase(self, event: Event) -> str:
        values = {"low": event.rating_min, "high": event.rating_max, "family": _family(event)}
        if event.rating_max is None:
            return _("players rated at least %(low)s in %(family)s") % values
        if event.rating_min is None:
            return _("players rated at most %(high)s in %(family)s") % values
        return _("players rated %(low)s–%(high)s in %(family)s") % values

    def shortfall(self, person: Person, event: Event) -> str | None:
        found = rated_record.record(person.user, event.rules)
        rating = found.rating if found is not None else None
        if rating is None:
            if person.name is None:
                return _("you have no rating there yet")
            return _("%(name)s has no rating there yet") % {"name": person.name}
        low, high = event.rating_min, event.rating_max
        if (low is None or rating >= low) and (high is None or rating <= high):
            return None
        if person.name is None:
            return _("your rating there is %(rating)s") % {"rating": rating}
        return _("%(name)s's rating there is %(rating)s") % {"name": person.name, "rating": rating}


class RatedGames:
    def applies(self, event: Event) -> bool:
        return bool(event.min_rated_games)

    def phrase(self, event: Event) -> str:
        least = event.min_rated_games or 0
        return ngettext(
            "players with at least %(count)s rated game in %(family)s",
            "players with at least %(count)s rated games in %(family)s",
            least,
        ) % {"count": least, "family": _family(event)}

    def shortfall(self, person: Person, event: Event) -> str | None:
        found = rated_record.record(person.user, event.rules)
        games = found.games if found is not None else 0
        if games >= (event.min_rated_games or 0):
            return None
        if person.name is None:
            return ngettext(
                "you have %(count)s rated game there", "you have %(count)s rated games there", games
            ) % {"count": games}
        return ngettext(
            "%(name)s has %(count)s rated game there",
            "%(name)s has %(count)s rated games there",
            games,
        ) % {"name": person.name, "count": games}


def no_shows(user: Any, event: Event) -> int:
    """In how many of the club's last `event.no_show_window` events (that have started,
    this one aside) `user` was a no-show: withdrawn at the start for not checking in, or
    a bot stood in for them (docs/tournaments.md#stand-ins)."""
    window = event.no_show_window or 0
    recent = list(
        Event.objects.filter(club=event.club, started_at__isnull=False)
        .exclude(pk=event.pk)
        .order_by("-started_at", "-pk")
        .values_list("pk", flat=True)[:window]
    )
    missed = set(
        Entry.objects.filter(event__in=recent, user=user, missed_check_in=True).values_list(
            "event_id", flat=True
        )
    )
    stood_in = set(
        RoundSeat.objects.filter(
            table__round__event__in=recent, entry__user=user, stood_in=True
        ).values_list("table__round__event_id", flat=True)
    )
    return len(missed | stood_in)


class NoShows:
    def applies(self, event: Event) -> bool:
        return bool(event.max_no_shows and event.no_show_window)

    def phrase(self, event: Event) -> str:
        window = event.no_show_window or 0
        return ngettext(
            "players with fewer than %(most)s no-shows in the club's last event",
            "players with fewer than %(most)s no-shows in the club's last %(count)s events",
            window,
        ) % {"most": event.max_no_shows, "count": window}

    def shortfall(self, person: Person, event: Event) -> str | None:
        count = no_shows(person.user, event)
        if count < (event.max_no_shows or 0):
            return None
        if person.name is None:
            return ngettext(
                "you have %(count)s no-show there", "you have %(count)s no-shows there", count
            ) % {"count": count}
        return ngettext(
            "%(name)s has %(count)s no-show there", "%(name)s has %(count)s no-shows there", count
        ) % {
            "name": person.name,
            "count": count,
        }


CONDITIONS: list[Condition] = [MembersOnly(), RatingRange(), RatedGames(), NoShows()]


def described(event: Event) -> list[str]:
    """The conditions `event` sets, as the page lists them after "Who may enter"."""
    return [c.phrase(event) for c in CONDITIONS if c.applies(event)]


def refusal(user: Any, event: Event, *, name: str | None = None) -> str | None:
    """The sentence refusing `user` entry to `event` by its first unmet condition
    ("This event is for players rated 1400–1700 in Lives games: your rating there is
    1320."); None if they meet them all. `name`: the person's, when an organizer adds
    them (None: the sentence speaks to `user`)."""
    if not getattr(user, "is_authenticated", False):
        return None
    person = Person(user, name)
    for condition in CONDITIONS:
        if condition.applies(event) and (fact := condition.shortfall(person, event)):
            return _("This event is for %(condition)s: %(fact)s.") % {
                "condition": condition.phrase(event),
                "fact": fact,
            }
    return None


def require(user: Any, event: Event, *, name: str | None = None) -> None:
    if (sentence := refusal(user, event, name=name)) is not None:
        raise ServiceError(sentence)


def check(
    *,
    rating_min: int | None,
    rating_max: int | None,
    min_rated_games: int | None,
    max_no_shows: int | None,
    no_show_window: int | None,
) -> None:
    """Refuse conditions that make no sense, naming the field (nothing is written)."""
    for field, value in (
        ("rating_min", rating_min),
        ("rating_max", rating_max),
        ("min_rated_games", min_rated_games),
        ("max_no_shows", max_no_shows),
        ("no_show_window", no_show_window),
    ):
        if value is not None and not 0 <= value <= MOST:
            raise ServiceError(
                _("Write a number from 0 to %(most)s, or leave it blank.") % {"most": MOST}, field
            )
    if rating_min is not None and rating_max is not None and rating_min > rating_max:
        raise ServiceError(_("The lowest rating is above the highest."), "rating_min")
    if (max_no_shows is None) != (no_show_window is None):
        raise ServiceError(
            _("Give both the no-shows and the number of events they are counted over."),
            "max_no_shows",
        )
    if max_no_shows == 0 or no_show_window == 0:
        raise ServiceError(
            _("Fewer than 0 no-shows, or over 0 events, takes no one: write 1 or more."),
            "max_no_shows",
        )


# The largest number a condition takes (a small positive integer field holds it).
MOST = 32767
