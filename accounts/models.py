from datetime import datetime

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.wording.names import shown_name


def language_choices() -> list[tuple[str, str]]:
    """The site's languages, each in its own name (the profile's choice)."""
    return list(settings.LANGUAGES)


class User(AbstractUser):
    """A player.

    A custom model from the first migration, so fields can be added later
    without Django's painful switch away from auth.User.
    """

    # A short sound when the site calls them to a table (off by default).
    call_sound = models.BooleanField(
        _("sound when my game is ready"),
        default=False,
        db_default=False,
        help_text=_("A short chime when a tournament calls you to your table."),
    )

    # Someone at a club evening without an account, entered by the organizer of an
    # event played with real cards (docs/club-night.md#guests): named "Anna (guest)", a name
    # sign-up refuses, inactive with no usable password, so they never log in, never
    # play online and so are never rated (tournaments.services.add_guest).
    is_guest = models.BooleanField(
        _("guest"),
        default=False,
        db_default=False,
        help_text=_("A visitor an organizer entered in an event played with cards; cannot log in."),
    )

    # The language of their pages, e-mails and notifications, when they chose one
    # (docs/i18n.md); blank: pages follow the browser.
    language = models.CharField(
        _("language"),
        max_length=8,
        blank=True,
        default="",
        db_default="",
        choices=language_choices,
        help_text=_("The language of your pages, e-mails and notifications."),
    )
    # The language they last read the site in (signing up included), kept for what is
    # written to them away from a page -- mail, notifications -- while they have not
    # chosen one (accounts.language). Written only when it changes.
    reads_in = models.CharField(max_length=8, blank=True, default="", db_default="", editable=False)

    # The header's count of their unread notifications, kept here so drawing a page costs
    # no query for it; recounted by notifications.unread whenever some are made or read.
    unread_notifications = models.PositiveIntegerField(default=0, db_default=0, editable=False)

    # Everyone but the signed-in members of their clubs reads a pseudonym for them
    # (docs/privacy.md#my-name-off-public-pages, games.wording.readers).
    name_to_club_members = models.BooleanField(
        _("Show my name only to signed-in members of my clubs"),
        default=False,
        db_default=False,
        help_text=_(
            "Everyone else (visitors, other players, the projector, public standings and"
            " replays) reads “Player 7” instead: a number of your own in each event."
        ),
    )

    # Away from turn-based tables (docs/tables.md#vacation): their moves' time stops
    # until `away_returns_at` (the start of the day after `away_until` on their club's
    # clock) and starts again in full, within what each table or event allows.
    away_until = models.DateField(
        _("Away until"),
        null=True,
        blank=True,
        help_text=_(
            "At turn-based tables, the time for your move stops until the end of this day "
            "and starts again in full after it (an event allows only the days it says)."
        ),
    )
    away_returns_at = models.DateTimeField(null=True, blank=True, editable=False)

    # Deleting the account (docs/privacy.md#deleting-an-account): when they asked; it takes
    # effect THIRTYONE_DELETION_GRACE_DAYS later (accounts.deletion), unless they keep it.
    deletion_requested_at = models.DateTimeField(null=True, blank=True, editable=False)
    # Once it took effect: they read as "Deleted player <number>" for ever after.
    deleted_number = models.PositiveIntegerField(null=True, blank=True, unique=True, editable=False)

    def get_username(self) -> str:
        """Their name as people read it: every page, export and message shows a member
        by this, so a deleted member's token reads "Deleted player 7" in the reader's
        language (games.wording.names)."""
        return shown_name(self.username)

    def natural_key(self) -> tuple[str]:
        return (self.username,)  # the stored username: what get_by_natural_key looks up


class DataExport(models.Model):
    """One request for a person's own data as a ZIP (docs/privacy.md#download-my-data):
    built by a worker (`accounts.data_export`), downloaded by its owner alone until
    `expires_at`, then deleted by beat's purge. At most one is being built for a person
    at a time (the constraint): asking again meanwhile starts no second. Its file is
    named by its id in `DATA_EXPORT_DIR`; the row stays when the file is gone, so an old
    link says it expired instead of not being found."""

    BUILDING = "building"
    READY = "ready"
    REPLACED = "replaced"  # a newer one became ready: this one's file is deleted
    EXPIRED = "expired"  # past its days: its file is deleted
    FAILED = "failed"  # its build was lost (a worker gone): asked again, a new one
    STATUSES = [
        (BUILDING, "Being built"),
        (READY, "Ready"),
        (REPLACED, "Replaced"),
        (EXPIRED, "Expired"),
        (FAILED, "Failed"),
    ]

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="data_exports"
    )
    status = models.CharField(max_length=10, choices=STATUSES, default=BUILDING)
    requested_at = models.DateTimeField(default=timezone.now)
    ready_at = models.DateTimeField(null=True, blank=True)
    expires_at = models.DateTimeField(null=True, blank=True)
    size = models.PositiveBigIntegerField(default=0)  # the ZIP's bytes, once ready

    class Meta:
        ordering = ["-requested_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"],
                condition=models.Q(status="building"),
                name="one_data_export_building",
            ),
        ]
        indexes = [models.Index(fields=["status", "expires_at"], name="data_export_expiry")]

    def __str__(self) -> str:
        return f"data export {self.pk} of {self.user_id}: {self.status}"

    @property
    def file_name(self) -> str:
        return f"{self.pk}.zip"

    def downloadable(self, now: datetime) -> bool:
        """Ready, and not past its days (beat's purge may not have run yet)."""
        return self.status == self.READY and self.expires_at is not None and now < self.expires_at


class NetworkSighting(models.Model):
    """A person seen on a network (docs/privacy.md#the-network-fingerprint): the keyed
    fingerprint of their address's /24 or /48 (`accounts.networks`), never the address,
    and when they were first and last seen there. One row per person and network;
    deleted `accounts.networks.KEPT_DAYS` after `last_seen`."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="network_sightings"
    )
    network = models.CharField(max_length=64)  # salted_hmac's SHA-256, in hex
    first_seen = models.DateTimeField(default=timezone.now)
    last_seen = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "network"], name="one_sighting_per_network"),
        ]
        # shared_pairs reads by person (the constraint's index); the purge by age.
        indexes = [models.Index(fields=["last_seen"], name="network_sighting_last_seen")]

    def __str__(self) -> str:
        return f"network sighting of {self.user_id}"
