"""A player's entry in an event (docs/tournaments.md#withdrawal): registered or withdrawn, checked
in, late (seated from `first_round` on), or stood in for by a bot this round."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.models.events import Event


class Entry(models.Model):
    REGISTERED = "registered"
    WITHDRAWN = "withdrawn"
    STATUSES = [(REGISTERED, gettext_lazy("Registered")), (WITHDRAWN, gettext_lazy("Withdrawn"))]

    event = models.ForeignKey(
        Event,
        verbose_name=pgettext_lazy("tournaments field", "event"),
        on_delete=models.CASCADE,
        related_name="entries",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("tournaments field", "user"),
        on_delete=models.CASCADE,
        related_name="event_entries",
    )
    status = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "status"),
        max_length=10,
        choices=STATUSES,
        default=REGISTERED,
    )
    registered_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "registered at"), auto_now_add=True
    )
    checked_in_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "checked in at"), null=True, blank=True
    )
    # A late entry is seated from this round on; earlier rounds score a bye each.
    first_round = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "first round"), default=1
    )
    withdrawn_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "withdrawn at"), null=True, blank=True
    )
    # Withdrawn by the event's start because they had not checked in (services.start_event):
    # their own line says so instead of "You withdrew", and they are told.
    missed_check_in = models.BooleanField(
        verbose_name=pgettext_lazy("tournaments field", "missed check-in"),
        default=False,
        db_default=False,
    )
    # The organizer let a bot play for them (a no-show) in the games of this round; None:
    # they play their own. Not a withdrawal: their results stand as played.
    stand_in_round = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "stand in round"), null=True, blank=True
    )

    class Meta:
        ordering = ["event", "registered_at", "pk"]
        verbose_name = pgettext_lazy("tournaments model", "entry")
        verbose_name_plural = pgettext_lazy("tournaments model", "entries")
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="one_entry_per_player"),
        ]

    def __str__(self) -> str:
        return _("%(user)s in %(event)s") % {"user": self.user, "event": self.event}

    @property
    def active(self) -> bool:
        return self.status == self.REGISTERED
