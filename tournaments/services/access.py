"""What every change to an event does first and last (docs/tournaments.md#writes): lock the
event's row, so changes to one event take turns (`locked_event`; a round's event,
`locked_round`), refuse whoever does not organize its club (`require_organizer`) and an
event over or cancelled (`require_open`), and, once the change is written, count it and
tell its pages after the commit (`changed`). An organizer's change starts with
`organizer_event`, the lock and those checks in the order every change makes them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs import access as club_access
from games.errors import ServiceError
from tournaments.models import Event, Round
from tournaments.pushes import live

CANCELLED = gettext_lazy("This event is cancelled.")


def locked_round(round_id: int) -> tuple[Event, Round] | None:
    """Round `round_id` and its event, the event's row locked and the round read after
    the lock (as the lock's holder left it); None when there is no such round."""
    event_id = Round.objects.filter(pk=round_id).values_list("event_id", flat=True).first()
    if event_id is None:
        return None
    return locked_event(event_id), Round.objects.get(pk=round_id)


def locked_event(event_id: int) -> Event:
    """The event, its row locked until the transaction ends: every change to an event's
    rounds (here and in `tournaments.cards.card_results`) takes turns on it."""
    return Event.objects.select_for_update().select_related("club", "rule_set").get(pk=event_id)


def organizer_event(by: Any, event_id: int, *, open_only: bool = False) -> Event:
    """Event `event_id`, its row locked (`locked_event`), for `by`, one of its club's
    organizers (`require_organizer`); with `open_only`, refused too when it is over or
    cancelled (`require_open`). The first lines of an organizer's change."""
    event = locked_event(event_id)
    require_organizer(event, by)
    if open_only:
        require_open(event)
    return event


def require_open(event: Event, over: str | None = None) -> None:
    """Refuse, with a sentence, an event that is over (`over`, else "This event is
    over.") or cancelled."""
    if event.status == Event.FINISHED:
        raise ServiceError(over or _("This event is over."))
    if event.status == Event.CANCELLED:
        raise ServiceError(str(CANCELLED))


def require_organizer(event: Event, by: Any) -> None:
    """Refuse, with a sentence, anyone who does not organize the event's club."""
    if not club_access.organizes(by, event.club):
        raise ServiceError(_("Only %(club)s's organizers can do that.") % {"club": event.club.name})


def changed(event: Event) -> None:
    """Count the change, and after the commit tell everyone watching the event (the
    standings, the rounds). The count lets a socket that reconnects see whether it
    missed a change (tournaments.consumers)."""
    event_id = event.pk
    Event.objects.filter(pk=event_id).update(live_version=F("live_version") + 1)
    transaction.on_commit(lambda: live.push(event_id))


class _DryRun(Exception):
    """Raised inside a savepoint to roll back what a service call wrote."""


def dry_run(call: Callable[[], Any]) -> ServiceError | None:
    """Run `call` and undo it: the services' refusal, or None if it would succeed.
    Nothing it wrote stays and nothing is told (pushes and tasks wait for a commit
    that never comes): how the manage page and the admin ask before they act."""
    try:
        with transaction.atomic():
            call()
            raise _DryRun
    except _DryRun:
        return None
    except ServiceError as error:
        return error
