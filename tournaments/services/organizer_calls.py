"""Calling the organizer to a table, and answering (docs/club-night.md#calling-the-organizer).
A player seated at one of a running event's tables calls, with a reason (or a phone
through a card table's own link, without an account: docs/club-night.md#a-tables-own-link);
an organizer of
the event's club marks the call answered, which records who and when. Each refusal is a
sentence and writes nothing. After the commit the console (the event's socket) and the
organizers' calls bars are told."""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from calls import push
from clubs.models import Membership
from games import ratelimit
from games.errors import ServiceError
from games.signals import send_on_commit
from tournaments import signals
from tournaments.cards.table_links import Phone, require_current
from tournaments.models import Event, OrganizerCall, RoundSeat, RoundTable
from tournaments.services.access import changed, locked_event, require_organizer

# Calls per person: a few in an evening is a table's needs; more is a button pressed
# for fun, each press a push to every organizer (docs/security.md#limits).
CALLS = ratelimit.Limit("organizer_calls", count=5, seconds=600)
NOTE_LENGTH = OrganizerCall._meta.get_field("note").max_length or 140


def seated(user: Any, table: RoundTable) -> bool:
    """Whether `user` is one of the players seated at `table` (its round seats)."""
    return (
        user is not None
        and user.is_authenticated
        and RoundSeat.objects.filter(table=table, entry__user=user).exists()
    )


def call_organizer(
    *,
    event: Event,
    table: RoundTable,
    by: Any,
    reason: str,
    note: str = "",
    phone: Phone | None = None,
) -> OrganizerCall:
    """`by`, seated at `table` of `event`, calls its organizer; or, `by=None`, a phone
    holding the table's current link (one open call per phone and table)."""
    note = note.strip()
    if reason not in dict(OrganizerCall.REASONS):
        raise ServiceError(_("Choose why you call the organizer."))
    if len(note) > NOTE_LENGTH:
        raise ServiceError(_("Say it in at most %(count)s characters.") % {"count": NOTE_LENGTH})
    if by is None and (phone is None or not phone.device):
        raise ServiceError(
            _("Only the players at table %(table)s can call the organizer to it.")
            % {"table": table.number}
        )
    key = str(by.pk) if by is not None else f"device:{phone.device}" if phone else ""
    if wait := ratelimit.throttled(CALLS, key):
        raise ServiceError(ratelimit.too_fast(wait))
    with transaction.atomic():
        locked = locked_event(event.pk)
        if table.round.event_id != locked.pk:
            raise ServiceError(_("That table is not one of this event's."))
        if locked.status != Event.RUNNING:
            raise ServiceError(_("The organizer is called only while the event runs."))
        if phone is not None:
            require_current(RoundTable.objects.get(pk=table.pk), phone.version)
        if by is not None and not seated(by, table):
            raise ServiceError(
                _("Only the players at table %(table)s can call the organizer to it.")
                % {"table": table.number}
            )
        device = phone.device if phone is not None else ""
        calling = (
            OrganizerCall.objects.filter(caller=by)
            if by is not None
            else OrganizerCall.objects.filter(caller__isnull=True, device=device)
        )
        if calling.filter(table=table, answered_at__isnull=True).exists():
            raise ServiceError(_already())
        try:
            with transaction.atomic():
                made = OrganizerCall.objects.create(
                    event=locked, table=table, caller=by, device=device, reason=reason, note=note
                )
        except IntegrityError:  # two presses at once: the other one's call stands
            raise ServiceError(_already()) from None
        _told(locked)
        # The organizers' notifications (docs/notifications.md), after the commit.
        send_on_commit(signals.organizer_called, sender=Event, call_id=made.pk)
    return made


def answer_call(*, call_id: int, by: Any, event: Event) -> OrganizerCall:
    """An organizer of `event` marks its call `call_id` answered."""
    with transaction.atomic():
        locked = locked_event(event.pk)
        require_organizer(locked, by)
        found = OrganizerCall.objects.select_for_update().filter(pk=call_id, event=locked).first()
        if found is None:
            raise ServiceError(_("That call is no longer there: reload the page."))
        if found.answered_at is not None:
            raise ServiceError(_("That call is already answered."))
        found.answered_at, found.answered_by = timezone.now(), by
        found.save(update_fields=["answered_at", "answered_by"])
        _told(locked)
        send_on_commit(signals.organizer_call_answered, sender=Event, call_id=found.pk)
    return found


def _already() -> str:
    return _("The organizer is already called to this table.")


def _told(event: Event) -> None:
    """The console (refetched when the event's socket says it changed) and, after the
    commit, the organizers' calls bars (tournaments.room.organizer_calls)."""
    changed(event)
    club_id = event.club_id
    transaction.on_commit(lambda: push.changed(organizer_ids(club_id)))


def organizer_ids(club_id: int) -> list[int]:
    return list(
        Membership.objects.filter(club_id=club_id, role__in=Membership.ORGANIZING).values_list(
            "user_id", flat=True
        )
    )
