"""An organizer's announcements to everyone at the event
(docs/club-night.md#breaks-and-announcements)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import pgettext_lazy

from tournaments.models.events import Event


class Announcement(models.Model):
    """A short line an organizer writes to everyone at the event: shown at the top of
    the event's pages and its players' pages, and on the projector view."""

    event = models.ForeignKey(
        Event,
        verbose_name=pgettext_lazy("tournaments field", "event"),
        on_delete=models.CASCADE,
        related_name="announcements",
    )
    text = models.CharField(verbose_name=pgettext_lazy("tournaments field", "text"), max_length=200)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("tournaments field", "by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "at"), auto_now_add=True
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "announcement")
        verbose_name_plural = pgettext_lazy("tournaments model", "announcements")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return self.text
