"""The one write path for clubs (docs/design.md §13): members, roles, join requests,
invite links and the club's house rules.

Every function is keyword-only and runs in one transaction. It checks who is asking
(`clubs.access`) and either does the whole change or raises `ServiceError` with a
sentence for that person, having written nothing. `NotAllowed` is the refusal of
someone whose role does not let them ask at all, so a view can answer it with 403.
Views and tests call these; the admin writes through its forms, which refuse the same
bad states (`clubs.admin`).
"""

from __future__ import annotations

import contextlib
import secrets
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs import access, zones
from clubs.models import Club, ClubRuleSet, JoinRequest, Membership
from clubs.signals import join_request_answered, join_requested
from games import engine
from games.errors import ServiceError
from games.models import RuleSet
from games.signals import send_on_commit
from games.wording import refusal

__all__ = ["NotAllowed", "ServiceError"]

# tournaments.models.Event.FINISHED: the status of an event that is over. Spelled here
# because clubs never imports tournaments (tournaments imports clubs).
EVENT_FINISHED = "finished"
NAME_LENGTH = Club._meta.get_field("name").max_length
SLUG_LENGTH = Club._meta.get_field("slug").max_length


class NotAllowed(ServiceError):
    """The person's role in the club does not allow what they asked."""


# ---- checks ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Asking:
    """What someone asks to do, as the refusals say it: whole sentences, one for a person
    who is not logged in and one for a member whose role does not allow it (docs/i18n.md:
    no sentence glued from pieces)."""

    log_in: Any  # a lazy translation
    only: Any = None  # a lazy translation with %(club)s


CREATE_CLUB = _Asking(gettext_lazy("Log in to create a club."))
CHANGE_CLUB = _Asking(
    gettext_lazy("Log in to change the club."),
    gettext_lazy("Only the organizers of %(club)s can change the club."),
)
NEW_INVITE = _Asking(
    gettext_lazy("Log in to make a new invite link."),
    gettext_lazy("Only the organizers of %(club)s can make a new invite link."),
)
JOIN = _Asking(gettext_lazy("Log in to join a club."))
ACCEPT = _Asking(
    gettext_lazy("Log in to accept new members."),
    gettext_lazy("Only the organizers of %(club)s can accept new members."),
)
ANSWER = _Asking(
    gettext_lazy("Log in to answer requests to join."),
    gettext_lazy("Only the organizers of %(club)s can answer requests to join."),
)
SET_ROLE = _Asking(
    gettext_lazy("Log in to change members' roles."),
    gettext_lazy("Only the owners of %(club)s can change members' roles."),
)
REMOVE_ORGANIZER = _Asking(
    gettext_lazy("Log in to remove an organizer or an owner."),
    gettext_lazy("Only the owners of %(club)s can remove an organizer or an owner."),
)
REMOVE_MEMBER = _Asking(
    gettext_lazy("Log in to remove members."),
    gettext_lazy("Only the organizers of %(club)s can remove members."),
)
LEAVE = _Asking(gettext_lazy("Log in to leave a club."))
HOUSE_RULES = _Asking(
    gettext_lazy("Log in to change the club's house rules."),
    gettext_lazy("Only the organizers of %(club)s can change the club's house rules."),
)


def _logged_in(by: Any, asking: _Asking) -> None:
    if not getattr(by, "is_authenticated", False):
        raise NotAllowed(str(asking.log_in))


def _organizer(by: Any, club: Club, asking: _Asking) -> None:
    _logged_in(by, asking)
    if not access.organizes(by, club):
        raise NotAllowed(str(asking.only) % {"club": club.name})


def _owner(by: Any, club: Club, asking: _Asking) -> None:
    _logged_in(by, asking)
    if not access.owns(by, club):
        raise NotAllowed(str(asking.only) % {"club": club.name})


def _only_owner(membership: Membership) -> bool:
    """Whether `membership` is its club's last owner: a club always keeps one."""
    if membership.role != Membership.OWNER:
        return False
    owners = Membership.objects.filter(club_id=membership.club_id, role=Membership.OWNER)
    return not owners.exclude(pk=membership.pk).exists()


def _already_called(name: str) -> str:
    return _("There is already a club called “%(name)s”.") % {"name": name}


def rules_in_use(rules: str, event: str) -> str:
    """The refusal to take off the club's list the rules one of its events plays (the
    admin's too)."""
    return _(
        "“%(rules)s” is the rules of the club's event “%(event)s”, so it stays on the list."
    ) % {"rules": rules, "event": event}


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


# ---- the club ----------------------------------------------------------------------


def create_club(
    *, by: Any, name: str, description: str = "", join_policy: str, time_zone: str | None = None
) -> Club:
    """A new club with `by` as its owner. Its slug (its address) comes from the name
    and never changes, so links to it keep working after a rename. Its time zone is
    the founder's browser's (blank: UTC)."""
    _logged_in(by, CREATE_CLUB)
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
    _organizer(by, club, CHANGE_CLUB)
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
    _organizer(by, club, NEW_INVITE)
    club.invite_token = secrets.token_urlsafe(16)
    club.save(update_fields=["invite_token"])
    return club


