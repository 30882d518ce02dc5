from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
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
