"""Transcripts imported to be replayed (games.archive)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class ImportedTranscript(models.Model):
    """A transcript someone pasted or uploaded to replay (games.archive): kept under the
    SHA-256 of its text, so its replay has a link that steps work with and can be
    shared. Nothing in it is trusted: it is folded by the engine like any log."""

    MAX_BYTES = 2_000_000

    key = models.CharField(_("key"), max_length=64, unique=True)
    text = models.TextField(_("text"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        verbose_name = _("imported transcript")
        verbose_name_plural = _("imported transcripts")

    def __str__(self) -> str:
        return self.key[:12]
