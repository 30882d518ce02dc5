"""A table's chat lines, and the players muted in it (games.chat)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games import phrases

from .names import NameCopyField
from .tables import Table


class ChatMessage(models.Model):
    """A line of a table's chat (games.chat): what a player typed, stored as typed and
    escaped when shown. The server writes nothing of its own here, so no card is ever
    named in chat by the server. `hidden` lines were taken down when the host (or
    staff) muted their writer; they stay for staff to see in the admin."""

    MAX_LENGTH = 200

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="chat"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="chat_messages",
    )
    name = NameCopyField(
        _("name"), max_length=150, help_text=_("The writer's name at the table then.")
    )
    text = models.CharField(_("text"), max_length=MAX_LENGTH)
    # A quick phrase's key (games.phrases): the line is shown in each reader's language,
    # `text` keeping it in English. Blank: a line typed, shown as typed.
    phrase = models.CharField(
        _("quick phrase"), max_length=phrases.KEY_LENGTH, blank=True, default="", db_default=""
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    hidden = models.BooleanField(_("hidden"), default=False)

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["table", "pk"]
        indexes = [models.Index(fields=["table", "hidden", "-id"])]

    def __str__(self) -> str:
        return f"{self.name}: {self.text[:40]}"

    @property
    def shown(self) -> str:
        """The line as its reader reads it: a quick phrase in their language."""
        return phrases.shown(self.phrase, self.text)


class TableMute(models.Model):
    """A player the host (or staff) muted at a table: they may read its chat but not
    write in it, for as long as the row is there."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="mutes"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="+"
    )
    muted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("muted by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("table mute")
        verbose_name_plural = _("table mutes")
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="one_mute_per_table_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} muted at {self.table_id}"
