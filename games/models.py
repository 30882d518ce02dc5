"""Tables, seats, games and the event log (docs/design.md §3).

A game is an append-only list of `GameEvent`s (unique `seq` per game); `Game.state` is
a cached snapshot of the engine state that folding the events gives back. Only
`games.services` writes to these models.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games import engine, phrases
from games.absence import DEFAULT_TURN_TIMER, MOVE_HOURS
from games.engine.bots import SEATED_LEVELS
from games.engine.events import from_dict as event_from_dict
from games.engine.serialize import state_from_dict
from games.rule_text import preset_title, rules_title
from games.wording import refusal
from games.wording.names import table_name

T = TypeVar("T")


class RuleSet(models.Model):
    """A preset plus house-rule changes, validated as a whole by the engine."""

    PRESET_CHOICES = [(key, title) for key, title in engine.PRESET_TITLES.items()]

    name = models.CharField(_("name"), max_length=80)
    preset = models.CharField(_("preset"), max_length=40, choices=PRESET_CHOICES, default="scat")
    changes = models.JSONField(
        _("changes"),
        default=dict,
        blank=True,
        help_text=_("Options that differ from the preset, by name."),
    )
    description = models.TextField(_("description"), blank=True)
    is_preset = models.BooleanField(
        _("is preset"), default=False, help_text=_("One of the built-in presets.")
    )
    offered = models.BooleanField(
        _("offered"),
        default=True,
        help_text=_(
            "Offered when a table is opened. Tables opened with it keep their rules "
            "either way. The built-in presets are always offered."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        verbose_name = _("rule set")
        verbose_name_plural = _("rule sets")
        ordering = ["-is_preset", "name"]
        constraints = [
            models.UniqueConstraint(
                fields=["preset"],
                condition=models.Q(is_preset=True),
                name="one_rule_set_per_preset",
            ),
            models.CheckConstraint(
                condition=models.Q(is_preset=False) | models.Q(offered=True),
                name="presets_are_offered",
            ),
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        """Its name as shown: a built-in preset's title in the reader's language (its
        stored name is the English one), house rules' name as written."""
        return rules_title(self.name, self.preset)

    def rules(self) -> engine.Rules:
        return engine.Rules.preset(self.preset, **self.changes)

    def clean(self) -> None:
        if self.is_preset and not self.offered:
            raise ValidationError({"offered": _("The built-in presets are always offered.")})
        if not isinstance(self.changes, dict):
            raise ValidationError({"changes": _("Changes must be a mapping of option names.")})
        try:
            self.rules()
        except engine.RulesError as error:
            raise ValidationError({"changes": refusal(error)}) from error

    @classmethod
    def on_offer(cls) -> models.QuerySet[RuleSet]:
        """The rule sets a table may be opened with: the built-in presets in the engine's
        order, then the site's house rules by name."""
        engine_order = models.Case(
            *(
                models.When(is_preset=True, preset=key, then=models.Value(n))
                for n, key in enumerate(engine.PRESET_TITLES)
            ),
            default=models.Value(len(engine.PRESET_TITLES)),
        )
        return cls.objects.filter(offered=True).order_by(
            "-is_preset", engine_order, Lower("name"), "pk"
        )

    @classmethod
    def sync_presets(cls) -> int:
        """Create or refresh one rule set per engine preset; returns how many."""
        for key, title in engine.PRESET_TITLES.items():
            cls.objects.update_or_create(
                preset=key,
                is_preset=True,
                defaults={"name": title, "changes": {}, "offered": True},
            )
        return len(engine.PRESET_TITLES)


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
    # A turn-based table (docs/design.md §25): hours a move instead of the timer's
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
    host_name = models.CharField(
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
    # the `ratings` app, which games never imports (docs/design.md §15).
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
    # Turn-based (docs/design.md §25): each move has this many hours, played over days
    # (`turn_timer` is then 0: no live timer). 0: a live table, timed by `turn_timer`.
    move_hours = models.PositiveSmallIntegerField(
        _("move hours"), choices=MOVE_HOURS_CHOICES, default=0, db_default=0
    )

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
        """Played over days: each move has hours (docs/design.md §25)."""
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


class GameQuerySet(models.QuerySet["Game"]):
    def in_play(self) -> GameQuerySet:
        """Games being played: neither finished nor ended early."""
        return self.filter(status=Game.PLAYING)


class Game(models.Model):
    # FINISHED: the game was played out and has its winners. ENDED: it was stopped
    # before that (`end_reason` says by whom or why); the standings then stand and no
    # one wins (games.absence).
    PLAYING, FINISHED, ENDED = "playing", "finished", "ended"
    # Set whenever a game is over: "finished" for one played to the end (FINISHED), else
    # who or what ended it (ENDED). Empty while it is played.
    PLAYED_OUT = "finished"
    END_REASONS = [
        (PLAYED_OUT, _("Played to the end")),
        ("host", _("Ended by the host")),
        ("staff", _("Ended by staff")),
        ("abandoned", _("Abandoned")),
    ]

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="games"
    )
    status = models.CharField(
        _("status"),
        max_length=10,
        default=PLAYING,
        choices=[(PLAYING, _("Playing")), (FINISHED, _("Finished")), (ENDED, _("Ended early"))],
    )
    end_reason = models.CharField(_("end reason"), max_length=10, blank=True, choices=END_REASONS)
    seq = models.PositiveIntegerField(_("seq"), default=0, help_text=_("The last event's seq."))
    state = models.JSONField(
        _("state"), help_text=_("Snapshot of the engine state after event `seq`.")
    )
    # The current turn's deadline when the table has a turn timer.
    turn_deadline = models.DateTimeField(_("turn deadline"), null=True, blank=True)
    turn_started_at = models.DateTimeField(
        _("turn started at"),
        null=True,
        blank=True,
        help_text=_("When the seat on turn got the turn."),
    )
    human_moved_at = models.DateTimeField(
        _("human moved at"),
        default=timezone.now,
        help_text=_("A person's last move of their own or \"I'm back\" (the abandoned clock)."),
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    started_at = models.DateTimeField(_("started at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    # A duplicate board is dealt alike at several tables: until its last table has
    # finished, only this game's own players may see it (games.access), and its decks
    # stay hidden even once played (games.proofs). The tournament unseals it.
    sealed = models.BooleanField(
        _("sealed"),
        default=False,
        help_text=_(
            "Only its players may see it, and its decks stay hidden (a duplicate "
            "board still being played at other tables)."
        ),
    )

    objects = GameQuerySet.as_manager()

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["-started_at"]
        indexes = [models.Index(fields=["status"])]

    def __str__(self) -> str:
        return f"{self.table} #{self.pk}"

    def get_absolute_url(self) -> str:
        return self.table.get_absolute_url()

    def engine_state(self, deck_source: Any = None) -> engine.GameState:
        return state_from_dict(self.state, deck_source)

    def once_per_seq(self, name: str, read: Callable[[], T]) -> T:
        """`read()`, done once per instance and seq and kept on the instance: a push
        renders the game for every viewer from one instance, so what they all read
        (rows, presence) costs one query or cache trip, not one per viewer."""
        cached = self.__dict__.get(name)
        if cached is not None and cached[0] == self.seq:
            return cached[1]
        found = read()
        self.__dict__[name] = (self.seq, found)
        return found

    def carry_over(self, name: str) -> None:
        """The writer says what `once_per_seq(name, ...)` read before its write is still
        true at the new seq: keep it rather than read it back (a move changes no player
        row, so the players read under the lock serve the push and the answer)."""
        cached = self.__dict__.get(name)
        if cached is not None:
            self.__dict__[name] = (self.seq, cached[1])

    @property
    def in_play(self) -> bool:
        """Being played: neither finished nor ended early (`GameQuerySet.in_play`)."""
        return self.status == Game.PLAYING

    def machine_moves_next(self) -> bool:
        """Whether the turn (as of the snapshot) is a bot's, or an away player's whose
        turns a bot plays (`GamePlayer.played_by_machine`). Without a query when the
        players read at this seq are in hand (`carry_over`)."""
        turn = self.state.get("turn")
        if turn is None:
            return False
        cached = self.__dict__.get("_players")
        if cached is not None and cached[0] == self.seq:
            return any(p.position == turn and p.played_by_machine for p in cached[1])
        return GamePlayer.objects.filter(game=self, position=turn).played_by_machine().exists()


class GamePlayerQuerySet(models.QuerySet["GamePlayer"]):
    def played_by_machine(self) -> GamePlayerQuerySet:
        """Seats a bot plays: bots, and players marked away."""
        return self.exclude(bot_level="", away=False)

    def played_by_person(self) -> GamePlayerQuerySet:
        """Seats a person plays: neither a bot nor marked away."""
        return self.filter(bot_level="", away=False)

    def results_of(self, game: Game | int) -> GamePlayerQuerySet:
        """`game`'s players best first (by place, then seat), with their results: empty
        of places while the game is played (`games.results`)."""
        return self.filter(game=game).order_by(models.F("place").asc(nulls_last=True), "position")

    def with_results(self) -> GamePlayerQuerySet:
        """Rows of games that are over (finished or ended early), whose results are set."""
        return self.filter(place__isnull=False)


class GamePlayer(models.Model):
    """Who played at each engine seat of a game, and how it went for them.

    The results (`place` and the rest, `games.results`) are written by the service with
    the game's last event, once the game is finished or ended early; None or 0 before."""

    game = models.ForeignKey(
        Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="players"
    )
    position = models.PositiveSmallIntegerField(_("position"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="game_players",
    )
    bot_level = models.CharField(_("bot level"), max_length=10, blank=True)
    name = models.CharField(_("name"), max_length=150)
    won = models.BooleanField(_("won"), default=False)
    # Set when a player's turns are being played for them, and why (a reason of
    # games.engine.events.AWAY_REASONS: the timer, absence, the host or staff).
    away = models.BooleanField(_("away"), default=False)
    away_reason = models.CharField(_("away reason"), max_length=10, blank=True)
    turns_timed_out = models.PositiveSmallIntegerField(_("turns timed out"), default=0)
    # When the person first opened the table's page or socket during this game; None
    # until then (and for a bot). Read by the turn timer's grace and "your game is ready".
    arrived_at = models.DateTimeField(_("arrived at"), null=True, blank=True)
    # ---- results, set when the game is over (games.results) ----
    place = models.PositiveSmallIntegerField(
        _("place"), null=True, blank=True, help_text=_("1 = best; players who tie share a place.")
    )
    # What they had at the end, in the game's scoring (the other two stay None).
    lives = models.PositiveSmallIntegerField(_("lives"), null=True, blank=True)
    points = models.PositiveSmallIntegerField(_("points"), null=True, blank=True)
    chips = models.PositiveSmallIntegerField(_("chips"), null=True, blank=True)
    out_in_round = models.PositiveSmallIntegerField(
        _("out in round"),
        null=True,
        blank=True,
        help_text=_("The round they went out in; None if never out."),
    )
    rounds_lost = models.PositiveSmallIntegerField(_("rounds lost"), default=0)
    bot_moves = models.PositiveSmallIntegerField(
        _("bot moves"), default=0, help_text=_("Moves a bot made for them (away, or out of time).")
    )
    turns_timed_out_total = models.PositiveSmallIntegerField(
        _("turns timed out total"),
        default=0,
        help_text=_("Turns the timer ran out on, in the whole game."),
    )

    objects = GamePlayerQuerySet.as_manager()

    class Meta:
        verbose_name = _("game player")
        verbose_name_plural = _("game players")
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_player_per_game_seat"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def played_by_machine(self) -> bool:
        """A bot plays this seat's turns: a bot's, or an away player's."""
        return self.is_bot or self.away


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
    the shuffle was fixed first (docs/design.md §3).

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


class ChatMessage(models.Model):
    """A line of a table's chat (games.chat): what a player typed, stored as typed and
    escaped when shown. The server writes nothing of its own here, so no card is ever
    named in chat by the server. `hidden` lines were taken down when the host (or
    staff) muted their writer; they stay for staff to see in the admin."""

    MAX_LENGTH = 200

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="chat"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="chat_messages",
    )
    name = models.CharField(
        _("name"), max_length=150, help_text=_("The writer's name at the table then.")
    )
    text = models.CharField(_("text"), max_length=MAX_LENGTH)
    # A quick phrase's key (games.phrases): the line is shown in each reader's language,
    # `text` keeping it in English. Blank: a line typed, shown as typed.
    phrase = models.CharField(
        _("quick phrase"), max_length=phrases.KEY_LENGTH, blank=True, default="", db_default=""
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    hidden = models.BooleanField(_("hidden"), default=False)

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["table", "pk"]
        indexes = [models.Index(fields=["table", "hidden", "-id"])]

    def __str__(self) -> str:
        return f"{self.name}: {self.text[:40]}"

    @property
    def shown(self) -> str:
        """The line as its reader reads it: a quick phrase in their language."""
        return phrases.shown(self.phrase, self.text)


class TableMute(models.Model):
    """A player the host (or staff) muted at a table: they may read its chat but not
    write in it, for as long as the row is there."""

    table = models.ForeignKey(
        Table, verbose_name=_("table"), on_delete=models.CASCADE, related_name="mutes"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="+"
    )
    muted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("muted by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("table mute")
        verbose_name_plural = _("table mutes")
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="one_mute_per_table_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} muted at {self.table_id}"


class ImportedTranscript(models.Model):
    """A transcript someone pasted or uploaded to replay (games.archive): kept under the
    SHA-256 of its text, so its replay has a link that steps work with and can be
    shared. Nothing in it is trusted: it is folded by the engine like any log."""

    MAX_BYTES = 2_000_000

    key = models.CharField(_("key"), max_length=64, unique=True)
    text = models.TextField(_("text"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        verbose_name = _("imported transcript")
        verbose_name_plural = _("imported transcripts")

    def __str__(self) -> str:
        return self.key[:12]
