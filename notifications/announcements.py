"""A club announcement: an organizer writes to every member of the club, each of whom is
notified as they chose (the kind "Announcements",
docs/notifications.md#a-club-announcement). The write path: who may, and a clear
sentence for anything else, writing nothing."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs import access
from clubs.models import Club, Membership
from games.errors import ServiceError
from notifications.models import ClubAnnouncement
from notifications.tasks import make_later

MAX_LENGTH = 2000


def not_allowed(club: Club) -> str:
    """The refusal of someone who may not write to the club's members."""
    return _("Only the organizers of %(club)s can write to its members.") % {"club": club.name}


def allowed(club: Club, by: Any) -> bool:
    return access.organizes(by, club)


def check(*, club: Club, by: Any, text: str) -> str:
    """The text as it will be sent (spaces tidied, lines kept), or a refusal."""
    if not allowed(club, by):
        raise ServiceError(not_allowed(club))
    lines = [" ".join(line.split()) for line in text.strip().splitlines()]
    cleaned = "\n".join(lines).strip()
    while "\n\n\n" in cleaned:
        cleaned = cleaned.replace("\n\n\n", "\n\n")
    if not cleaned:
        raise ServiceError(_("Write the announcement."), "text")
    if len(cleaned) > MAX_LENGTH:
        raise ServiceError(
            _("An announcement is at most %(most)d characters (%(now)d now).")
            % {"most": MAX_LENGTH, "now": len(cleaned)},
            "text",
        )
    return cleaned


def audience(club: Club, by: Any) -> int:
    """How many members it goes to (all but its writer)."""
    return Membership.objects.filter(club=club).exclude(user=by).count()


def announce(*, club: Club, by: Any, text: str) -> ClubAnnouncement:
    cleaned = check(club=club, by=by, text=text)
    with transaction.atomic():
        said = ClubAnnouncement.objects.create(
            club=club, by=by, text=cleaned, recipients=audience(club, by)
        )
        pk = said.pk
        transaction.on_commit(lambda: make_later("club_announcement", announcement_id=pk))
    return said
