"""A club's leagues (docs/tournaments.md#leagues): a set of its events added up into one
table, "Thursday league 2027". Its events are chosen one by one or are the first
`planned` weeks of a weekly series; each result is worth what the rule says (today's
season rule, or points per place), the best `counted` of them count, and a player with
fewer than `minimum` results is not yet ranked. Written by `tournaments.leagues.writes`,
read by `tournaments.leagues.reading`; the table itself is never stored."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.models.events import Event
from tournaments.models.schedule import EventSeries


class League(models.Model):
    SEASON = "season"  # tournaments.leagues.table.SEASON
    PLACES = "places"  # tournaments.leagues.table.PLACES
    RULES = [
        (SEASON, gettext_lazy("The season's rule: each event's points as its format scores them")),
        (PLACES, gettext_lazy("Points for each place")),
    ]

    club = models.ForeignKey(
        "clubs.Club",
        verbose_name=pgettext_lazy("tournaments field", "club"),
        on_delete=models.CASCADE,
        related_name="leagues",
    )
    name = models.CharField(verbose_name=pgettext_lazy("tournaments field", "name"), max_length=100)
    # The chosen events; a league over a series leaves this empty.
    events = models.ManyToManyField(
        Event,
        verbose_name=pgettext_lazy("tournaments field", "events"),
        related_name="leagues",
        blank=True,
    )
    series = models.ForeignKey(
        EventSeries,
        verbose_name=pgettext_lazy("tournaments field", "series"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="leagues",
    )
    # A series' events in the league: its first this many weeks (not cancelled).
    planned = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "planned events"), null=True, blank=True
    )
    rule = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "rule"),
        max_length=10,
        choices=RULES,
        default=SEASON,
    )
    place_points = models.JSONField(
        verbose_name=pgettext_lazy("tournaments field", "place points"), default=list, blank=True
    )
    taking_part = models.FloatField(
        verbose_name=pgettext_lazy("tournaments field", "taking part points"), default=0
    )
    # The best this many results count (None: every one).
    counted = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "counted results"), null=True, blank=True
    )
    minimum = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "minimum events"), default=0
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
        ordering = ["club", "name", "pk"]
        verbose_name = pgettext_lazy("tournaments model", "league")
        verbose_name_plural = pgettext_lazy("tournaments model", "leagues")
        constraints = [
            models.UniqueConstraint("club", Lower("name"), name="one_league_name_per_club"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:league", args=[self.club.slug, self.pk])

    def league_events(self) -> list[Event]:
        """The league's events in order: a series' first `planned` weeks not cancelled,
        or the chosen events by their start."""
        if self.series_id is not None:
            weeks = self.series.occurrences.exclude(status=Event.CANCELLED)
            return list(weeks.order_by("occurrence", "pk")[: self.planned or 0])
        return list(self.events.order_by("starts_at", "pk"))

    @property
    def planned_count(self) -> int:
        """M: the events the league plans, a series' planned weeks or the chosen events."""
        if self.series_id is not None:
            return self.planned or 0
        return self.events.count()

    def options(self) -> dict[str, Any]:
        """What `tournaments.leagues.writes` takes, as stored (the edit form's start)."""
        return {
            "name": self.name,
            "events": list(self.events.all()),
            "series": self.series,
            "planned": self.planned,
            "rule": self.rule,
            "place_points": ", ".join(f"{p:g}" for p in self.place_points),
            "taking_part": self.taking_part,
            "counted": self.counted,
            "minimum": self.minimum,
        }
