"""A player's call to the organizer from their table (docs/club-night.md#calling-the-organizer):
a dispute, a rules question, a player missing. Open until an organizer answers it; one
open call per caller and table (a partial unique constraint, so two presses at once leave
one row)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext_lazy

from tournaments.models.events import Event
from tournaments.models.rounds import RoundTable


class OrganizerCall(models.Model):
    DISPUTE, RULES, MISSING, OTHER = "dispute", "rules", "missing", "other"
    REASONS = [
        (DISPUTE, pgettext_lazy("call reason", "a dispute")),
        (RULES, pgettext_lazy("call reason", "a rules question")),
        (MISSING, pgettext_lazy("call reason", "a player is missing")),
        (OTHER, pgettext_lazy("call reason", "something else")),
    ]

    event = models.ForeignKey(
        Event,
        verbose_name=pgettext_lazy("tournaments field", "event"),
        on_delete=models.CASCADE,
        related_name="organizer_calls",
    )
    # An event's round table: an online one (its games table) or one played with cards.
    table = models.ForeignKey(
        RoundTable,
        verbose_name=pgettext_lazy("tournaments field", "table"),
        on_delete=models.CASCADE,
        related_name="organizer_calls",
    )
    # A seated player, or None: a phone calling through the table's own link, without
    # an account (docs/club-night.md#a-tables-own-link), named by its `device`.
    caller = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("tournaments field", "caller"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    device = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "device"),
        max_length=32,
        blank=True,
        default="",
    )
    reason = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "reason"),
        max_length=10,
        choices=REASONS,
    )
    note = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "note"), max_length=140, blank=True
    )
    created_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "called at"), auto_now_add=True
    )
    answered_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "answered at"), null=True, blank=True
    )
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("tournaments field", "answered by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "call to the organizer")
        verbose_name_plural = pgettext_lazy("tournaments model", "calls to the organizer")
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["caller", "table"],
                condition=Q(answered_at__isnull=True),
                name="one_open_organizer_call_per_caller_and_table",
            ),
            models.UniqueConstraint(
                fields=["device", "table"],
                condition=Q(answered_at__isnull=True, caller__isnull=True),
                name="one_open_organizer_call_per_device_and_table",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.event} table {self.table_id}: {self.reason}"

    @property
    def open(self) -> bool:
        return self.answered_at is None
