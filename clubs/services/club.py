"""The club itself: founded, renamed and described, its join policy and time zone, a
new invite link."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from clubs import zones
from clubs.models import Club, Membership
from clubs.services.checks import (
    CHANGE_CLUB,
    CREATE_CLUB,
    NEW_INVITE,
    must_be_logged_in,
    must_organize,
)
from games.errors import ServiceError

NAME_LENGTH = Club._meta.get_field("name").max_length
SLUG_LENGTH = Club._meta.get_field("slug").max_length


def _already_called(name: str) -> str:
    return _("There is already a club called “%(name)s”.") % {"name": name}


def _clean_name(name: str, *, other_than: Club | None = None) -> str:
    name = " ".join(name.split())
    if not name:
        raise ServiceError(_("Name the club."), "name")
    if len(name) > NAME_LENGTH:
        raise ServiceError(
            _("A club's name has at most %(length)d characters.") % {"length": NAME_LENGTH},
            "name",
        )
    taken = Club.objects.filter(name__iexact=name)
    if other_than is not None:
        taken = taken.exclude(pk=other_than.pk)
    if taken.exists():
        raise ServiceError(_already_called(name), "name")
    if not slugify(name):
        raise ServiceError(_("Put some letters or digits in the club's name."), "name")
    return name


def _clean_policy(join_policy: str) -> str:
    if join_policy not in dict(Club.JOIN_POLICIES):
        raise ServiceError(_("Choose who may join from the list."), "join_policy")
    return join_policy


def _clean_zone(time_zone: str | None) -> str:
    """A name from the tz database (none: UTC, a founder without JavaScript)."""
    time_zone = (time_zone or "").strip() or zones.DEFAULT
    if not zones.is_known(time_zone):
        raise ServiceError(
            _(
                "“%(zone)s” is not a time zone this site knows: "
                "choose one such as Europe/Copenhagen from the list."
            )
            % {"zone": time_zone},
            "time_zone",
        )
    return time_zone


def _unique_slug(name: str) -> str:
    """The name as a slug no other club has: `kitchen`, then `kitchen-2`, `kitchen-3`…"""
    base = slugify(name)[: SLUG_LENGTH - 4].strip("-")
    slug, n = base, 1
    while Club.objects.filter(slug=slug).exists():
        n += 1
        slug = f"{base}-{n}"
    return slug


def create_club(
    *, by: Any, name: str, description: str = "", join_policy: str, time_zone: str | None = None
) -> Club:
    """A new club with `by` as its owner. Its slug (its address) comes from the name
    and never changes, so links to it keep working after a rename. Its time zone is
    the founder's browser's (blank: UTC)."""
    must_be_logged_in(by, CREATE_CLUB)
    name = _clean_name(name)
    join_policy = _clean_policy(join_policy)
    time_zone = _clean_zone(time_zone)
    try:
        with transaction.atomic():
            club = Club.objects.create(
                name=name,
                slug=_unique_slug(name),
                description=description.strip(),
                join_policy=join_policy,
                time_zone=time_zone,
            )
            Membership.objects.create(club=club, user=by, role=Membership.OWNER)
    except IntegrityError as error:  # someone took the name (or slug) a moment ago
        raise ServiceError(_already_called(name), "name") from error
    return club


def update_club(
    *,
    by: Any,
    club: Club,
    name: str,
    description: str,
    join_policy: str,
    time_zone: str | None = None,
) -> Club:
    """Rename the club, describe it, change who may join or its time zone (organizers;
    a time zone of None stays as it is)."""
    must_organize(by, club, CHANGE_CLUB)
    club.name = _clean_name(name, other_than=club)
    club.description = description.strip()
    club.join_policy = _clean_policy(join_policy)
    if time_zone is not None:
        club.time_zone = _clean_zone(time_zone)
    try:
        with transaction.atomic():
            club.save(update_fields=["name", "description", "join_policy", "time_zone"])
    except IntegrityError as error:
        club.refresh_from_db()
        raise ServiceError(_already_called(name), "name") from error
    return club


def new_invite_link(*, by: Any, club: Club) -> Club:
    """A new invite token: the old link stops working (a link that went too far)."""
    must_organize(by, club, NEW_INVITE)
    club.invite_token = secrets.token_urlsafe(16)
    club.save(update_fields=["invite_token"])
    return club
