"""A guest's results become a member's (docs/clubs.md#a-guest-becomes-a-member): the
claimer `clubs.guest_results` runs when someone accepts a guest's invitation. Each of the
guest's entries — and with it their seats, places and results, which hang on the entry —
becomes the member's, except in an event where the member has an entry of their own (one
entry per player): that one stays the guest's, and the page says so. A guest left with no
entry is erased (their name was kept only for those results)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts import deletion
from tournaments.models import Entry
from tournaments.services.access import changed


def claim_guest(guest: Any, user: Any) -> list[str]:
    """Move `guest`'s entries to `user` (inside the caller's transaction); what moved
    and what stayed, as sentences for `user`."""
    entries = list(Entry.objects.select_for_update().filter(user=guest).select_related("event"))
    theirs = set(
        Entry.objects.filter(user=user, event__in=[e.event_id for e in entries]).values_list(
            "event_id", flat=True
        )
    )
    moved = [e for e in entries if e.event_id not in theirs]
    kept = [e for e in entries if e.event_id in theirs]
    name = guest.get_username()
    for entry in moved:
        entry.user = user
        entry.save(update_fields=["user"])
        changed(entry.event)
    said = []
    if moved:
        said.append(
            ngettext(
                "Your results as %(name)s in %(count)d event are yours now: %(events)s.",
                "Your results as %(name)s in %(count)d events are yours now: %(events)s.",
                len(moved),
            )
            % {"name": name, "count": len(moved), "events": ", ".join(e.event.name for e in moved)}
        )
    if kept:
        said.append(
            _("%(name)s's results stay theirs where you played yourself: %(events)s.")
            % {"name": name, "events": ", ".join(e.event.name for e in kept)}
        )
    else:
        deletion.erase(guest.pk)
    return said
