"""The event log (append-only, a unique `seq` per game) and the decks a game committed to
before dealing from them (docs/persistence.md#fair-shuffles)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from games import engine
from games.engine.events import from_dict as event_from_dict

from .game import Game


class GameEvent(models.Model):
    """One engine event. `secret` is shown only to the `owner` seat (or no one)."""

    game = models.ForeignKey(
        Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="events"
    )
    seq = models.PositiveIntegerField(_("seq"))
    kind = models.CharField(_("kind"), max_length=30)
    seat = models.SmallIntegerField(_("seat"), null=True, blank=True)
    data = models.JSONField(_("data"), default=dict)
    secret = models.JSONField(_("secret"), default=dict)
    owner = models.SmallIntegerField(_("owner"), null=True, blank=True)
    by_bot = models.BooleanField(
        _("by bot"),
        default=False,
        help_text=_("A bot made this move for the person at this seat (away, or out of time)."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("game event")
        verbose_name_plural = _("game events")
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="one_event_per_seq"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq} {self.kind}"

    def to_engine(self) -> engine.Event:
        return event_from_dict(
            {
                "kind": self.kind,
                "seat": self.seat,
                "data": self.data,
                "secret": self.secret,
                "owner": self.owner,
            }
        )


class Deal(models.Model):
    """A commitment to one deck the game deals from: its hash is shown before anyone
    sees a card of it, and the deck and salt once it is used up, so anyone can check
    the shuffle was fixed first (docs/persistence.md#fair-shuffles).

    - ROUND: each round's deck, committed with its deal, revealed with the round's end.
    - RESHUFFLE: the order a reshuffled stock takes. Which discards will be shuffled
      is not known in advance, so the commitment is to a whole deck, and the new stock
      is the discards in this deck's order. One is committed with each deal (and the
      next with each reshuffle), before anyone has discarded; all are revealed with
      the round's end, used or not.
    - FIRST_DEALER: the deck cut or drawn from for the first dealer (round 0), revealed
      at once: it is used up before the first deal.

    The seqs say what a snapshot at seq N shows: a deal committed after N is not in it
    yet, and one revealed after N is still hidden in it (a page rendered from an
    instance read before a round ended must not show that round's deck)."""

    ROUND, RESHUFFLE, FIRST_DEALER = "round", "reshuffle", "first_dealer"
    PURPOSES = [
        (ROUND, _("Round's deck")),
        (RESHUFFLE, _("Reshuffled stock's order")),
        (FIRST_DEALER, _("First dealer's draw")),
    ]

    game = models.ForeignKey(
        Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="deals"
    )
    round_no = models.PositiveIntegerField(_("round no"))
    purpose = models.CharField(_("purpose"), max_length=12, choices=PURPOSES, default=ROUND)
    number = models.PositiveSmallIntegerField(
        _("number"),
        default=0,
        help_text=_("A round's reshuffle decks count from 1; the others are 0."),
    )
    commitment = models.CharField(_("commitment"), max_length=64)
    salt = models.CharField(_("salt"), max_length=64)
    deck = models.TextField(_("deck"))
    committed_seq = models.PositiveIntegerField(
        _("committed seq"),
        help_text=_("The seq of the event whose snapshot first shows the commitment."),
    )
    used_seq = models.PositiveIntegerField(
        _("used seq"),
        null=True,
        blank=True,
        help_text=_("The seq of the event that dealt from it."),
    )
    revealed_seq = models.PositiveIntegerField(
        _("revealed seq"),
        null=True,
        blank=True,
        help_text=_("The seq from which the deck and salt are shown."),
    )

    class Meta:
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        ordering = ["game", "committed_seq", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "round_no", "purpose", "number"], name="one_deal_per_use"
            ),
        ]

    def __str__(self) -> str:
        if self.purpose == self.FIRST_DEALER:
            return f"{self.game_id} first dealer"
        reshuffle = f" reshuffle {self.number}" if self.purpose == self.RESHUFFLE else ""
        return f"{self.game_id} round {self.round_no}{reshuffle}"

    @property
    def revealed(self) -> bool:
        return self.revealed_seq is not None

    def revealed_at(self, seq: int) -> bool:
        """Whether a snapshot at `seq` shows the deck and salt."""
        return self.revealed_seq is not None and self.revealed_seq <= seq
