"""The collusion signals of each finished game, kept per pair of people
(docs/fair-play.md#collusion-signals): written by `records` alone, read by `flagged`."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PairSignal(models.Model):
    """In one game, how often `actor` could help `partner` in one way (`signal`) and
    how often they did; `steps`: the replay steps of the times they did."""

    game = models.ForeignKey(
        "games.Game", verbose_name=_("game"), on_delete=models.CASCADE, related_name="+"
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("actor"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("partner"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    signal = models.CharField(_("signal"), max_length=10)
    opportunities = models.PositiveIntegerField(_("opportunities"))
    hits = models.PositiveIntegerField(_("hits"))
    steps = models.JSONField(_("steps"), default=list)
    # The club whose event the game was played in (its organizers see the pair); None
    # for any other game, which only staff see.
    club = models.ForeignKey(
        "clubs.Club",
        verbose_name=_("club"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    finished_at = models.DateTimeField(_("finished at"), db_index=True)

    class Meta:
        verbose_name = _("pair signal")
        verbose_name_plural = _("pair signals")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "actor", "partner", "signal"], name="one_pair_signal_a_game"
            )
        ]

    def __str__(self) -> str:
        return f"{self.signal} {self.actor_id}→{self.partner_id} in game {self.game_id}"
