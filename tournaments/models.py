"""Tournaments run by clubs (docs/design.md §14).

An `Event` belongs to a club, plays one format (`tournaments.formats`) and freezes its
rules when it is created. Players enter it (`Entry`); each `Round` seats them at
`RoundTable`s (each a `games.Table`, a game or many) and may give the odd ones out a
`Bye`. A table's `RoundSeat`s hold who sat where and, when its game is over, their
place. Standings are computed from those rows by the event's format, never stored. A
corrected place keeps its old value in a `Correction`. The writes are in
`tournaments.services` and the formats' `rounds` modules it calls, under the event's
row lock; who may act is `clubs.access` (an event's club's organizers).
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models.functions import Now
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.models import Table
from games.rule_text import rules_title
from tournaments.fairness import commitment
from tournaments.words import every_weekday_lower


def _token() -> str:
    return secrets.token_urlsafe(16)


def _seed() -> str:
    return commitment.new_seed()


def _feed_token() -> str:
    return secrets.token_urlsafe(24)


def _default_tiebreaks() -> list[str]:
    return ["opponents_average", "outlasted_sum", "table_wins", "head_to_head", "lots"]


class Event(models.Model):
    # The formats (tournaments.formats.FORMATS has a plug-in for each; a test checks
    # that the two lists agree).
    SWISS = "swiss"
    KNOCKOUT = "knockout"
    TOP_Q = "top_q"
    DUPLICATE = "duplicate"
    FORMATS = [
        (SWISS, gettext_lazy("Swiss: whole games, reseated by the standings each round")),
        (
            KNOCKOUT,
            gettext_lazy("Knockout: deal by deal, out on your last life, tables balanced"),
        ),
        (TOP_Q, gettext_lazy("Top-q knockout: whole games, the top of each table go through")),
        (DUPLICATE, gettext_lazy("Duplicate: every table plays the same deals, seats compared")),
    ]

    UPCOMING = "upcoming"
    RUNNING = "running"
    FINISHED = "finished"
    # Called off before it started (services.cancel_event): kept, so calendars that
    # show it can say so (docs/design.md §26).
    CANCELLED = "cancelled"
    STATUSES = [
        (UPCOMING, gettext_lazy("Upcoming")),
        (RUNNING, gettext_lazy("Running")),
        (FINISHED, gettext_lazy("Finished")),
        (CANCELLED, gettext_lazy("Cancelled")),
    ]

    OPEN = "open"
    INVITE = "invite"
    ENTRY_CHOICES = [
        (OPEN, gettext_lazy("Any club member may register")),
        (INVITE, gettext_lazy("Only with the invite link")),
    ]

    OUTLASTED = "outlasted"
    PLACES = "places"
    SCORING_CHOICES = [
        (OUTLASTED, gettext_lazy("A point for each opponent outlasted (½ for a tie)")),
        (PLACES, gettext_lazy("Points by place")),
    ]

    AUTO = "auto"
    MANUAL = "manual"
    ADVANCE_CHOICES = [
        (AUTO, gettext_lazy("Start each round as soon as the last one ends")),
        (MANUAL, gettext_lazy("Seat each round; the organizer starts it")),
    ]

    # Where its tables play (docs/design.md §21): all online, all with real cards in the
    # room (results entered from the players' phones, `CardResult`), or chosen by the
    # organizer table by table for each round (`RoundTable.cards`).
    ONLINE = "online"
    CARDS = "cards"
    MIXED = "mixed"
    VENUES = [
        (ONLINE, gettext_lazy("Online: every table plays on the site")),
        (
            CARDS,
            gettext_lazy("Real cards: every table plays with cards, results entered on phones"),
        ),
        (
            MIXED,
            gettext_lazy("Mixed: the organizer chooses each round which tables play with cards"),
        ),
    ]

    club = models.ForeignKey(
        "clubs.Club",
        verbose_name=pgettext_lazy("tournaments field", "club"),
        on_delete=models.CASCADE,
        related_name="events",
    )
    name = models.CharField(verbose_name=pgettext_lazy("tournaments field", "name"), max_length=80)
    description = models.TextField(
        verbose_name=pgettext_lazy("tournaments field", "description"), blank=True
    )
    format = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "format"),
        max_length=10,
        choices=FORMATS,
        default=SWISS,
    )
    venue = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "venue"),
        max_length=10,
        choices=VENUES,
        default=ONLINE,
        db_default=ONLINE,
    )
    # A top-q knockout's q: the first q of each table go through to the next round
    # (tournaments.formats.top_q). 0 in every other format.
    top_q = models.PositiveSmallIntegerField(
        gettext_lazy("top of each table go through"),
        default=0,
        help_text=gettext_lazy(
            "Top-q knockout only: the first q of each table go through to the next round."
        ),
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
    # The rules, frozen when the event is made: editing the rule set later changes nothing.
    rule_set = models.ForeignKey(
        "games.RuleSet",
        verbose_name=pgettext_lazy("tournaments field", "rule set"),
        on_delete=models.PROTECT,
        related_name="+",
    )
    rules = models.JSONField(verbose_name=pgettext_lazy("tournaments field", "rules"))
    rules_name = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "rules name"), max_length=80
    )
    rules_preset = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "rules preset"), max_length=40
    )
    # Swiss and duplicate events: the rounds played. A knockout stores 0: it plays until
    # one player is left (its format sets no rounds), so its pages never read this.
    rounds = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "rounds"), default=3
    )
    # Duplicate events: the boards (deals) every table plays in each round.
    boards = models.PositiveSmallIntegerField(gettext_lazy("boards a round"), default=4)
    table_size = models.PositiveSmallIntegerField(gettext_lazy("preferred table size"), default=4)
    table_min = models.PositiveSmallIntegerField(gettext_lazy("smallest table"), default=3)
    table_max = models.PositiveSmallIntegerField(gettext_lazy("largest table"), default=5)
    bots_fill = models.BooleanField(
        gettext_lazy("bots fill empty seats"),
        default=True,
        help_text=gettext_lazy("Otherwise a player who cannot be seated gets a bye."),
    )
    bye_points = models.FloatField(
        verbose_name=pgettext_lazy("tournaments field", "bye points"),
        help_text=gettext_lazy("What a bye scores (also each round missed by a late entry)."),
    )
    scoring = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "scoring"),
        max_length=10,
        choices=SCORING_CHOICES,
        default=OUTLASTED,
    )
    place_points = models.JSONField(
        verbose_name=pgettext_lazy("tournaments field", "place points"), default=list, blank=True
    )
    tiebreaks = models.JSONField(
        verbose_name=pgettext_lazy("tournaments field", "tiebreaks"), default=_default_tiebreaks
    )
    starts_at = models.DateTimeField(verbose_name=pgettext_lazy("tournaments field", "starts at"))
    checkin_minutes = models.PositiveSmallIntegerField(
        gettext_lazy("check-in window (minutes)"),
        default=0,
        help_text=gettext_lazy(
            "Players check in during this many minutes before the start; 0: no check-in."
        ),
    )
    entry = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "entry"),
        max_length=10,
        choices=ENTRY_CHOICES,
        default=OPEN,
    )
    invite_token = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "invite token"),
        max_length=32,
        unique=True,
        default=_token,
    )
    player_cap = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "player cap"), null=True, blank=True
    )
    registration_open = models.BooleanField(
        verbose_name=pgettext_lazy("tournaments field", "registration open"), default=True
    )
    # Registration opens at this time (None: at once). Until then no one registers;
    # `registration_opened_at` is when it opened and `signals.registration_opened` was
    # sent, exactly once (tournaments.registration, docs/design.md §26).
    registration_opens_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "registration opens at"),
        null=True,
        blank=True,
    )
    registration_opened_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "registration opened at"),
        null=True,
        blank=True,
        editable=False,
    )
    advance = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "advance"),
        max_length=10,
        choices=ADVANCE_CHOICES,
        default=AUTO,
    )
    turn_timer = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "turn timer"), default=60
    )
    # A turn-based event (docs/design.md §25): its tables give each move this many hours
    # (`games.Table.move_hours`; `turn_timer` is then 0), and each round has `round_days`
    # days: at its deadline bots finish the games still being played. 0: a live event.
    move_hours = models.PositiveSmallIntegerField(
        gettext_lazy("hours a move"), choices=Table.MOVE_HOURS_CHOICES, default=0, db_default=0
    )
    round_days = models.PositiveSmallIntegerField(
        gettext_lazy("days a round"), default=0, db_default=0
    )
    first_turn_grace = models.PositiveSmallIntegerField(
        gettext_lazy("seconds to reach the table"),
        default=60,
        db_default=60,
        help_text=gettext_lazy("A player's first turn waits this long for them to open the table."),
    )
    seed = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "seed"),
        max_length=32,
        default=_seed,
        help_text=gettext_lazy("All seating draws from it."),
    )
    # The seating commitment (docs/design.md §27, tournaments.fairness.commitment): SHA-256 of
    # "salt:seed:algorithm", made when the event is created (`save`) and shown from
    # then on; the seed and salt only once the event is over. Blank: an event that
    # started before events committed to their seed, whose seating cannot be proven.
    seed_salt = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "seed salt"),
        max_length=64,
        blank=True,
        default="",
        db_default="",
    )
    seating_algorithm = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "seating algorithm"),
        max_length=40,
        blank=True,
        default="",
        db_default="",
    )
    seed_commitment = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "seed commitment"),
        max_length=64,
        blank=True,
        default="",
        db_default="",
    )
    seed_committed_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "seed committed at"), null=True, blank=True
    )
    status = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "status"),
        max_length=10,
        choices=STATUSES,
        default=UPCOMING,
    )
    paused = models.BooleanField(
        verbose_name=pgettext_lazy("tournaments field", "paused"), default=False
    )
    # What a round scores for a player a bot stood in for (docs/design.md §20): the
    # bot's result, a bye's points, or nothing.
    STAND_IN_PLAYED = "played"
    STAND_IN_BYE = "bye"
    STAND_IN_ZERO = "zero"
    STAND_IN_SCORING = [
        (STAND_IN_PLAYED, gettext_lazy("The bot's result counts in full")),
        (STAND_IN_BYE, gettext_lazy("A bye's points")),
        (STAND_IN_ZERO, gettext_lazy("No points")),
    ]
    stand_in_scoring = models.CharField(
        gettext_lazy("a round a bot played for someone scores"),
        max_length=10,
        choices=STAND_IN_SCORING,
        default=STAND_IN_PLAYED,
        db_default=STAND_IN_PLAYED,
    )
    # A break the organizer called: the next round starts by itself at this time.
    break_until = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "break until"), null=True, blank=True
    )
    started_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "started at"), null=True, blank=True
    )
    finished_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "finished at"), null=True, blank=True
    )
    # Counts the changes told to the event's sockets (services.changed): a page names
    # the one it shows, so a socket that was down asks only when it missed one.
    live_version = models.PositiveIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "live version"), default=0, editable=False
    )
    cancelled_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "cancelled at"), null=True, blank=True
    )
    # What calendars are told (docs/design.md §26): SEQUENCE, counted up when the event
    # moves or is cancelled, and when its calendar entry last changed (LAST-MODIFIED,
    # DTSTAMP): `tournaments.schedule.calendars.changed` writes both.
    calendar_sequence = models.PositiveIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "calendar sequence"),
        default=0,
        db_default=0,
        editable=False,
    )
    calendar_changed_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "calendar changed at"),
        default=timezone.now,
        db_default=Now(),
        editable=False,
    )
    # One of a weekly series' events (docs/design.md §26), and the date (in the club's
    # zone) of the week it stands for: moved or cancelled, it still holds that week,
    # so the series never makes that week's event again.
    series = models.ForeignKey(
        "EventSeries",
        verbose_name=pgettext_lazy("tournaments field", "series"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="occurrences",
    )
    occurrence = models.DateField(
        verbose_name=pgettext_lazy("tournaments field", "occurrence"), null=True, blank=True
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "event")
        verbose_name_plural = pgettext_lazy("tournaments model", "events")
        ordering = ["-starts_at", "pk"]
        constraints = [
            # Two workers (or a task run twice) making the same week's event: one wins.
            models.UniqueConstraint(
                fields=["series", "occurrence"], name="one_event_per_series_week"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self._state.adding and not self.seed_commitment:
            self.commit_to_seed()
        super().save(*args, **kwargs)

    def commit_to_seed(self) -> None:
        """Fix the seed before anything is drawn from it: a fresh salt, the algorithm
        that will draw, and their commitment (not saved here)."""
        self.seed_salt = commitment.new_salt()
        self.seating_algorithm = commitment.ALGORITHM
        self.seed_commitment = commitment.commitment(
            self.seed_salt, self.seed, self.seating_algorithm
        )
        self.seed_committed_at = timezone.now()

    @property
    def seed_revealed(self) -> bool:
        """The seed and salt are public once the event is over, and not before."""
        return self.status == self.FINISHED

    @property
    def rules_title(self) -> str:
        """Its rules' name as shown: a built-in preset's title in the reader's language,
        house rules' name as written (games.rule_text.rules_title)."""
        return rules_title(self.rules_name, self.rules_preset)

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    def calendar_changed(self) -> None:
        """What calendars show of the event changed (its start, its name, cancelled):
        count up its SEQUENCE and date its LAST-MODIFIED now (docs/design.md §26), for
        the caller to save with the change (under the event's lock)."""
        self.calendar_sequence += 1
        self.calendar_changed_at = timezone.now()

    CALENDAR_FIELDS = ["calendar_sequence", "calendar_changed_at"]

    def registration_waits(self, now: datetime | None = None) -> bool:
        """Whether registration has an opening time still to come."""
        return self.registration_opens_at is not None and self.registration_opens_at > (
            now or timezone.now()
        )

    def registration_is_open(self, now: datetime | None = None) -> bool:
        """Whether players may register now (the other rules aside: who, the cap)."""
        return self.registration_open and not self.registration_waits(now)


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
    # What the round's drawing saw (docs/design.md §27), so it can be drawn again from
    # the records: the event's highest entry and correction ids at that moment (the
    # entries and corrections made later are left out of the standings it is drawn
    # from), and the seats the organizer had locked when it was drawn again, kept in
    # place as [table, position, entry id] in the order placed. None: a round seated
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
    # A turn-based event's round (docs/design.md §25): when it started plus the event's
    # days a round. The sweep has bots finish what is left once it has passed.
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
    # from a confirmed `CardResult` (docs/design.md §21).
    cards = models.BooleanField(
        verbose_name=pgettext_lazy("tournaments field", "cards"), default=False, db_default=False
    )
    # A balanced knockout's card table: the seat (`RoundSeat.position`) that deals this
    # deal, as the app calls it. An online table's game knows its dealer; a card table
    # has no game, and the balancing after the deal needs the button (§17, §21).
    dealer = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "dealer"), null=True, blank=True
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
    (docs/design.md §27). Seats are (table number, position); deleted with the round
    when it is drawn again, as the swaps themselves are undone then."""

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


class Board(models.Model):
    """One deal of a duplicate round (docs/design.md §18), played at every table alike:
    the deck and its reshuffle deck as card codes, top first, and the dealer seat. Every
    board of the event is drawn when it starts (docs/design.md §27) and its salt's
    commitment shown from then on; a board joins its round (`round`) when the round is
    seated. The deck and salt are shown once the board's last table has finished
    (`revealed_at`), or the event is over, so anyone can check one against the other.
    Until then nothing here leaves the server."""

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


class Announcement(models.Model):
    """A short line an organizer writes to everyone at the event: shown at the top of
    the event's pages and its players' pages, and on the projector view."""

    event = models.ForeignKey(
        Event,
        verbose_name=pgettext_lazy("tournaments field", "event"),
        on_delete=models.CASCADE,
        related_name="announcements",
    )
    text = models.CharField(verbose_name=pgettext_lazy("tournaments field", "text"), max_length=200)
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
        verbose_name = pgettext_lazy("tournaments model", "announcement")
        verbose_name_plural = pgettext_lazy("tournaments model", "announcements")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return self.text


class CardResult(models.Model):
    """One submission of a card table's result (docs/design.md §21): a place per seat
    position (1 = best, shared places as the engine would share them) and, optionally,
    what the rules score per seat (lives lost, points, chips). A player's submission
    waits for another player of the table to confirm it; a different one from another
    player makes both disputed; an organizer's confirms at once, with a reason, and
    supersedes whatever was there. At most one per table is confirmed."""

    PENDING = "pending"
    CONFIRMED = "confirmed"
    DISPUTED = "disputed"
    SUPERSEDED = "superseded"
    STATUSES = [
        (PENDING, gettext_lazy("Waiting for confirmation")),
        (CONFIRMED, gettext_lazy("Confirmed")),
        (DISPUTED, gettext_lazy("Disputed")),
        (SUPERSEDED, gettext_lazy("Superseded")),
    ]

    round_table = models.ForeignKey(
        RoundTable,
        verbose_name=pgettext_lazy("tournaments field", "round table"),
        on_delete=models.CASCADE,
        related_name="card_results",
    )
    places = models.JSONField(verbose_name=pgettext_lazy("tournaments field", "places"))
    scores = models.JSONField(
        verbose_name=pgettext_lazy("tournaments field", "scores"), default=list, blank=True
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("tournaments field", "submitted by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    submitted_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "submitted at"), auto_now_add=True
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("tournaments field", "confirmed by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    confirmed_at = models.DateTimeField(
        verbose_name=pgettext_lazy("tournaments field", "confirmed at"), null=True, blank=True
    )
    status = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "status"),
        max_length=10,
        choices=STATUSES,
        default=PENDING,
    )
    reason = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "reason"), max_length=200, blank=True
    )
    # A balanced knockout's deal: the seat (position) that dealt it, when the players
    # say so (None: whoever the app named, `RoundTable.dealer`); the next deal's
    # button follows it.
    dealer = models.PositiveSmallIntegerField(
        verbose_name=pgettext_lazy("tournaments field", "dealer"), null=True, blank=True
    )

    class Meta:
        verbose_name = pgettext_lazy("tournaments model", "card result")
        verbose_name_plural = pgettext_lazy("tournaments model", "card results")
        ordering = ["round_table", "submitted_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["round_table"],
                condition=models.Q(status="confirmed"),
                name="one_confirmed_card_result",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round_table}: {self.places} ({self.status})"


class EventSeries(models.Model):
    """An event repeated every week (docs/design.md §26): on `weekday` at `local_time`
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
    """A player's private calendar feed of the events they entered (docs/design.md
    §26): its address carries `token`; a new token (renewing) makes the old address
    answer 404."""

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
