"""The bots' review of a finished game, computed once and kept
(docs/bots.md#the-review-of-a-finished-game): which decisions the hard bot would have
made otherwise and what each cost. Written by `games.services.reviews` alone."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy as _

from .game import Game


class GameReview(models.Model):
    """One game's review. `steps`: per decision judged, in the replay's order, a dict
    of `step` (the replay's step index), `seat`, `taken` and `preferred` (action codes,
    `engine.parse_action`), `kind` ("agree", "mistake" or "big"), `cost` (0 when the
    bot agrees), `unit` ("life", "point" or "chip"), `big` and `worlds`. `seats`: per
    seat reviewed (a person's), `seat`, `decisions`, `mistakes`, `big` and `average`
    (the mean cost over its decisions). The rating never reads it."""

    game = models.OneToOneField(
        Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="review"
    )
    version = models.PositiveSmallIntegerField(_("version"))
    budget = models.PositiveIntegerField(
        _("budget"), help_text=_("Simulated moves a decision at most.")
    )
    cpu_seconds = models.FloatField(_("CPU seconds"))
    computed_at = models.DateTimeField(_("computed at"), auto_now_add=True)
    steps = models.JSONField(_("steps"), default=list)
    seats = models.JSONField(_("seats"), default=list)

    class Meta:
        verbose_name = _("game review")
        verbose_name_plural = _("game reviews")

    def __str__(self) -> str:
        return f"review of game {self.game_id}"

    def summary_of(self, seat: int) -> dict[str, Any] | None:
        """The summary of `seat`'s decisions, or None if it was not reviewed."""
        return next((s for s in self.seats if s["seat"] == seat), None)
