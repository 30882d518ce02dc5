"""An event's own keep-apart pairs (docs/fair-seating.md#keep-apart-pairs): two people
the organizer asked its seating not to put at one table, on top of the club's pairs
(`clubs.KeepApart`). Each is entered in the event or a member of its club; the pair is
stored in one order (the smaller user id first), so (a, b) and (b, a) are the same
pair and can be listed once. Private to the club's organizers: no player's page shows
them. Written by `tournaments.services.keep_apart`."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from tournaments.models.events import Event


class EventKeepApart(models.Model):
    event = models.ForeignKey(
        Event,
        verbose_name=pgettext_lazy("tournaments field", "event"),
        on_delete=models.CASCADE,
        related_name="keep_apart",
    )
    first = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("tournaments field", "first"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    second = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("tournaments field", "second"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    note = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "note"), max_length=200, blank=True
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("tournaments field", "created by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "created at"), auto_now_add=True
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "keep-apart pair")
        verbose_name_plural = pgettext_lazy("tournaments model", "keep-apart pairs")
        ordering = ["event", "created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "first", "second"], name="event_keep_apart_once"
            ),
            # The one order: the smaller id first, never a person with themselves.
            models.CheckConstraint(
                condition=Q(first__lt=F("second")), name="event_keep_apart_in_order"
            ),
        ]

    def __str__(self) -> str:
        return _("%(first)s and %(second)s kept apart") % {
            "first": self.first,
            "second": self.second,
        }
