from django.contrib.auth.models import AbstractUser


class User(AbstractUser):
    """A player.

    A custom model from the first migration, so fields can be added later
    without Django's painful switch away from auth.User.
    """
