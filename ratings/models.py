"""Ratings per player and rules family, and one row per rated game per player.

`Rating` is the fold's state (docs/ratings.md#models): it always equals what folding every
`RatingChange` of its player and family gives, and `manage.py rebuild_ratings` makes
both again from the games' results. `FamilyLock` rows are what rating a game locks:
one per family (made when first needed), so games of one family are rated one at a
time, in order.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from ratings import fold
from ratings.families import CHOICES


class FamilyLock(models.Model):
    """One row per family; `select_for_update` on it serialises
    the rating of that family's games (SQLite: every write transaction is serial)."""

    family = models.CharField(max_length=10, choices=CHOICES, primary_key=True)

    def __str__(self) -> str:
        return self.family


class Rating(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ratings",
        verbose_name=_("player"),
    )
    family = models.CharField(_("family"), max_length=10, choices=CHOICES)
    mu = models.FloatField(default=fold.MU)
    sigma = models.FloatField(default=fold.SIGMA)
    games = models.PositiveIntegerField(_("rated games"), default=0)
    # When the last rated game finished (not when it was rated: a rebuild gives it again).
    updated = models.DateTimeField(_("last rated game"))

    class Meta:
        ordering = ["user", "family"]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        constraints = [
            models.UniqueConstraint(fields=["user", "family"], name="one_rating_per_family"),
        ]

    def __str__(self) -> str:
        return f"{self.user} {self.family} {self.shown}"

    @property
    def displayed(self) -> int:
        return fold.displayed(self.mu, self.sigma)

    @property
    def provisional(self) -> bool:
        return fold.provisional(self.sigma, self.games)

    @property
    def shown(self) -> str:
        """ "1532", or "1480?" while provisional."""
        return f"{self.displayed}?" if self.provisional else str(self.displayed)

    @classmethod
    def settled(cls) -> models.QuerySet[Rating]:
        """Ratings that may be listed (not provisional, of an account that is active: a
        deleted one's is gone even if a recount makes it again), best first by the
        displayed rating (μ − 3σ)."""
        return (
            cls.objects.filter(
                sigma__lte=fold.SETTLED_SIGMA, games__gte=fold.MIN_GAMES, user__is_active=True
            )
            .annotate(ordinal=models.F("mu") - 3 * models.F("sigma"))
            .order_by("-ordinal", "user__username")
        )


class RatingChange(models.Model):
    """What one rated game did to one person's rating in its family."""

    game = models.ForeignKey(
        "games.Game",
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("game"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("player"),
    )
    family = models.CharField(_("family"), max_length=10, choices=CHOICES)
    # The player's rated games in this family, this one included (1 = their first).
    seq = models.PositiveIntegerField(_("rated game number"))
    place = models.PositiveSmallIntegerField(_("place"))
    weight = models.FloatField(
        _("weight"), help_text=_("1, or less when a bot or the timer played for them.")
    )
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    displayed_before = models.IntegerField(_("rating before"))
    displayed_after = models.IntegerField(_("rating after"))
    finished_at = models.DateTimeField(
        _("finished"), help_text=_("The game's, copied: the fold's order.")
    )

    class Meta:
        ordering = ["user", "family", "seq"]
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_change_per_game_player"),
            models.UniqueConstraint(
                fields=["user", "family", "seq"], name="one_change_per_player_seq"
            ),
        ]
        indexes = [models.Index(fields=["family", "finished_at", "game"])]

    def __str__(self) -> str:
        return f"{self.user} game {self.game_id}: {self.displayed_before} → {self.displayed_after}"

    @property
    def difference(self) -> str:
        """The change of the displayed rating, signed: "+12", "-7", "0"."""
        diff = self.displayed_after - self.displayed_before
        return f"{diff:+d}" if diff else "0"

    @property
    def provisional_after(self) -> bool:
        return fold.provisional(self.sigma_after, self.seq)
