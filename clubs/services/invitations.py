"""Members by CSV (docs/clubs.md#members-by-csv): an organizer's file read into a
preview that writes nothing, "Send invitations" that makes one one-time invitation per
address and mails its link, and the link that joins the club once.

The preview hands its rows to the confirming POST signed (`django.core.signing`, salt
`INVITE_ROWS_SALT`), so nothing is stored before the organizer confirms and no row can
be added or changed on the way; they are checked again at sending (a person may have
joined meanwhile).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import EmailMessage, get_connection
from django.db import transaction
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs import access, guest_results
from clubs.models import Club, ClubInvitation, JoinRequest, Membership
from clubs.roster_csv import Row
from clubs.services.checks import JOIN, Asking, must_be_logged_in, must_organize
from games import site
from games.errors import ServiceError

INVITE_ROWS_SALT = "clubs.invitations.rows"
# How long a preview may wait for "Send invitations".
PREVIEW_MAX_AGE = 24 * 60 * 60

INVITE_BY_CSV = Asking(
    gettext_lazy("Log in to invite members from a file."),
    gettext_lazy("Only the organizers of %(club)s can invite members from a file."),
)
EXPORT_MEMBERS = Asking(
    gettext_lazy("Log in to download the members."),
    gettext_lazy("Only the organizers of %(club)s can download the members."),
)


@dataclass
class Preview:
    """The file's rows sorted into what "Send invitations" would do with each."""

    # Whether an address has an account on the site, and whose member it is, is the
    # person's to tell (docs/privacy.md): the preview says only "a member already"
    # (skipped) or "invited", never which account or member an address belongs to.
    members: list[Row] = field(default_factory=list)  # a member's address: skipped
    invited: list[Row] = field(default_factory=list)  # an open invitation already
    to_invite: list[Row] = field(default_factory=list)  # everyone else: invited
    bad: list[Row] = field(default_factory=list)  # a duplicate or a bad row, with why


def _lower_emails(users: Any) -> Any:
    return users.annotate(lower_email=Lower("email"))


def _owners_of(emails: set[str]) -> dict[str, Any]:
    """Each address of `emails` that belongs to an account: the account's e-mail or one
    of its allauth addresses."""
    found: dict[str, Any] = {}
    users = get_user_model().objects.filter(is_guest=False)
    for user in _lower_emails(users).filter(lower_email__in=emails):
        found[user.lower_email] = user
    extra = EmailAddress.objects.annotate(lower_email=Lower("email")).filter(lower_email__in=emails)
    for address in extra.select_related("user"):
        found.setdefault(address.lower_email, address.user)
    return found


def _open_invitations(club: Club, emails: set[str]) -> set[str]:
    open_ones = club.invitations.filter(used_at__isnull=True).annotate(lower_email=Lower("email"))
    return set(open_ones.filter(lower_email__in=emails).values_list("lower_email", flat=True))


def preview(*, by: Any, club: Club, rows: list[Row]) -> Preview:
    """What sending would do with each of `rows` (from `roster_csv.read_upload`)."""
    must_organize(by, club, INVITE_BY_CSV)
    emails = {row.email for row in rows if not row.problem}
    owners = _owners_of(emails)
    member_ids = set(club.memberships.values_list("user_id", flat=True))
    invited = _open_invitations(club, emails)
    sorted_rows = Preview()
    for row in rows:
        owner = owners.get(row.email)
        if row.problem:
            sorted_rows.bad.append(row)
        elif owner is not None and owner.pk in member_ids:
            sorted_rows.members.append(row)
        elif row.email in invited:
            sorted_rows.invited.append(row)
        else:
            sorted_rows.to_invite.append(row)
    return sorted_rows


def signed_rows(club: Club, rows: list[Row]) -> str:
    """The rows to invite, signed for the confirming POST."""
    data = {"club": club.pk, "rows": [[row.line, row.name, row.email] for row in rows]}
    return signing.dumps(data, salt=INVITE_ROWS_SALT, compress=True)


def _unsigned(club: Club, token: str) -> list[Row]:
    stale = _("This preview is too old or was changed: upload the file again.")
    try:
        data = signing.loads(token, salt=INVITE_ROWS_SALT, max_age=PREVIEW_MAX_AGE)
    except signing.BadSignature:
        raise ServiceError(stale) from None
    if not isinstance(data, dict) or data.get("club") != club.pk:
        raise ServiceError(stale)
    return [Row(int(line), str(name), str(email)) for line, name, email in data["rows"]]


