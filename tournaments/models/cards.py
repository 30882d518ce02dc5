"""The results of tables played with real cards (docs/club-night.md#card-tables), entered from the
players' phones."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.models.rounds import RoundTable


class CardResult(models.Model):
    """One submission of a card table's result
    (docs/club-night.md#entering-and-confirming): a place per seat position (1 = best,
    shared places as the engine would share them) and, optionally, what the rules score
    per seat (lives lost, points, chips). A player's submission waits for another player
    of the table to confirm it; a different one from another player makes both disputed;
    an organizer's confirms at once, with a reason, and supersedes whatever was there.
    At most one per table is confirmed."""

    PENDING = "pending"
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    SUPERSEDED = "superseded"
    STATUSES = [
        (PENDING, gettext_lazy("Waiting for confirmation")),
        (CONFIRMED, gettext_lazy("Confirmed")),
        (DISPUTED, gettext_lazy("Disputed")),
        (SUPERSEDED, gettext_lazy("Superseded")),
    ]

    round_table = models.ForeignKey(
        RoundTable,
        verbose_name=pgettext_lazy("tournaments field", "round table"),
        on_delete=models.CASCADE,
        related_name="card_results",
    )
    places = models.JSONField(verbose_name=pgettext_lazy("tournaments field", "places"))
    scores = models.JSONField(
        verbose_name=pgettext_lazy("tournaments field", "scores"), default=list, blank=True
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("tournaments field", "submitted by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    submitted_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "submitted at"), auto_now_add=True
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("tournaments field", "confirmed by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "confirmed at"), null=True, blank=True
    )
    # The phone that entered or confirmed it through the table's own link
    # (docs/club-night.md#a-tables-own-link): the random id of its device cookie, or ""
    # (entered from the result page). The console names it "Phone 1", "Phone 2"...
    submitted_device = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "submitted from device"),
        max_length=32,
        blank=True,
        default="",
    )
    confirmed_device = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "confirmed from device"),
        max_length=32,
        blank=True,
        default="",
    )
    status = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "status"),
        max_length=10,
        choices=STATUSES,
        default=PENDING,
    )
    reason = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "reason"), max_length=200, blank=True
    )
    # A balanced knockout's deal: the seat (position) that dealt it, when the players
    # say so (None: whoever the app named, `RoundTable.dealer`); the next deal's
    # button follows it.
    dealer = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "dealer"), null=True, blank=True
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "card result")
        verbose_name_plural = pgettext_lazy("tournaments model", "card results")
        ordering = ["round_table", "submitted_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["round_table"],
                condition=models.Q(status="confirmed"),
                name="one_confirmed_card_result",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round_table}: {self.places} ({self.status})"
