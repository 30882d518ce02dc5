"""Deleting an account (docs/privacy.md#deleting-an-account).

A member asks (`request_deletion`); THIRTYONE_DELETION_GRACE_DAYS later beat's sweep
(`erase_due`) makes it take effect (`erase`), unless they kept the account
(`keep_account`) by logging in and saying so. Taking effect keeps their seats, places
and results -- the others' standings, ratings, seating commitments and verify pages
stand -- and removes everything that is theirs: the name (they read as "Deleted player
7", `games.wording.names`), e-mail addresses, password, sessions, chat lines, profile
fields, memberships, downloads of their data, network fingerprints, and (through
`account_erased`) calendar feeds, notifications and ratings. `erase` is safe twice and
on two workers at once: it locks the member's row and does nothing to a member already
erased.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.apps import apps
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import networks
from accounts.data_export import storage
from accounts.models import DataExport, User
from accounts.signals import account_erased
from clubs.models import Club, JoinRequest, Membership
from games import services as games
from games.wording.names import deleted_token

log = logging.getLogger(__name__)


def grace() -> timedelta:
    return timedelta(days=settings.THIRTYONE_DELETION_GRACE_DAYS)


def clubs_left_without_owner(user: User) -> list[Club]:
    """The clubs `user` is the only owner of: deleting the account would leave them
    with no one who may name organizers."""
    owned = Membership.objects.filter(user=user, role=Membership.OWNER).values("club")
    others = (
        Membership.objects.filter(club=models.OuterRef("pk"), role=Membership.OWNER)
        .exclude(user=user)
        .values("pk")
    )
    return list(Club.objects.filter(pk__in=owned).exclude(models.Exists(others)).order_by("name"))


def refusal(user: User) -> str:
    """Why `user` may not delete their account now ("" if they may)."""
    clubs = clubs_left_without_owner(user)
    if clubs:
        return _(
            "You are the only owner of %(clubs)s. In the club's list of members, set "
            "another member's role to Owner; then you can delete your account."
        ) % {"clubs": ", ".join(club.name for club in clubs)}
    return ""


def request_deletion(user: User) -> bool:
    """Ask for `user`'s deletion; True if it took effect at once (a grace of 0 days)."""
    User.objects.filter(pk=user.pk, deletion_requested_at__isnull=True).update(
        deletion_requested_at=timezone.now()
    )
    if grace():
        return False
    return erase(user.pk)


def keep_account(user: User) -> None:
    """They changed their mind within the grace period."""
    User.objects.filter(pk=user.pk, deleted_number__isnull=True).update(deletion_requested_at=None)


def takes_effect_at(user: User) -> datetime | None:
    if user.deletion_requested_at is None:
        return None
    return user.deletion_requested_at + grace()


def erase_due() -> int:
    """Every deletion whose grace period is over (beat): how many took effect."""
    due = User.objects.filter(
        deletion_requested_at__lte=timezone.now() - grace(), deleted_number__isnull=True
    ).values_list("pk", flat=True)
    erased = 0
    for pk in list(due):
        try:
            erased += erase(pk)
        except Exception:  # one member's failure does not hold up the others'
            log.exception("deleting account %s failed; the next sweep tries again", pk)
    return erased


def erase(user_id: int) -> bool:
    """Make `user_id`'s deletion take effect now; False if it already had (or the
    member is gone, or became the only owner of a club since asking: then it waits)."""
    for _attempt in range(3):  # two workers may take the same next number
        try:
            with transaction.atomic():
                return _erase(user_id)
        except IntegrityError:
            continue
    raise RuntimeError(f"no free number for deleted account {user_id}")


def _erase(user_id: int) -> bool:
    user = User.objects.select_for_update().filter(pk=user_id).first()
    if user is None or user.deleted_number is not None:
        return False
    if clubs_left_without_owner(user):
        log.warning("account %s waits: it is the only owner of a club", user_id)
        return False
    old_username = user.username
    number = (User.objects.aggregate(top=models.Max("deleted_number"))["top"] or 0) + 1
    token = deleted_token(number)
    user.username = token
    user.deleted_number = number
    if user.deletion_requested_at is None:  # an organizer erasing a guest
        user.deletion_requested_at = timezone.now()
    user.email = ""
    user.first_name = user.last_name = ""
    user.set_unusable_password()
    user.is_active = user.is_staff = user.is_superuser = False
    user.language = user.reads_in = ""
    user.call_sound = False
    user.unread_notifications = 0
    user.last_login = None
    user.save()
    user.groups.clear()
    user.user_permissions.clear()
    _forget_log_ins(user)
    Membership.objects.filter(user=user).delete()
    JoinRequest.objects.filter(user=user).delete()
    for export in DataExport.objects.filter(user=user):
        storage.delete(export)  # their downloads of their data, files and all
        export.delete()
    networks.forget(user)  # their networks' fingerprints
    games.forget_player(user=user, token=token)
    account_erased.send(sender=User, user=user, old_username=old_username)
    log.info("account %s deleted: now %s", user_id, token)
    return True


def _forget_log_ins(user: User) -> None:
    """Their e-mail addresses, sessions, and what allauth keeps to log them in."""
    for label, model in (
        ("account", "EmailAddress"),
        ("socialaccount", "SocialAccount"),
        ("mfa", "Authenticator"),
        ("usersessions", "UserSession"),
    ):
        if apps.is_installed(f"allauth.{label}"):
            apps.get_model(label, model).objects.filter(user=user).delete()
    # Sessions are keyed by a random id, their user inside the data: read each live one.
    mine = [
        session.pk
        for session in Session.objects.filter(expire_date__gt=timezone.now()).iterator()
        if session.get_decoded().get("_auth_user_id") == str(user.pk)
    ]
    Session.objects.filter(pk__in=mine).delete()
