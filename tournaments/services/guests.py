"""Guests (docs/club-night.md#guests): a visitor without an account entered by an organizer at
an event whose every table plays with real cards."""

from __future__ import annotations

import unicodedata
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import deletion
from games.errors import ServiceError
from tournaments.models import Entry, Event
from tournaments.services.access import changed, organizer_event
from tournaments.services.entries import active_entries, enter, full_message, late_entry_refusal
from tournaments.services.seats import reseat_waiting_round

GUEST_MARKS = frozenset("0123456789 .-")


GUEST_NAME_MAX = 40


def guest_refusal(event: Event) -> str | None:
    """Why `event` takes no guests (None: it does). A guest cannot log in, so cannot
    play a table online: only an event whose every table plays with real cards takes
    them (docs/club-night.md#guests); then the late-entry rule as for anyone."""
    if event.venue != Event.CARDS:
        return _("A guest cannot log in to play online: guests play at events played with cards.")
    return late_entry_refusal(event)


def guest_username(name: str) -> str:
    """The stored name of a guest called `name`: "Anna (guest)", or "Anna (guest 2)"
    when that is taken. Sign-up refuses spaces and brackets (accounts.usernames), so
    no member can ever take it."""
    base = f"{name} (guest)"
    taken = set(
        get_user_model()
        .objects.filter(username__istartswith=f"{name} (guest")
        .values_list("username", flat=True)
    )
    taken_lower = {t.lower() for t in taken}
    if base.lower() not in taken_lower:
        return base
    number = 2
    while f"{name} (guest {number})".lower() in taken_lower:
        number += 1
    return f"{name} (guest {number})"


def _new_guest(name: str) -> Any:
    """The guest's `User`. Two organizers of two events may name an "Anna" at the same
    moment (each holds only their own event's lock): the second's name is taken when
    it saves, so it takes the next number."""
    for _attempt in range(5):
        guest = get_user_model()(username=guest_username(name), is_guest=True, is_active=False)
        guest.set_unusable_password()
        try:
            with transaction.atomic():
                guest.save()
        except IntegrityError:
            continue
        return guest
    raise ServiceError(_("Another guest of that name was just added: try again."), "name")


def add_guest(*, event: Event, by: Any, name: str) -> Entry:
    """An organizer enters a visitor without an account (docs/club-night.md#guests): a new
    `User` marked `is_guest`, named "<name> (guest)", inactive with an unusable
    password (they never log in, so never play online and are never rated), not a club
    member, and their entry as `add_entry` makes one (a late entry: from the next
    round, a bye for each round missed). Only in an upcoming or running event whose
    tables all play with real cards; refused, writing nothing, otherwise."""
    # Compatibility forms (full-width letters) as plain ones, runs of spaces as one.
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    if not name:
        raise ServiceError(_("Give the guest's name."), "name")
    if len(name) > GUEST_NAME_MAX:
        raise ServiceError(
            _("A guest's name is at most %(most)s characters.") % {"most": GUEST_NAME_MAX},
            "name",
        )
    if not all(c.isalpha() or c in GUEST_MARKS for c in name):
        raise ServiceError(
            _("Use only letters, digits, spaces, . and - in a guest's name."), "name"
        )
    with transaction.atomic():
        event = organizer_event(by, event.pk)
        if refusal := guest_refusal(event):
            raise ServiceError(str(refusal))
        if event.player_cap and active_entries(event).count() >= event.player_cap:
            raise ServiceError(full_message(event))
        guest = _new_guest(name)
        entry = enter(event, guest, None)
        if event.checkin_minutes and event.status == Event.UPCOMING:
            # The organizer enters them in the room, and they cannot check in
            # themselves: they are here, or the start would withdraw them.
            entry.checked_in_at = timezone.now()
            entry.save(update_fields=["checked_in_at"])
        reseat_waiting_round(event)
        changed(event)
    return entry


def erase_guest(*, event: Event, by: Any, entry: Entry) -> None:
    """An organizer erases a guest of their event as a member deletes their account, at
    once (docs/privacy.md#deleting-an-account): the name becomes "Deleted player 7", the
    places and results stay. Refused, changing nothing, for a member (they delete their
    own account) or a guest who also played another club's events."""
    with transaction.atomic():
        _erase_guest(organizer_event(by, event.pk), entry)


def _erase_guest(event: Event, entry: Entry) -> None:
    guest = entry.user
    if not guest.is_guest:
        raise ServiceError(
            _("Only a guest can be erased here: a member deletes their own account.")
        )
    clubs = Entry.objects.filter(user=guest).values_list("event__club", flat=True).distinct()
    if set(clubs) != {event.club_id}:
        raise ServiceError(
            _("%(name)s also played at another club's events: the site's staff can erase them.")
            % {"name": guest.get_username()}
        )
    deletion.erase(guest.pk)
    changed(event)
