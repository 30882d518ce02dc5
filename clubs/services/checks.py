"""Who is asking, checked: the refusals of someone not logged in or whose role in the
club does not allow what they ask (`NotAllowed`, which a view answers with 403), each
as whole sentences (docs/i18n.md)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy

from clubs import access
from clubs.models import Club, Membership
from games.errors import ServiceError


class NotAllowed(ServiceError):
    """The person's role in the club does not allow what they asked."""


@dataclass(frozen=True)
class Asking:
    """What someone asks to do, as the refusals say it: whole sentences, one for a person
    who is not logged in and one for a member whose role does not allow it (docs/i18n.md:
    no sentence glued from pieces)."""

    log_in: Any  # a lazy translation
    only: Any = None  # a lazy translation with %(club)s


CREATE_CLUB = Asking(gettext_lazy("Log in to create a club."))
CHANGE_CLUB = Asking(
    gettext_lazy("Log in to change the club."),
    gettext_lazy("Only the organizers of %(club)s can change the club."),
)
NEW_INVITE = Asking(
    gettext_lazy("Log in to make a new invite link."),
    gettext_lazy("Only the organizers of %(club)s can make a new invite link."),
)
JOIN = Asking(gettext_lazy("Log in to join a club."))
ACCEPT = Asking(
    gettext_lazy("Log in to accept new members."),
    gettext_lazy("Only the organizers of %(club)s can accept new members."),
)
ANSWER = Asking(
    gettext_lazy("Log in to answer requests to join."),
    gettext_lazy("Only the organizers of %(club)s can answer requests to join."),
)
SET_ROLE = Asking(
    gettext_lazy("Log in to change members' roles."),
    gettext_lazy("Only the owners of %(club)s can change members' roles."),
)
REMOVE_ORGANIZER = Asking(
    gettext_lazy("Log in to remove an organizer or an owner."),
    gettext_lazy("Only the owners of %(club)s can remove an organizer or an owner."),
)
REMOVE_MEMBER = Asking(
    gettext_lazy("Log in to remove members."),
    gettext_lazy("Only the organizers of %(club)s can remove members."),
)
LEAVE = Asking(gettext_lazy("Log in to leave a club."))
HOUSE_RULES = Asking(
    gettext_lazy("Log in to change the club's house rules."),
    gettext_lazy("Only the organizers of %(club)s can change the club's house rules."),
)


def must_be_logged_in(by: Any, asking: Asking) -> None:
    if not getattr(by, "is_authenticated", False):
        raise NotAllowed(str(asking.log_in))


def must_organize(by: Any, club: Club, asking: Asking) -> None:
    must_be_logged_in(by, asking)
    if not access.organizes(by, club):
        raise NotAllowed(str(asking.only) % {"club": club.name})


def must_own(by: Any, club: Club, asking: Asking) -> None:
    must_be_logged_in(by, asking)
    if not access.owns(by, club):
        raise NotAllowed(str(asking.only) % {"club": club.name})


def is_only_owner(membership: Membership) -> bool:
    """Whether `membership` is its club's last owner: a club always keeps one."""
    if membership.role != Membership.OWNER:
        return False
    owners = Membership.objects.filter(club_id=membership.club_id, role=Membership.OWNER)
    return not owners.exclude(pk=membership.pk).exists()
