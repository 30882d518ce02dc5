"""Tables and their seats: where a game is played, and who sits where."""

from __future__ import annotations

import secrets
from typing import NamedTuple

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games import engine
from games.absence import DEFAULT_TURN_TIMER, MOVE_HOURS
from games.engine.bots import SEATED_LEVELS
from games.rule_text import preset_title, rules_title
from games.wording.names import table_name

from .names import NameCopyField
from .rule_sets import RuleSet


def _hours_a_move(hours: int) -> str:
    return ngettext("%(hours)s hour a move", "%(hours)s hours a move", hours) % {"hours": hours}


# A turn-based table's pace in words ("24 hours a move"), worded when shown.
hours_a_move = lazy(_hours_a_move, str)

# The bots' levels in words.
_LEVEL_NAMES = {
    "easy": pgettext_lazy("bot level", "Easy"),
    "medium": pgettext_lazy("bot level", "Medium"),
    "hard": pgettext_lazy("bot level", "Hard"),
}


def _invite_token() -> str:
    return secrets.token_urlsafe(16)


class Home(NamedTuple):
    """Where a table's page leads back to: its address and what the link says."""

    url: str
    label: str


class Table(models.Model):
    TIMER_CHOICES = [
        (0, _("No timer")),
        (15, _("15 seconds")),
        (30, _("30 seconds")),
        (60, _("1 minute")),
        (120, _("2 minutes")),
    ]
    # A turn-based table (docs/tables.md#hours-a-move): hours a move instead of the timer's
    # seconds; 0 is a live table.
    MOVE_HOURS_CHOICES = [(0, _("Live")), *((hours, hours_a_move(hours)) for hours in MOVE_HOURS)]
    CLOSED_BY_HOST, CLOSED_BY_STAFF, HOST_LEFT, IDLE = "host", "staff", "host_left", "idle"
    CLOSED_REASONS = [
        (CLOSED_BY_HOST, _("The host closed the table.")),
        (CLOSED_BY_STAFF, _("A moderator closed the table.")),
        (HOST_LEFT, _("The host left, with no other player seated.")),
        (IDLE, _("No player was at the table for a long while.")),
    ]

    # Who may start a game here: the host (`owner`), any player seated at the table, or
    # no one but the system (a tournament's tables: `services.start_game(by=None)`).
    STARTED_BY_OWNER, STARTED_BY_PLAYERS, STARTED_BY_SYSTEM = "owner", "players", "system"
    STARTERS = [
        (STARTED_BY_OWNER, _("The host")),
        (STARTED_BY_PLAYERS, _("Any seated player")),
        (STARTED_BY_SYSTEM, _("Only the system (a tournament)")),
    ]

    # Blank: the host left it unnamed, and each reader reads "<host>'s table" in their
    # own language (`title`), the host's name kept in `host_name`.
    name = models.CharField(_("name"), max_length=80, blank=True)
    host_name = NameCopyField(
        _("host name"),
        max_length=150,
        blank=True,
        default="",
        db_default="",
        help_text=_("The host's name when they left the table unnamed."),
    )
    # The host: None for a table opened by the system (a tournament's), which no one
    # hosts. A host need not sit in seat 0.
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("owner"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="owned_tables",
    )
    starters = models.CharField(
        _("starters"), max_length=10, choices=STARTERS, default=STARTED_BY_OWNER
    )
    rule_set = models.ForeignKey(
        RuleSet, verbose_name=_("rule set"), on_delete=models.PROTECT, related_name="tables"
    )
    # The rules as they were when the table was made, and the name and preset of the
    # rule set they came from: editing a rule set later changes no table made with it.
    rules = models.JSONField(_("rules"))
    rules_name = models.CharField(
        _("rules name"), max_length=80, help_text=_("The rule set's name at the time.")
    )
    rules_preset = models.CharField(
        _("rules preset"),
        max_length=40,
        help_text=_("The preset the rule set was built on at the time."),
    )
    seat_count = models.PositiveSmallIntegerField(_("seat count"), default=4)
    is_public = models.BooleanField(_("is public"), default=True)
    # Its games count for the players' ratings (when at least two people play). Read by
    # the `ratings` app, which games never imports (docs/ratings.md#which-games-count).
    rated = models.BooleanField(_("rated"), default=False)
    invite_token = models.CharField(
        _("invite token"), max_length=32, unique=True, default=_invite_token
    )
    turn_timer = models.PositiveSmallIntegerField(
        _("turn timer"), choices=TIMER_CHOICES, default=DEFAULT_TURN_TIMER
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    # The last page view or action of a seated player: a table without a game in play
    # that no one has looked at for THIRTYONE_IDLE_TABLE_MINUTES closes itself.
    last_activity = models.DateTimeField(_("last activity"), default=timezone.now)
    # A closed table is closed for good: no one joins, deals or changes seats. Its seats
    # and games stay, so the people who sat there see what happened to it.
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    closed_reason = models.CharField(
        _("closed reason"), max_length=10, choices=CLOSED_REASONS, blank=True
    )
    # The page the table's way back leads to, set by whoever opened it for a page of its
    # own (a tournament's event): games links there without knowing that app. Blank:
    # the lobby, as for every table opened there.
    home_url = models.CharField(_("home url"), max_length=200, blank=True, default="")
    home_label = models.CharField(_("home label"), max_length=80, blank=True, default="")
    # Seconds a person who has not opened the table yet has before their turn's timer
    # starts (an event's tables: players walk over from wherever they were). 0: none.
    first_turn_grace = models.PositiveSmallIntegerField(
        _("first turn grace"), default=0, db_default=0
    )
    # Turn-based (docs/tables.md#hours-a-move): each move has this many hours, played over days
    # (`turn_timer` is then 0: no live timer). 0: a live table, timed by `turn_timer`.
    move_hours = models.PositiveSmallIntegerField(
        _("move hours"), choices=MOVE_HOURS_CHOICES, default=0, db_default=0
    )

    # Days of vacation each player may take at this turn-based table, per game
    # (docs/tables.md#vacation): a casual table's default; an event's tables take its own
    # (default 0: none).
    vacation_days = models.PositiveSmallIntegerField(_("vacation days"), default=14, db_default=14)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["closed_at", "last_activity"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(closed_at__isnull=True, closed_reason="")
                | models.Q(closed_at__isnull=False) & ~models.Q(closed_reason=""),
                name="closed_table_has_a_reason",
            ),
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        """What every page and message calls the table, in the active language: its
        name, or "mette's table" for one its host left unnamed (docs/i18n.md)."""
        if self.name:
            return self.name
        return gettext("%(name)s's table") % {"name": self.host_name}

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None

    @property
    def turn_based(self) -> bool:
        """Played over days: each move has hours (docs/tables.md#hours-a-move)."""
        return self.move_hours > 0

    @property
    def turn_seconds(self) -> int:
        """What a turn has, in seconds: the move's hours at a turn-based table, else the
        turn timer (0: no timer)."""
        return self.move_hours * 3600 if self.move_hours else self.turn_timer

    def get_absolute_url(self) -> str:
        return reverse("table", args=[self.pk])

    @property
    def home(self) -> Home:
        """The way back from the table's page: its opener's page, or the lobby."""
        if self.home_url:
            return Home(self.home_url, self.home_label or self.home_url)
        return Home(reverse("lobby"), gettext("Lobby"))

    def engine_rules(self) -> engine.Rules:
        return engine.Rules.from_dict(self.rules)

    def preset_rules(self) -> engine.Rules:
        """The rules of the preset this table's rules were built on."""
        if self.rules_preset in engine.PRESETS:
            return engine.Rules.preset(self.rules_preset)
        return engine.Rules()

    @property
    def preset_title(self) -> str:
        """The title of the preset its rules were built on, in the reader's language."""
        return preset_title(self.rules_preset)

    @property
    def rules_title(self) -> str:
        """Its rules' name as shown (`rules_name`): a built-in preset's title in the
        reader's language, house rules' name as written."""
        return rules_title(self.rules_name, self.rules_preset)

    def invite_url(self) -> str:
        return reverse("join_by_link", args=[self.invite_token])


class Seat(models.Model):
    # The engine's levels, named as the migrations have them ("Easy"...).
    BOT_LEVELS = [(level, _LEVEL_NAMES.get(level, level.capitalize())) for level in SEATED_LEVELS]

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="seats"
    )
    position = models.PositiveSmallIntegerField(_("position"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="seats",
    )
    bot_level = models.CharField(_("bot level"), max_length=10, choices=BOT_LEVELS, blank=True)

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["table", "user"], name="one_seat_per_user"),
            models.CheckConstraint(
                condition=(
                    models.Q(user__isnull=False, bot_level="")
                    | models.Q(user__isnull=True) & ~models.Q(bot_level="")
                ),
                name="seat_is_a_user_or_a_bot",
            ),
        ]

    def __str__(self) -> str:
        return self.display_name

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def display_name(self) -> str:
        if self.is_bot:
            # A name, like a person's: the same in every language, as the game's log keeps it.
            return f"{self.bot_level.capitalize()} bot {self.position + 1}"
        return table_name(self.user.get_username())
