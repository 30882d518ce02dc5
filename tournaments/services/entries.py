"""Entries (docs/tournaments.md#withdrawal): registering, an organizer adding a member, withdrawing,
checking in (also at the desk, docs/club-night.md#the-check-in-desk), opening and closing
registration, and the late-entry rule (seated from the next round, a bye for each round missed)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs import access as club_access
from games import services as games
from games.errors import ServiceError
from tournaments import entry_conditions, entry_gates, formats, registration
from tournaments.models import Bye, Entry, Event, Round
from tournaments.services.access import (
    CANCELLED,
    changed,
    locked_event,
    organizer_event,
    require_open,
)
from tournaments.services.seats import reseat_waiting_round


def register(*, event: Event, user: Any, token: str | None = None) -> Entry:
    """`user` enters `event`: a club member (or, for an invite-only event, anyone with
    the invite link's `token`), while registration is open and there is room. Once the
    event runs, until half its rounds have started: a late entry, seated from the next
    round, with a bye for each round missed."""
    if not getattr(user, "is_authenticated", False):
        raise ServiceError(_("Log in to register."))
    with transaction.atomic():
        event = locked_event(event.pk)
        require_open(event)
        if event.registration_open and event.registration_waits():
            raise ServiceError(
                _("Registration opens %(when)s.") % {"when": registration.opening_time(event)}
            )
        if not event.registration_open:
            raise ServiceError(_("Registration for this event is closed."))
        if event.entry == Event.INVITE:
            if token != event.invite_token and not club_access.organizes(user, event.club):
                raise ServiceError(_("This event is by invitation: use the invite link."))
        elif not club_access.is_member(user, event.club):
            raise ServiceError(
                _("Join %(club)s to register for its events.") % {"club": event.club.name}
            )
        entry = Entry.objects.filter(event=event, user=user).first()
        if entry is not None and entry.active:
            raise ServiceError(_("You are already registered."))
        entry_gates.require(user, event)
        entry_conditions.require(user, event)
        entry = enter(event, user, entry)
        reseat_waiting_round(event)
        changed(event)
    return entry


def late_entry_refusal(event: Event) -> str | None:
    """Why no one may enter `event` now (None: they may): it is over, its format takes
    no late entries, or half its rounds have started. Registering, the organizer adding
    a member by hand and the manage page (which then offers no such control) ask here."""
    if event.status == Event.FINISHED:
        return _("This event is over.")
    if event.status == Event.CANCELLED:
        return str(CANCELLED)
    if event.status != Event.RUNNING:
        return None
    if late := formats.of(event).rounds.late_entry_refusal:
        return str(late)
    if (next_round_number(event) - 1) * 2 > event.rounds:
        return _("Half the rounds have started: it is too late to join.")
    return None


def full_message(event: Event) -> str:
    return ngettext(
        "The event is full (%(cap)s player).",
        "The event is full (%(cap)s players).",
        event.player_cap,
    ) % {"cap": event.player_cap}


def enter(event: Event, user: Any, entry: Entry | None) -> Entry:
    """`user` enters `event` (the caller holds its lock and checked who may), or
    re-enters after withdrawing (`entry`): the cap and the late-entry rule, then a new
    entry with a bye for each round already played, or the old one registered again."""
    if event.player_cap and active_entries(event).count() >= event.player_cap:
        raise ServiceError(full_message(event))
    if refusal := late_entry_refusal(event):
        raise ServiceError(str(refusal))
    first = next_round_number(event)
    if entry is None:
        entry = Entry.objects.create(event=event, user=user, first_round=first)
        if event.status == Event.RUNNING:
            # A late entry: a bye for each round they could not play.
            Bye.objects.bulk_create(
                Bye(round=r, entry=entry, points=event.bye_points, late=True)
                for r in event.round_set.filter(number__lt=first)
            )
    else:  # rejoining after a withdrawal: the rounds missed score nothing
        entry.status, entry.withdrawn_at, entry.missed_check_in = Entry.REGISTERED, None, False
        entry.save(update_fields=["status", "withdrawn_at", "missed_check_in"])
    return entry


def add_entry(*, event: Event, user: Any, by: Any) -> Entry:
    """An organizer enters a club member by hand (someone at the club night without the
    site open): as registering, whether registration is open or the event is by
    invitation, and with the same late-entry rule (seated from the next round, a bye for
    each round missed; refused where the format takes no late entries)."""
    with transaction.atomic():
        event = organizer_event(by, event.pk)
        name = user.get_username()
        if not club_access.is_member(user, event.club):
            raise ServiceError(
                _("%(name)s is not a member of %(club)s.") % {"name": name, "club": event.club.name}
            )
        entry = Entry.objects.filter(event=event, user=user).first()
        if entry is not None and entry.active:
            raise ServiceError(_("%(name)s is already in the event.") % {"name": name})
        entry_gates.require(user, event)
        # The event's conditions bind the organizer too (docs/tournaments.md#entry-conditions).
        entry_conditions.require(user, event, name=name)
        entry = enter(event, user, entry)
        reseat_waiting_round(event)
        changed(event)
    return entry


def withdraw(*, event: Event, entry: Entry, by: Any) -> Entry:
    """`entry` leaves `event` (by themselves or an organizer). Their results stand; a
    bot plays their seat in a game being played, and they are seated no more."""
    with transaction.atomic():
        event = locked_event(event.pk)
        if entry.event_id != event.pk:
            raise ServiceError(_("That player is not in this event."))
        if by != entry.user and not club_access.organizes(by, event.club):
            raise ServiceError(_("Only the player or the club's organizers can do that."))
        entry = Entry.objects.get(pk=entry.pk)
        if not entry.active:
            raise ServiceError(
                _("%(name)s has already withdrawn.") % {"name": entry.user.get_username()}
            )
        require_open(event, over=_("This event is over: its results stand."))
        if refusal := formats.of(event).rounds.withdrawal_refusal(entry):
            raise ServiceError(str(refusal))
        entry.status, entry.withdrawn_at = Entry.WITHDRAWN, timezone.now()
        entry.stand_in_round = None  # a bot plays their games to the end now
        entry.save(update_fields=["status", "withdrawn_at", "stand_in_round"])
        for game_id in formats.of(event).rounds.games_of(entry):
            games.let_bot_finish(game_id=game_id, user=entry.user)
        reseat_waiting_round(event)
        changed(event)
    return entry


def check_in(*, event: Event, user: Any) -> Entry:
    """A registered player says they are here, within the check-in window before the
    start. Entries not checked in when the event starts are withdrawn."""
    with transaction.atomic():
        event = locked_event(event.pk)
        entry = Entry.objects.filter(event=event, user=user, status=Entry.REGISTERED).first()
        if entry is None:
            raise ServiceError(_("Register first."))
        if not event.checkin_minutes:
            raise ServiceError(_("This event has no check-in: being registered is enough."))
        opens = event.starts_at - timedelta(minutes=event.checkin_minutes)
        now = timezone.now()
        if event.status != Event.UPCOMING:
            raise ServiceError(_("Check-in has closed: the event has started."))
        if now < opens:
            raise ServiceError(
                ngettext(
                    "Check-in opens %(minutes)s minute before the start.",
                    "Check-in opens %(minutes)s minutes before the start.",
                    event.checkin_minutes,
                )
                % {"minutes": event.checkin_minutes}
            )
        if entry.checked_in_at is None:
            entry.checked_in_at = now
            entry.save(update_fields=["checked_in_at"])
            changed(event)
    return entry


def check_in_for(*, event: Event, entry: Entry, by: Any) -> Entry:
    """An organizer checks `entry` in at the desk (a player in the room without the
    site open, or whose phone is flat). As `check_in`, but also before the check-in
    window opens: the organizer sees them here (docs/club-night.md#the-check-in-desk)."""
    with transaction.atomic():
        event = organizer_event(by, event.pk)
        found = Entry.objects.select_related("user").filter(pk=entry.pk, event=event).first()
        if found is None:
            raise ServiceError(_("That player is not in this event."))
        name = found.user.get_username()
        if event.status == Event.CANCELLED:
            raise ServiceError(str(CANCELLED))
        if not event.checkin_minutes:
            raise ServiceError(_("This event has no check-in: being registered is enough."))
        if event.status != Event.UPCOMING:
            raise ServiceError(_("Check-in has closed: the event has started."))
        if not found.active:
            raise ServiceError(
                _("%(name)s has withdrawn: add them to the event again first.") % {"name": name}
            )
        if found.checked_in_at is not None:
            raise ServiceError(_("%(name)s has already checked in.") % {"name": name})
        found.checked_in_at = timezone.now()
        found.save(update_fields=["checked_in_at"])
        changed(event)
    return found


def not_checked_in(event: Event) -> list[Entry]:
    """The registered players the event's start would withdraw, by name: those not
    checked in when it has check-in (none when it has not, or has started)."""
    if not event.checkin_minutes or event.status != Event.UPCOMING:
        return []
    return list(
        active_entries(event)
        .filter(checked_in_at__isnull=True)
        .select_related("user")
        .order_by("user__username")
    )


def set_registration(*, event: Event, by: Any, open: bool) -> Event:
    """The organizer opens registration (now, also when it was to open later) or
    closes it."""
    with transaction.atomic():
        event = organizer_event(by, event.pk, open_only=True)
        event.registration_open = open
        if open and event.registration_waits():
            event.registration_opens_at = None
        event.save(update_fields=["registration_open", "registration_opens_at"])
        registration.announce(event, timezone.now())
        changed(event)
    return event


def next_round_number(event: Event) -> int:
    """The first round a player entering now can be seated in: a round waiting to start
    (it is seated again), else the one after the last."""
    last = event.round_set.order_by("-number").first()
    if last is None:
        return 1
    return last.number if last.status == Round.SEATED else last.number + 1


def active_entries(event: Event) -> QuerySet[Entry]:
    return Entry.objects.filter(event=event, status=Entry.REGISTERED)
