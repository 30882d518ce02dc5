"""Clubs: a group of players with roles, its own house-rule sets, and its events
(tournaments, in the `tournaments` app). Who may do what in a club is decided in one
place, `clubs.access`; the writes are in `clubs.services`."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


def _invite_token() -> str:
    return secrets.token_urlsafe(16)


class Club(models.Model):
    OPEN = "open"
    REQUEST = "request"
    INVITE = "invite"
    JOIN_POLICIES = [
        (OPEN, _("Anyone may join")),
        (REQUEST, _("Players ask; an organizer accepts")),
        (INVITE, _("Only with the invite link")),
    ]

    name = models.CharField(_("name"), max_length=80, unique=True)
    slug = models.SlugField(_("address"), max_length=80, unique=True)
    description = models.TextField(_("description"), blank=True)
    join_policy = models.CharField(
        _("who may join"), max_length=10, choices=JOIN_POLICIES, default=REQUEST
    )
    # Anyone with the link joins, whatever the policy; an organizer can make a new one.
    invite_token = models.CharField(
        _("invite token"), max_length=32, unique=True, default=_invite_token
    )
    # The zone its events' times are shown in to a page without JavaScript (an IANA
    # name, set from the founding organizer's browser); with JavaScript each viewer's own.
    time_zone = models.CharField(_("time zone"), max_length=64, default="UTC", db_default="UTC")
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("clubs:detail", args=[self.slug])

    def invite_url(self) -> str:
        return reverse("clubs:invite", args=[self.slug, self.invite_token])


class Membership(models.Model):
    OWNER = "owner"
    ORGANIZER = "organizer"
    MEMBER = "member"
    ROLES = [(OWNER, _("Owner")), (ORGANIZER, _("Organizer")), (MEMBER, _("Member"))]
    # Roles that run the club's events and accept members.
    ORGANIZING = (OWNER, ORGANIZER)

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="memberships", verbose_name=_("club")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="club_memberships",
        verbose_name=_("player"),
    )
    role = models.CharField(_("role"), max_length=10, choices=ROLES, default=MEMBER)
    joined_at = models.DateTimeField(_("joined"), auto_now_add=True)

    class Meta:
        ordering = ["club", "joined_at"]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_membership_per_club"),
        ]

    def __str__(self) -> str:
        return _("%(player)s in %(club)s (%(role)s)") % {
            "player": self.user,
            "club": self.club,
            "role": self.get_role_display(),
        }

    @property
    def organizes(self) -> bool:
        return self.role in self.ORGANIZING


class JoinRequest(models.Model):
    """A player asked to join a club whose policy is "request"; it is deleted when an
    organizer accepts (a Membership is made) or declines it."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="join_requests", verbose_name=_("club")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("player"),
    )
    message = models.CharField(_("message"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("asked"), auto_now_add=True)

    class Meta:
        ordering = ["created_at"]
        verbose_name = _("request to join")
        verbose_name_plural = _("requests to join")
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="one_request_per_club"),
        ]

    def __str__(self) -> str:
        return _("%(player)s asks to join %(club)s") % {"player": self.user, "club": self.club}


class ClubRuleSet(models.Model):
    """A rule set on the club's list of house rules: one of the site's (offered) rule
    sets, or one the club made (a `games.RuleSet` that is not offered in the lobby)."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="rule_sets", verbose_name=_("club")
    )
    rule_set = models.ForeignKey(
        "games.RuleSet",
        on_delete=models.PROTECT,
        related_name="club_entries",
        verbose_name=_("rule set"),
    )
    own = models.BooleanField(
        _("the club's own"),
        default=False,
        help_text=_("Made by the club (not a site rule set)."),
    )
    added_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("added by"),
    )
    added_at = models.DateTimeField(_("added"), auto_now_add=True)

    class Meta:
        ordering = ["club", "rule_set__name"]
        verbose_name = _("house rules of a club")
        verbose_name_plural = _("house rules of clubs")
        constraints = [
            models.UniqueConstraint(fields=["club", "rule_set"], name="rule_set_once_per_club"),
        ]

    def __str__(self) -> str:
        return f"{self.rule_set} ({self.club})"


class KeepApart(models.Model):
    """Two of the club's members its events' seating keeps at different tables whenever
    the field allows (docs/clubs.md#keep-apart-pairs): a household, partners. Stored in
    one order (the smaller user id first), so (a, b) and (b, a) are one pair. Private:
    only the club's organizers see the list."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="keep_apart", verbose_name=_("club")
    )
    first = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("first player"),
    )
    second = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("second player"),
    )
    note = models.CharField(_("note"), max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("added by"),
    )
    created_at = models.DateTimeField(_("added"), auto_now_add=True)

    class Meta:
        ordering = ["club", "created_at", "pk"]
        verbose_name = _("keep-apart pair")
        verbose_name_plural = _("keep-apart pairs")
        constraints = [
            models.UniqueConstraint(fields=["club", "first", "second"], name="keep_apart_once"),
            # The one order: the smaller id first, never a member with themselves.
            models.CheckConstraint(
                condition=models.Q(first__lt=models.F("second")), name="keep_apart_in_order"
            ),
        ]

    def __str__(self) -> str:
        return _("%(first)s and %(second)s kept apart") % {
            "first": self.first,
            "second": self.second,
        }


def _invitation_token() -> str:
    return secrets.token_urlsafe(24)


class ClubInvitation(models.Model):
    """A one-time invitation to one address, sent from an organizer's CSV of names and
    e-mails (docs/clubs.md#members-by-csv): its link joins whoever opens it signed in,
    once; then `used_at` is set and the link is refused."""

    club = models.ForeignKey(
        Club, on_delete=models.CASCADE, related_name="invitations", verbose_name=_("club")
    )
    email = models.EmailField(_("e-mail address"))
    name = models.CharField(_("name"), max_length=150)
    token = models.CharField(
        _("token"), max_length=64, unique=True, default=_invitation_token, editable=False
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("invited by"),
    )
    created_at = models.DateTimeField(_("sent"), auto_now_add=True)
    used_at = models.DateTimeField(_("used"), null=True, blank=True)
    # A guest of the club's card tables invited to become a member: whoever accepts takes
    # the guest's results (docs/clubs.md#a-guest-becomes-a-member).
    guest = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("guest"),
    )

    class Meta:
        ordering = ["club", "created_at", "pk"]
        verbose_name = _("invitation")
        verbose_name_plural = _("invitations")

    def __str__(self) -> str:
        return f"{self.email} ({self.club})"

    def get_absolute_url(self) -> str:
        return reverse("clubs:invitation", args=[self.club.slug, self.token])
