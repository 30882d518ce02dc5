"""Who may enter an event besides the club's rules (docs/tournaments.md#entry-conditions):
members only, a rating range and a number of rated games in the event's rules family,
and a record of few no-shows at the club. Each is optional (False or None: not set);
`tournaments.entry_conditions` reads them, the services refuse by them."""

from __future__ import annotations

from django.db import models
from django.utils.translation import pgettext_lazy


class EntryConditions(models.Model):
    # Even with the invite link: only the club's members may enter.
    members_only = models.BooleanField(
        verbose_name=pgettext_lazy("tournaments field", "members only"),
        default=False,
        db_default=False,
    )
    # The displayed rating in the family of the event's rules, both ends included.
    rating_min = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "lowest rating"), null=True, blank=True
    )
    rating_max = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "highest rating"), null=True, blank=True
    )
    min_rated_games = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "least rated games"),
        null=True,
        blank=True,
    )
    # Fewer than `max_no_shows` no-shows in the club's last `no_show_window` events.
    max_no_shows = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "no-shows refused from"),
        null=True,
        blank=True,
    )
    no_show_window = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "no-shows counted over events"),
        null=True,
        blank=True,
    )

    class Meta:
        abstract = True