def send_invitations(*, by: Any, club: Club, token: str) -> list[ClubInvitation]:
    """Make an invitation for each signed row still to invite (checked again: someone
    may have joined or been invited meanwhile) and, after the commit, mail each its
    link at the site's address (docs/profiles.md#the-sites-one-address)."""
    must_organize(by, club, INVITE_BY_CSV)
    rows = preview(by=by, club=club, rows=_unsigned(club, token)).to_invite
    if not rows:
        raise ServiceError(_("There is no one left to invite in this file."))
    with transaction.atomic():
        made = ClubInvitation.objects.bulk_create(
            [ClubInvitation(club=club, email=r.email, name=r.name, created_by=by) for r in rows]
        )
        letters = [letter(club, by, invitation) for invitation in made]
        transaction.on_commit(lambda: get_connection().send_messages(letters))
    return made


def letter(club: Club, by: Any, invitation: ClubInvitation) -> EmailMessage:
    link = site.absolute(invitation.get_absolute_url())
    words = {"name": invitation.name, "club": club.name, "by": by.get_username(), "link": link}
    subject = _("An invitation to join %(club)s") % words
    if invitation.guest_id is not None:  # docs/clubs.md#a-guest-becomes-a-member
        body = (
            _(
                "Hello,\n\n%(by)s invites you to join %(club)s on Thirty-One. You played at "
                "its card tables as %(name)s: your results there come with you.\n"
                "Open this link, sign in or create an account, and you are a member:\n\n"
                "%(link)s\n\nThe link works once. If you did not expect it, ignore this e-mail.\n"
            )
            % words
        )
        return EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, [invitation.email])
    body = (
        _(
            "Hello %(name)s,\n\n%(by)s invites you to join %(club)s on Thirty-One.\n"
            "Open this link, sign in or create an account, and you are a member:\n\n"
            "%(link)s\n\nThe link works once. If you did not expect it, ignore this e-mail.\n"
        )
        % words
    )
    return EmailMessage(subject, body, settings.DEFAULT_FROM_EMAIL, [invitation.email])


def invitation_or_refusal(club: Club, token: str, *, lock: bool = False) -> ClubInvitation:
    """The open invitation `token` names in `club`, or the sentence why it cannot be used
    (with `lock`, its row locked: two opening one link at once join once)."""
    invitations = club.invitations.select_for_update() if lock else club.invitations.all()
    invitation = invitations.filter(token=token).first()
    if invitation is None:
        raise ServiceError(
            _("This invitation link to %(club)s is not known: ask an organizer for a new one.")
            % {"club": club.name}
        )
    if invitation.used_at is not None:
        raise ServiceError(
            _("This invitation link to %(club)s has been used already: it works once.")
            % {"club": club.name}
        )
    return invitation


@dataclass
class Accepted:
    """What using an invitation did: the new membership (None: they were a member, and the
    invitation only brought a guest's results) and what a guest's results did."""

    membership: Membership | None
    said: list[str]


def accept_invitation(*, by: Any, club: Club, token: str) -> Accepted:
    """Join `club` with a one-time invitation: the invitation is used, and the signed-in
    person is a member (whoever opens the link, as with the club's invite link). An
    invitation of a guest also gives them the guest's results, in the same transaction
    (docs/clubs.md#a-guest-becomes-a-member): a member who once played as a guest may
    use it too."""
    must_be_logged_in(by, JOIN)
    with transaction.atomic():
        locked = invitation_or_refusal(club, token, lock=True)
        member = access.is_member(by, club)
        if member and locked.guest_id is None:
            raise ServiceError(_("You are already a member of %(club)s.") % {"club": club.name})
        locked.used_at = timezone.now()
        locked.save(update_fields=["used_at"])
        said = guest_results.claim(locked.guest, by) if locked.guest is not None else []
        if member:
            return Accepted(None, said)
        JoinRequest.objects.filter(club=club, user=by).delete()
        return Accepted(Membership.objects.create(club=club, user=by, role=Membership.MEMBER), said)
