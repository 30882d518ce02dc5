"""Weekly series of events and the players' private calendar feeds
(docs/calendars.md#the-three-feeds)."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.models.events import Event
from tournaments.words import every_weekday_lower


def _feed_token() -> str:
    return secrets.token_urlsafe(24)


class EventSeries(models.Model):
    """An event repeated every week (docs/calendars.md#weekly-series): on `weekday` at `local_time`
    in the club's time zone, each a copy of `template`'s settings, its registration
    opening `registration_days` days before its start (0: as soon as it is made).
    `tournaments.schedule.series` makes each week's event once; stopped, it makes no more."""

    WEEKDAYS = [
        (0, gettext_lazy("Monday")),
        (1, gettext_lazy("Tuesday")),
        (2, gettext_lazy("Wednesday")),
        (3, gettext_lazy("Thursday")),
        (4, gettext_lazy("Friday")),
        (5, gettext_lazy("Saturday")),
        (6, gettext_lazy("Sunday")),
    ]

    club = models.ForeignKey(
        "clubs.Club",
        verbose_name=pgettext_lazy("tournaments field", "club"),
        on_delete=models.CASCADE,
        related_name="event_series",
    )
    template = models.ForeignKey(
        Event,
        verbose_name=pgettext_lazy("tournaments field", "template"),
        on_delete=models.CASCADE,
        related_name="+",
    )
    weekday = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "weekday"), choices=WEEKDAYS
    )
    local_time = models.TimeField(verbose_name=pgettext_lazy("tournaments field", "local time"))
    registration_days = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "registration days"), default=0
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
    stopped_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "stopped at"), null=True, blank=True
    )

    class Meta:
        ordering = ["club", "pk"]
        verbose_name = pgettext_lazy("tournaments model", "event series")
        verbose_name_plural = pgettext_lazy("tournaments model", "event series")

    def __str__(self) -> str:
        return _("%(name)s, %(every)s") % {
            "name": self.template.name,
            "every": every_weekday_lower(self.weekday),
        }

    @property
    def active(self) -> bool:
        return self.stopped_at is None


class CalendarFeed(models.Model):
    """A player's private calendar feed of the events they entered
    (docs/calendars.md#the-three-feeds): its address carries `token`; a new token
    (renewing) makes the old address answer 404."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("tournaments field", "user"),
        on_delete=models.CASCADE,
        related_name="calendar_feed",
    )
    token = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "token"), max_length=64, default=_feed_token
    )
    created_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "created at"), auto_now_add=True
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "calendar feed")
        verbose_name_plural = pgettext_lazy("tournaments model", "calendar feeds")

    def __str__(self) -> str:
        return _("%(user)s's calendar") % {"user": self.user}

    def get_absolute_url(self) -> str:
        return reverse("tournaments:player_calendar", args=[self.pk, self.token])

    def renew(self) -> None:
        self.token = _feed_token()
        self.created_at = timezone.now()
        self.save(update_fields=["token", "created_at"])
