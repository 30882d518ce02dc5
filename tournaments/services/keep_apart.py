"""An event's own keep-apart pairs (docs/fair-seating.md#keep-apart-pairs), added and
removed by its club's organizers: each person entered in the event or a member of its
club, (a, b) the same pair as (b, a), each refusal a sentence that writes nothing. A
pair counts from the next round drawn; a round already drawn keeps the pairs it was
drawn with (`Round.kept_apart`), so removing one changes no verify result."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs import access as club_access
from clubs.models import KeepApart
from clubs.services import already, checked_pair
from games.errors import ServiceError
from tournaments.models import Entry, Event, EventKeepApart
from tournaments.services.access import organizer_event


def add_event_keep_apart(
    *, by: Any, event: Event, first: Any, second: Any, note: str = ""
) -> EventKeepApart:
    """Keep two people apart in this event's seating, on top of the club's pairs."""
    with transaction.atomic():
        event = organizer_event(by, event.pk, open_only=True)
        first, second, note = checked_pair(first, second, note)
        for person in (first, second):
            entered = Entry.objects.filter(event=event, user=person).exists()
            if not entered and not club_access.is_member(person, event.club):
                raise ServiceError(
                    _("%(name)s is neither entered in %(event)s nor a member of %(club)s.")
                    % {"name": person.get_username(), "event": event.name, "club": event.club.name},
                    "first",
                )
        same = {"first": first, "second": second}
        if (
            EventKeepApart.objects.filter(event=event, **same).exists()
            or KeepApart.objects.filter(club_id=event.club_id, **same).exists()
        ):
            raise ServiceError(already(first, second), "second")
        try:
            with transaction.atomic():
                return EventKeepApart.objects.create(event=event, note=note, created_by=by, **same)
        except IntegrityError as error:  # the same pair added at the same moment
            raise ServiceError(already(first, second), "second") from error


def remove_event_keep_apart(*, by: Any, pair: EventKeepApart) -> None:
    """Take a pair off the event's list (rounds drawn already keep theirs)."""
    with transaction.atomic():
        organizer_event(by, pair.event_id)
        pair.delete()
