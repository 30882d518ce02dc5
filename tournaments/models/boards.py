"""A duplicate event's boards (docs/tournaments.md#playing-the-boards): the deals every
table of a round plays, committed to before they are dealt, and each table's play of one
(`BoardPlay`)."""

from __future__ import annotations

from django.db import models
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from tournaments.models.events import Event
from tournaments.models.rounds import Round, RoundTable


class Board(models.Model):
    """One deal of a duplicate round (docs/tournaments.md#boards), played at every table alike:
    the deck and its reshuffle deck as card codes, top first, and the dealer seat. Every board
    of the event is drawn when it starts
    (docs/fair-seating.md#duplicate-boards-are-drawn-at-the-start) and its salt's commitment
    shown from then on; a board joins its round (`round`) when the round is seated. The deck
    and salt are shown once the board's last table has finished (`revealed_at`), or the event
    is over, so anyone can check one against the other. Until then nothing here leaves the
    server."""

    event = models.ForeignKey(
        Event,
        verbose_name=pgettext_lazy("tournaments field", "event"),
        on_delete=models.CASCADE,
        related_name="board_set",
    )
    round_number = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "round number"), db_default=0
    )
    # Its round once seated; a round drawn again lets go of its boards and the new one
    # takes them (the same decks: they were committed to at the start).
    round = models.ForeignKey(
        Round,
        verbose_name=pgettext_lazy("tournaments field", "round"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="boards",
    )
    number = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "number")
    )
    dealer = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "dealer")
    )
    deck = models.TextField(verbose_name=pgettext_lazy("tournaments field", "deck"))
    reshuffle = models.TextField(verbose_name=pgettext_lazy("tournaments field", "reshuffle"))
    salt = models.CharField(verbose_name=pgettext_lazy("tournaments field", "salt"), max_length=64)
    commitment = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "commitment"), max_length=64
    )
    # When it was drawn and committed to (None: drawn before this was kept).
    committed_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "committed at"),
        null=True,
        blank=True,
        default=timezone.now,
        db_default=Now(),
    )
    revealed_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "revealed at"), null=True, blank=True
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "board")
        verbose_name_plural = pgettext_lazy("tournaments model", "boards")
        ordering = ["event", "round_number", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["event", "round_number", "number"], name="one_board_per_number"
            ),
        ]

    def __str__(self) -> str:
        return _("%(event)s, round %(round)s, board %(number)s") % {
            "event": self.event,
            "round": self.round_number,
            "number": self.number,
        }

    @property
    def revealed(self) -> bool:
        return self.revealed_at is not None


class BoardPlay(models.Model):
    """A board played at one table of its round: the game dealt from it and, once over,
    each seat's result by position (what the deal cost and the hand it ended with).
    `scored` is False for a game ended before the deal was over: that table did not
    play the board, and the board's other results are scaled (Neuberg)."""

    board = models.ForeignKey(
        Board,
        verbose_name=pgettext_lazy("tournaments field", "board"),
        on_delete=models.CASCADE,
        related_name="plays",
    )
    table = models.ForeignKey(
        RoundTable,
        verbose_name=pgettext_lazy("tournaments field", "table"),
        on_delete=models.CASCADE,
        related_name="board_plays",
    )
    game = models.OneToOneField(
        "games.Game",
        verbose_name=pgettext_lazy("tournaments field", "game"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="board_play",
    )
    finished_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "finished at"), null=True, blank=True
    )
    scored = models.BooleanField(
        verbose_name=pgettext_lazy("tournaments field", "scored"), default=False
    )
    lives_lost = models.JSONField(
        verbose_name=pgettext_lazy("tournaments field", "lives lost"), default=list, blank=True
    )
    hand_values = models.JSONField(
        verbose_name=pgettext_lazy("tournaments field", "hand values"), default=list, blank=True
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "board play")
        verbose_name_plural = pgettext_lazy("tournaments model", "board plays")
        ordering = ["board", "table"]
        constraints = [
            models.UniqueConstraint(fields=["board", "table"], name="one_play_per_board_table"),
        ]

    def __str__(self) -> str:
        return _("%(board)s at table %(table)s") % {"board": self.board, "table": self.table.number}