# ---- joining -----------------------------------------------------------------------


def _not_yet_member(by: Any, club: Club) -> None:
    if access.is_member(by, club):
        raise ServiceError(_("You are already a member of %(club)s.") % {"club": club.name})


def join(*, by: Any, club: Club) -> Membership | JoinRequest:
    """Join an open club at once, or ask to join one whose organizers accept members."""
    _logged_in(by, JOIN)
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
    _logged_in(by, JOIN)
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
    _organizer(by, club, ACCEPT)
    with transaction.atomic():
        membership, _made = Membership.objects.get_or_create(club=club, user=join_request.user)
        _answered(join_request, accepted=True)
        join_request.delete()
    return membership


def accept_all_requests(*, by: Any, club: Club) -> list[Membership]:
    """An organizer accepts every open request to join at once (a club night's
    newcomers): all become members, or, if anything fails, none do."""
    _organizer(by, club, ACCEPT)
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
    _organizer(by, join_request.club, ANSWER)
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


# ---- members and roles -------------------------------------------------------------


def set_role(*, by: Any, membership: Membership, role: str) -> Membership:
    """Owners give and take roles; the last owner cannot step down."""
    club = membership.club
    _owner(by, club, SET_ROLE)
    if role not in dict(Membership.ROLES):
        raise ServiceError(_("Choose a role from the list."), "role")
    if role == membership.role:
        return membership
    if _only_owner(membership):
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
        _owner(by, club, REMOVE_ORGANIZER)
    else:
        _organizer(by, club, REMOVE_MEMBER)
    # The last owner is safe: only an owner removes an owner, and not themselves.
    membership.delete()


def leave(*, by: Any, club: Club) -> None:
    _logged_in(by, LEAVE)
    membership = access.membership(by, club)
    if membership is None:
        raise ServiceError(_("You are not a member of %(club)s.") % {"club": club.name})
    if _only_owner(membership):
        raise ServiceError(
            _("You are the only owner of %(club)s: make someone else an owner before you leave.")
            % {"club": club.name}
        )
    membership.delete()


# ---- house rules -------------------------------------------------------------------


def add_rule_set(*, by: Any, club: Club, rule_set: RuleSet) -> ClubRuleSet:
    """Put one of the site's rule sets on offer on the club's list."""
    _organizer(by, club, HOUSE_RULES)
    if not RuleSet.on_offer().filter(pk=rule_set.pk).exists():
        raise ServiceError(_("Choose one of the site's rule sets."), "rule_set")
    if ClubRuleSet.objects.filter(club=club, rule_set=rule_set).exists():
        raise ServiceError(
            _("“%(rules)s” is already on the club's list.") % {"rules": rule_set.title},
            "rule_set",
        )
    return ClubRuleSet.objects.create(club=club, rule_set=rule_set, added_by=by)


def create_rule_set(
    *, by: Any, club: Club, name: str, preset: str, changes: dict[str, Any]
) -> ClubRuleSet:
    """The club's own house rules: a `games.RuleSet` kept out of the site's lobby
    (`offered=False`), checked by the engine, whose message names the option."""
    _organizer(by, club, HOUSE_RULES)
    name = " ".join(name.split())
    if not name:
        raise ServiceError(_("Name the rule set."), "name")
    if club.rule_sets.filter(rule_set__name__iexact=name).exists():
        raise ServiceError(
            _("The club already has rules called “%(name)s”.") % {"name": name}, "name"
        )
    try:
        engine.Rules.preset(preset, **changes)
    except engine.RulesError as error:
        raise ServiceError(refusal(error), error.option) from error
    with transaction.atomic():
        rule_set = RuleSet.objects.create(
            name=name, preset=preset, changes=changes, offered=False, created_by=by
        )
        return ClubRuleSet.objects.create(club=club, rule_set=rule_set, own=True, added_by=by)


def remove_rule_set(*, by: Any, entry: ClubRuleSet) -> None:
    """Take a rule set off the club's list, unless one of the club's events plays it.
    The club's own rule set is deleted with it when nothing else uses it."""
    club = entry.club
    _organizer(by, club, HOUSE_RULES)
    event = club.events.filter(rule_set_id=entry.rule_set_id).order_by("starts_at").first()
    if event is not None:
        raise ServiceError(rules_in_use(entry.rule_set.name, event.name))
    with transaction.atomic():
        entry.delete()
        if entry.own:
            # Kept when a table was opened with it (its rules are frozen there anyway):
            # the collector refuses before it deletes anything.
            with contextlib.suppress(ProtectedError):
                entry.rule_set.delete()
