"""Joining a club (at once, by asking or by invitation), the organizers' answers to
requests, members' roles, and removing or leaving."""

from __future__ import annotations

import secrets
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs import access
from clubs.models import Club, JoinRequest, Membership
from clubs.services.checks import (
    ACCEPT,
    ANSWER,
    JOIN,
    LEAVE,
    REMOVE_MEMBER,
    REMOVE_ORGANIZER,
    SET_ROLE,
    is_only_owner,
    must_be_logged_in,
    must_organize,
    must_own,
)
from clubs.signals import join_request_answered, join_requested
from games.errors import ServiceError
from games.signals import send_on_commit


def _not_yet_member(by: Any, club: Club) -> None:
    if access.is_member(by, club):
        raise ServiceError(_("You are already a member of %(club)s.") % {"club": club.name})


def join(*, by: Any, club: Club) -> Membership | JoinRequest:
    """Join an open club at once, or ask to join one whose organizers accept members."""
    must_be_logged_in(by, JOIN)
    _not_yet_member(by, club)
    if club.join_policy == Club.OPEN:
        return Membership.objects.create(club=club, user=by, role=Membership.MEMBER)
    if club.join_policy == Club.REQUEST:
        if JoinRequest.objects.filter(club=club, user=by).exists():
            raise ServiceError(
                _("You have already asked to join %(club)s: an organizer will answer.")
                % {"club": club.name}
            )
        asked = JoinRequest.objects.create(club=club, user=by)
        # After the commit: the organizers hear someone waits (notifications).
        send_on_commit(
            join_requested, sender=Club, club_id=club.pk, user_id=by.pk, request_id=asked.pk
        )
        return asked
    raise ServiceError(
        _(
            "%(club)s takes new members by invitation only: use the invite link an "
            "organizer gives you."
        )
        % {"club": club.name}
    )


def join_by_invite(*, by: Any, club: Club, token: str) -> Membership:
    """Join with the club's invite link, whatever its policy."""
    must_be_logged_in(by, JOIN)
    if not secrets.compare_digest(token.encode(), club.invite_token.encode()):
        raise ServiceError(
            _("This invite link to %(club)s no longer works: ask an organizer for a new one.")
            % {"club": club.name}
        )
    _not_yet_member(by, club)
    with transaction.atomic():
        JoinRequest.objects.filter(club=club, user=by).delete()
        return Membership.objects.create(club=club, user=by, role=Membership.MEMBER)


def accept_request(*, by: Any, join_request: JoinRequest) -> Membership:
    club = join_request.club
    must_organize(by, club, ACCEPT)
    with transaction.atomic():
        membership, _made = Membership.objects.get_or_create(club=club, user=join_request.user)
        _answered(join_request, accepted=True)
        join_request.delete()
    return membership


def accept_all_requests(*, by: Any, club: Club) -> list[Membership]:
    """An organizer accepts every open request to join at once (a club night's
    newcomers): all become members, or, if anything fails, none do."""
    must_organize(by, club, ACCEPT)
    with transaction.atomic():
        waiting = list(
            JoinRequest.objects.select_for_update().filter(club=club).select_related("user")
        )
        if not waiting:
            raise ServiceError(_("No one is asking to join."))
        joined = [Membership.objects.get_or_create(club=club, user=r.user)[0] for r in waiting]
        for join_request in waiting:
            _answered(join_request, accepted=True)
        JoinRequest.objects.filter(pk__in=[r.pk for r in waiting]).delete()
    return joined


def decline_request(*, by: Any, join_request: JoinRequest) -> None:
    must_organize(by, join_request.club, ANSWER)
    with transaction.atomic():
        _answered(join_request, accepted=False)
        join_request.delete()


def _answered(join_request: JoinRequest, *, accepted: bool) -> None:
    """After the commit, tell other apps (the person hears the answer: notifications)."""
    send_on_commit(
        join_request_answered,
        sender=Club,
        club_id=join_request.club_id,
        user_id=join_request.user_id,
        request_id=join_request.pk,
        accepted=accepted,
    )


def set_role(*, by: Any, membership: Membership, role: str) -> Membership:
    """Owners give and take roles; the last owner cannot step down."""
    club = membership.club
    must_own(by, club, SET_ROLE)
    if role not in dict(Membership.ROLES):
        raise ServiceError(_("Choose a role from the list."), "role")
    if role == membership.role:
        return membership
    if is_only_owner(membership):
        raise ServiceError(
            _("%(club)s needs an owner: make someone else an owner first.") % {"club": club.name}
        )
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


def remove_member(*, by: Any, membership: Membership) -> None:
    """Organizers remove members; only owners remove organizers and owners."""
    club = membership.club
    if membership.user_id == getattr(by, "pk", None):
        raise ServiceError(_("To leave the club, use Leave."))
    if membership.organizes:
        must_own(by, club, REMOVE_ORGANIZER)
    else:
        must_organize(by, club, REMOVE_MEMBER)
    # The last owner is safe: only an owner removes an owner, and not themselves.
    membership.delete()


def leave(*, by: Any, club: Club) -> None:
    must_be_logged_in(by, LEAVE)
    membership = access.membership(by, club)
    if membership is None:
        raise ServiceError(_("You are not a member of %(club)s.") % {"club": club.name})
    if is_only_owner(membership):
        raise ServiceError(
            _("You are the only owner of %(club)s: make someone else an owner before you leave.")
            % {"club": club.name}
        )
    membership.delete()
