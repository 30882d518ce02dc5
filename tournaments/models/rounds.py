"""An event's rounds (docs/tournaments.md): each seats the entries at `RoundTable`s (each a
`games.Table`, a game or many) and may give the odd ones out a `Bye`. A table's
`RoundSeat`s hold who sat where and, when its game is over, their place; a corrected place
keeps its old value in a `Correction`, and an organizer's swap of two seats is a `SeatSwap`
(replayed by the verify page,
docs/fair-seating.md#everything-that-changes-a-seating-is-recorded)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from tournaments.models.entries import Entry
from tournaments.models.events import Event


class Round(models.Model):
    SEATED = "seated"  # seated, not yet published: the organizer may swap and lock
    PLAYING = "playing"
    FINISHED = "finished"
    STATUSES = [
        (SEATED, gettext_lazy("Seated")),
        (PLAYING, gettext_lazy("Playing")),
        (FINISHED, gettext_lazy("Finished")),
    ]

    event = models.ForeignKey(
        Event,
        verbose_name=pgettext_lazy("tournaments field", "event"),
        on_delete=models.CASCADE,
        related_name="round_set",
    )
    number = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "number")
    )
    status = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "status"),
        max_length=10,
        choices=STATUSES,
        default=SEATED,
    )
    seed = models.CharField(verbose_name=pgettext_lazy("tournaments field", "seed"), max_length=64)
    # What the round's drawing saw
    # (docs/fair-seating.md#everything-that-changes-a-seating-is-recorded), so it can be
    # drawn again from the records: the event's highest entry and correction ids at that
    # moment (the entries and corrections made later are left out of the standings it is
    # drawn from), and the seats the organizer had locked when it was drawn again, kept
    # in place as [table, position, entry id] in the order placed. None: a round seated
    # before its drawing was recorded.
    drawn_entries = models.PositiveIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "drawn entries"), null=True, blank=True
    )
    drawn_corrections = models.PositiveIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "drawn corrections"), null=True, blank=True
    )
    kept_seats = models.JSONField(
        verbose_name=pgettext_lazy("tournaments field", "kept seats"),
        default=list,
        blank=True,
        db_default=[],
    )
    # The keep-apart pairs its seating honoured (docs/fair-seating.md#keep-apart-pairs),
    # [entry id, entry id] each, the smaller first: read when it was drawn and kept, so
    # the verify page draws it again from them whatever the organizer changes later.
    # Empty for a round of a version-1 event, or with no pair among its players.
    kept_apart = models.JSONField(
        verbose_name=pgettext_lazy("tournaments field", "kept apart"),
        default=list,
        blank=True,
        db_default=[],
    )
    start_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "start at"), null=True, blank=True
    )
    seated_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "seated at"), auto_now_add=True
    )
    started_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "started at"), null=True, blank=True
    )
    finished_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "finished at"), null=True, blank=True
    )
    # A turn-based event's round (docs/tournaments.md#turn-based-events): when it
    # started plus the event's days a round. The sweep has bots finish what is left once
    # it has passed.
    deadline = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "deadline"), null=True, blank=True
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "round")
        verbose_name_plural = pgettext_lazy("tournaments model", "rounds")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_round_per_number"),
        ]

    def __str__(self) -> str:
        return _("%(event)s, round %(number)s") % {"event": self.event, "number": self.number}


class RoundTable(models.Model):
    round = models.ForeignKey(
        Round,
        verbose_name=pgettext_lazy("tournaments field", "round"),
        on_delete=models.CASCADE,
        related_name="tables",
    )
    number = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "number")
    )
    # A Swiss round opens a table for each game; a knockout keeps its tables from deal
    # to deal and a duplicate round from board to board, so a table may serve many.
    table = models.ForeignKey(
        "games.Table",
        verbose_name=pgettext_lazy("tournaments field", "table"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="event_tables",
    )
    game = models.OneToOneField(
        "games.Game",
        verbose_name=pgettext_lazy("tournaments field", "game"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="event_table",
    )
    finished_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "finished at"), null=True, blank=True
    )
    # Played with real cards in the room: no games.Table and no Game; its places come
    # from a confirmed `CardResult` (docs/club-night.md#card-results).
    cards = models.BooleanField(
        verbose_name=pgettext_lazy("tournaments field", "cards"), default=False, db_default=False
    )
    # A balanced knockout's card table: the seat (`RoundSeat.position`) that deals this
    # deal, as the app calls it. An online table's game knows its dealer; a card table
    # has no game, and the balancing after the deal needs the button
    # (docs/tournaments.md#between-deals, docs/club-night.md#knockouts-with-cards).
    dealer = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "dealer"), null=True, blank=True
    )
    # A card table's own link (docs/club-night.md#a-tables-own-link) carries this
    # number: the organizer's "New link" counts it up, and every link made before is
    # refused from then on.
    link_version = models.PositiveIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "link version"), default=0, db_default=0
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "round table")
        verbose_name_plural = pgettext_lazy("tournaments model", "round tables")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="one_round_table_per_number"),
        ]

    def __str__(self) -> str:
        return _("%(round)s, table %(number)s") % {"round": self.round, "number": self.number}


class RoundSeat(models.Model):
    """Who sits at `position` of a round's table (an entry, or a bot), and how they
    finished when the game is over."""

    table = models.ForeignKey(
        RoundTable,
        verbose_name=pgettext_lazy("tournaments field", "table"),
        on_delete=models.CASCADE,
        related_name="seats",
    )
    position = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "position")
    )
    entry = models.ForeignKey(
        Entry,
        verbose_name=pgettext_lazy("tournaments field", "entry"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="seats",
    )
    bot_level = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "bot level"), max_length=10, blank=True
    )
    locked = models.BooleanField(
        verbose_name=pgettext_lazy("tournaments field", "locked"),
        default=False,
        help_text=gettext_lazy("The organizer fixed this seat; reseating keeps it."),
    )
    place = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "place"), null=True, blank=True
    )
    lives_lost = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "lives lost"), default=0
    )
    # A bot played for this seat's player at some point of the round (the organizer's
    # stand-in): what the round scores for them is the event's `stand_in_scoring`.
    stood_in = models.BooleanField(
        verbose_name=pgettext_lazy("tournaments field", "stood in"), default=False, db_default=False
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "round seat")
        verbose_name_plural = pgettext_lazy("tournaments model", "round seats")
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_entry_per_round_seat"),
            models.CheckConstraint(
                condition=models.Q(entry__isnull=False, bot_level="")
                | models.Q(entry__isnull=True) & ~models.Q(bot_level=""),
                name="seat_is_entry_or_bot",
            ),
        ]

    def __str__(self) -> str:
        return _("%(table)s, seat %(number)s") % {"table": self.table, "number": self.position + 1}


class Bye(models.Model):
    """A round an entry was not seated in, with the points it scored: the odd one out
    when bots do not fill seats, or a round before a late entry."""

    round = models.ForeignKey(
        Round,
        verbose_name=pgettext_lazy("tournaments field", "round"),
        on_delete=models.CASCADE,
        related_name="byes",
    )
    entry = models.ForeignKey(
        Entry,
        verbose_name=pgettext_lazy("tournaments field", "entry"),
        on_delete=models.CASCADE,
        related_name="byes",
    )
    points = models.FloatField(verbose_name=pgettext_lazy("tournaments field", "points"))
    late = models.BooleanField(
        verbose_name=pgettext_lazy("tournaments field", "late"),
        default=False,
        help_text=gettext_lazy("A round before a late entry."),
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "bye")
        verbose_name_plural = pgettext_lazy("tournaments model", "byes")
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="one_bye_per_round"),
        ]

    def __str__(self) -> str:
        return _("%(entry)s has a bye in %(round)s") % {"entry": self.entry, "round": self.round}


class SeatSwap(models.Model):
    """The organizer exchanged two seats of a seated round (`services.swap_seats`), in
    the order made: the verify page replays them on the round drawn from the seed
    (docs/fair-seating.md#everything-that-changes-a-seating-is-recorded). Seats are
    (table number, position); deleted with the round when it is drawn again, as the
    swaps themselves are undone then."""

    round = models.ForeignKey(
        Round,
        verbose_name=pgettext_lazy("tournaments field", "round"),
        on_delete=models.CASCADE,
        related_name="swaps",
    )
    order = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "order")
    )
    first_table = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "first table")
    )
    first_position = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "first position")
    )
    second_table = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "second table")
    )
    second_position = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "second position")
    )
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
        verbose_name = pgettext_lazy("tournaments model", "seat swap")
        verbose_name_plural = pgettext_lazy("tournaments model", "seat swaps")
        ordering = ["round", "order"]
        constraints = [
            models.UniqueConstraint(fields=["round", "order"], name="one_seat_swap_per_order"),
        ]

    def __str__(self) -> str:
        return _(
            "%(round)s: table %(first_table)s seat %(first_seat)s ⇄ table %(second_table)s "
            "seat %(second_seat)s"
        ) % {
            "round": self.round,
            "first_table": self.first_table,
            "first_seat": self.first_position + 1,
            "second_table": self.second_table,
            "second_seat": self.second_position + 1,
        }


class Correction(models.Model):
    """The organizer changed a finished seat's place, with a reason (the audit log)."""

    seat = models.ForeignKey(
        RoundSeat,
        verbose_name=pgettext_lazy("tournaments field", "seat"),
        on_delete=models.CASCADE,
        related_name="corrections",
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("tournaments field", "by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    old_place = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "old place")
    )
    new_place = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "new place")
    )
    reason = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "reason"), max_length=200
    )
    at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "at"), auto_now_add=True
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "correction")
        verbose_name_plural = pgettext_lazy("tournaments model", "corrections")
        ordering = ["at"]

    def __str__(self) -> str:
        return _("%(seat)s: place %(old)s → %(new)s") % {
            "seat": self.seat,
            "old": self.old_place,
            "new": self.new_place,
        }
