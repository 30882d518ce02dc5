from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A player.

    A custom model from the first migration, so fields can be added later
    without Django's painful switch away from auth.User.
    """

    # A short sound when the site calls them to a table (off by default).
    call_sound = models.BooleanField(
        "sound when my game is ready",
        default=False,
        db_default=False,
        help_text="A short chime when a tournament calls you to your table.",
    )
