"""A game and its players: its snapshot of the engine state
(docs/persistence.md#the-snapshot), and who played at each seat and how it went for
them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import engine
from games.engine.serialize import state_from_dict, state_to_dict
from games.wording.names import stored_name, with_shown_names

from .names import NameCopyField
from .tables import Table

T = TypeVar("T")


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
        # A deleted member's token read as "Deleted player 7" (games.wording.names).
        return with_shown_names(state_from_dict(self.state, deck_source))

    def keep_state(self, state: engine.GameState) -> None:
        """Store `state` as the snapshot; a deleted member's name as its token again."""
        self.state = state_to_dict(state)
        self.state["names"] = [stored_name(name) for name in state.names]

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
    name = NameCopyField(_("name"), max_length=150)
    won = models.BooleanField(_("won"), default=False)
    # Set when a player's turns are being played for them, and why (a reason of
    # games.engine.events.AWAY_REASONS: the timer, absence, the host or staff).
    away = models.BooleanField(_("away"), default=False)
    away_reason = models.CharField(_("away reason"), max_length=10, blank=True)
    turns_timed_out = models.PositiveSmallIntegerField(_("turns timed out"), default=0)
    # When the person first opened the table's page or socket during this game; None
    # until then (and for a bot). Read by the turn timer's grace and "your game is ready".
    arrived_at = models.DateTimeField(_("arrived at"), null=True, blank=True)
    # Seconds of vacation this player's deadlines were put off by in this game
    # (docs/tables.md#vacation), against the table's `vacation_days`.
    vacation_seconds = models.PositiveIntegerField(_("vacation seconds"), default=0, db_default=0)
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
