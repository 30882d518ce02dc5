"""A balanced knockout's players and moves (docs/tournaments.md#knockout): each player's lives and
place, and every change of table after a deal, in the order made."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.models.entries import Entry
from tournaments.models.events import Event


class KnockoutPlayer(models.Model):
    """An entry's standing in a knockout event (balanced or top q: tournaments.formats'
    knockout and top_q rounds): the lives they
    carry into their next deal (from table to table), how often they changed tables,
    and, once out, the deal they went out on, their lives at its start, the hand they
    went out with and their place. Written only between deals, under the event lock."""

    event = models.ForeignKey(
        Event,
        verbose_name=pgettext_lazy("tournaments field", "event"),
        on_delete=models.CASCADE,
        related_name="knockout_players",
    )
    entry = models.OneToOneField(
        Entry,
        verbose_name=pgettext_lazy("tournaments field", "entry"),
        on_delete=models.CASCADE,
        related_name="knockout",
    )
    lives = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "lives")
    )
    moves = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "moves"), default=0
    )
    out_deal = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "out deal"), null=True, blank=True
    )
    lives_at_exit_deal = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "lives at exit deal"), null=True, blank=True
    )
    hand_value = models.FloatField(
        verbose_name=pgettext_lazy("tournaments field", "hand value"), null=True, blank=True
    )
    place = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "place"), null=True, blank=True
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "knockout player")
        verbose_name_plural = pgettext_lazy("tournaments model", "knockout players")
        ordering = ["event", "place", "pk"]

    def __str__(self) -> str:
        return _("%(entry)s (knockout)") % {"entry": self.entry}


class KnockoutMove(models.Model):
    """A player changing tables after a deal of a knockout: a balancing move or a broken
    table's seat draw (`tournaments.formats.knockout.balancing.Move`), in the order made, so
    the layout can be replayed and the tables can show who arrived and who left."""

    BALANCE = "balance"
    BREAK = "break"
    REASONS = [(BALANCE, gettext_lazy("Balancing move")), (BREAK, gettext_lazy("Table broken"))]

    event = models.ForeignKey(
        Event,
        verbose_name=pgettext_lazy("tournaments field", "event"),
        on_delete=models.CASCADE,
        related_name="knockout_moves",
    )
    after_deal = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "after deal")
    )
    order = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "order")
    )
    entry = models.ForeignKey(
        Entry,
        verbose_name=pgettext_lazy("tournaments field", "entry"),
        on_delete=models.CASCADE,
        related_name="knockout_moves",
    )
    from_table = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "from table")
    )
    from_seat = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "from seat")
    )
    to_table = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "to table")
    )
    to_seat = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "to seat")
    )
    reason = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "reason"), max_length=10, choices=REASONS
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "knockout move")
        verbose_name_plural = pgettext_lazy("tournaments model", "knockout moves")
        ordering = ["event", "after_deal", "order"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "after_deal", "order"], name="one_knockout_move_per_order"
            ),
        ]

    def __str__(self) -> str:
        return _("%(entry)s: table %(from)s → %(to)s after deal %(deal)s") % {
            "entry": self.entry,
            "from": self.from_table,
            "to": self.to_table,
            "deal": self.after_deal,
        }
