"""An event (docs/tournaments.md): the club's, in one format (`tournaments.formats`), its
rules frozen when it is created, and its seed committed to then (docs/fair-seating.md:
`SeedCommitted`)."""

from __future__ import annotations

import secrets
from datetime import datetime

from django.apps import apps as django_apps
from django.conf import settings
from django.db import models
from django.db.models.functions import Now
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, pgettext_lazy

from games.models import Table
from games.rule_text import rules_title
from tournaments.models.conditions import EntryConditions
from tournaments.models.seeds import SeedCommitted, _seed


def _token() -> str:
    return secrets.token_urlsafe(16)


def _default_tiebreaks() -> list[str]:
    return ["opponents_average", "outlasted_sum", "table_wins", "head_to_head", "lots"]


def format_choices() -> list[tuple[str, str | Promise]]:
    """The formats, each's key and name, from their registry (`tournaments.formats`,
    which imports this module, so the app's config holds it once the app is ready:
    `tournaments.apps`)."""
    return django_apps.get_app_config("tournaments").format_choices()


class Event(SeedCommitted, EntryConditions, models.Model):
    # The formats' keys the code names (each format is a plug-in of
    # tournaments.formats.FORMATS, which gives the choices: `format_choices`).
    SWISS = "swiss"
    KNOCKOUT = "knockout"
    TOP_Q = "top_q"
    DUPLICATE = "duplicate"

    UPCOMING = "upcoming"
    RUNNING = "running"
    FINISHED = "finished"
    # Called off before it started (services.cancel_event): kept, so calendars that
    # show it can say so (docs/calendars.md#what-a-vevent-says).
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

    # Where its tables play (docs/club-night.md#card-tables): all online, all with real cards in the
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
        choices=format_choices,
        default=SWISS,
    )
    venue = models.CharField(
        verbose_name=pgettext_lazy("tournaments field", "venue"),
        max_length=10,
        choices=VENUES,
        default=ONLINE,
        db_default=ONLINE,
    )
    # A format's own options without a column of their own, by name
    # (tournaments.formats.setup.Option): none of today's formats has one.
    format_options = models.JSONField(default=dict, blank=True, editable=False)
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
    # The longest check-in window: the services refuse a longer one, and the reminders
    # (notifications.sources.events) look this far ahead.
    MAX_CHECKIN_MINUTES = 240
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
    # sent, exactly once (tournaments.registration,
    # docs/calendars.md#registration-opening-at-a-time).
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
    # A turn-based event (docs/tournaments.md#turn-based-events): its tables give each
    # move this many hours (`games.Table.move_hours`; `turn_timer` is then 0), and each
    # round has `round_days` days: at its deadline bots finish the games still being
    # played. 0: a live event.
    move_hours = models.PositiveSmallIntegerField(
        gettext_lazy("hours a move"), choices=Table.MOVE_HOURS_CHOICES, default=0, db_default=0
    )
    round_days = models.PositiveSmallIntegerField(
        gettext_lazy("days a round"), default=0, db_default=0
    )
    # Vacation days each player may take, per game (docs/tables.md#vacation).
    vacation_days = models.PositiveSmallIntegerField(
        gettext_lazy("vacation days"), default=0, db_default=0
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
    # The seating commitment (docs/fair-seating.md#the-commitment,
    # tournaments.fairness.commitment): SHA-256 of "salt:seed:algorithm", made when the
    # event is created (`save`) and shown from then on; the seed and salt only once the
    # event is over. Blank: an event that started before events committed to their seed,
    # whose seating cannot be proven.
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
    # What a round scores for a player a bot stood in for (docs/tournaments.md#stand-ins): the
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
    # What calendars are told (docs/calendars.md#what-a-vevent-says): SEQUENCE, counted
    # up when the event moves or is cancelled, and when its calendar entry last changed
    # (LAST-MODIFIED, DTSTAMP): `tournaments.schedule.calendars.changed` writes both.
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
    # One of a weekly series' events (docs/calendars.md#weekly-series), and the date (in the club's
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

    @property
    def rules_title(self) -> str:
        """Its rules' name as shown: a built-in preset's title in the reader's language,
        house rules' name as written (games.rule_text.rules_title)."""
        return rules_title(self.rules_name, self.rules_preset)

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])

    def calendar_changed(self) -> None:
        """What calendars show of the event changed (its start, its name, cancelled):
        count up its SEQUENCE and date its LAST-MODIFIED now
        (docs/calendars.md#what-a-vevent-says), for the caller to save with the change
        (under the event's lock)."""
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
