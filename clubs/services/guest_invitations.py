"""A guest becomes a member (docs/clubs.md#a-guest-becomes-a-member): an organizer sends
a guest of the club's card tables a one-time invitation; whoever accepts it joins the
club and takes the guest's results (`clubs.guest_results`)."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.mail import get_connection
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club, ClubInvitation
from clubs.services.checks import Asking, must_organize
from clubs.services.invitations import letter
from games.errors import ServiceError

INVITE_GUEST = Asking(
    gettext_lazy("Log in to invite a guest."),
    gettext_lazy("Only the organizers of %(club)s can invite a guest to join."),
)


def open_invitation(guest: Any) -> ClubInvitation | None:
    """The guest's invitation not used yet, if one was sent."""
    return ClubInvitation.objects.filter(guest=guest, used_at__isnull=True).first()


def invite_guest(*, by: Any, club: Club, guest: Any, email: str) -> ClubInvitation:
    """Invite `guest` (who played at `club`'s events: the caller's to vouch) at `email`,
    and mail the link after the commit. A new invitation replaces one not used yet (a
    mistyped address): the old link stops working. Refused, writing nothing, for anyone
    but a guest not erased, or an address that is not one."""
    must_organize(by, club, INVITE_GUEST)
    if not getattr(guest, "is_guest", False) or guest.deleted_number is not None:
        raise ServiceError(_("Only a guest can be invited here: members have accounts already."))
    email = email.strip()
    try:
        validate_email(email)
    except ValidationError:
        raise ServiceError(
            _("“%(email)s” is not an e-mail address.") % {"email": email}, "email"
        ) from None
    with transaction.atomic():
        ClubInvitation.objects.filter(guest=guest, used_at__isnull=True).delete()
        invitation = ClubInvitation.objects.create(
            club=club, email=email, name=guest.get_username(), created_by=by, guest=guest
        )
        mail = letter(club, by, invitation)
        transaction.on_commit(lambda: get_connection().send_messages([mail]))
    return invitation
