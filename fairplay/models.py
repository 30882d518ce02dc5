"""The fair-play records (docs/fair-play.md): reports, the moderators' actions on them
(the audit), the sanctions those set, blocks, and leavers' marks. Written only by the
app's services (`reports`, `moderation`, `blocks`, `leavers`)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from fairplay.reasons import REPORT_REASONS, SANCTION_REASONS


class Report(models.Model):
    """A person's report about another: what was reported (a seat at a table, a chat
    line, a profile) and, at a table, the game and its replay step at the time."""

    SEAT, CHAT, PROFILE = "seat", "chat", "profile"
    SUBJECTS = [(SEAT, _("A seat at a table")), (CHAT, _("A chat line")), (PROFILE, _("A profile"))]
    OPEN, HANDLED = "open", "handled"
    STATUSES = [(OPEN, _("Open")), (HANDLED, _("Handled"))]

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("reporter"),
        on_delete=models.CASCADE,
        related_name="reports_made",
    )
    reported = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("reported"),
        on_delete=models.CASCADE,
        related_name="reports_about",
    )
    subject = models.CharField(_("subject"), max_length=10, choices=SUBJECTS)
    reason = models.CharField(_("reason"), max_length=20, choices=list(REPORT_REASONS.items()))
    note = models.TextField(_("note"), blank=True, max_length=1000)
    table = models.ForeignKey(
        "games.Table", verbose_name=_("table"), null=True, blank=True, on_delete=models.SET_NULL
    )
    game = models.ForeignKey(
        "games.Game", verbose_name=_("game"), null=True, blank=True, on_delete=models.SET_NULL
    )
    seq = models.PositiveIntegerField(_("seq"), null=True, blank=True)
    step = models.PositiveIntegerField(_("replay step"), null=True, blank=True)
    chat_message = models.ForeignKey(
        "games.ChatMessage",
        verbose_name=_("chat line"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    # The line as it was reported: what the moderators read, though it be taken down.
    quoted = models.CharField(_("quoted"), max_length=500, blank=True)
    # The club whose event the table belongs to: its organizers see the report
    # (docs/fair-play.md#who-moderates); None: staff only.
    club = models.ForeignKey(
        "clubs.Club", verbose_name=_("club"), null=True, blank=True, on_delete=models.SET_NULL
    )
    status = models.CharField(_("status"), max_length=10, choices=STATUSES, default=OPEN)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["status", "club"])]

    def __str__(self) -> str:
        return f"report {self.pk}: {self.reason}"


class Sanction(models.Model):
    """A restriction of a person until `ends_at`: no chat, no rated play, or no events of
    `club`. Set by a moderator's action or by the leavers' rule; `key` makes each once."""

    CHAT_MUTE, RATED_BAN, CLUB_BAN = "chat_mute", "rated_ban", "club_ban"
    KINDS = [
        (CHAT_MUTE, _("Muted in table chat")),
        (RATED_BAN, _("Banned from rated play")),
        (CLUB_BAN, _("Banned from a club's events")),
    ]

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="sanctions",
    )
    kind = models.CharField(_("kind"), max_length=10, choices=KINDS)
    club = models.ForeignKey(
        "clubs.Club", verbose_name=_("club"), null=True, blank=True, on_delete=models.CASCADE
    )
    reason = models.CharField(_("reason"), max_length=20, choices=list(SANCTION_REASONS.items()))
    starts_at = models.DateTimeField(_("starts at"))
    ends_at = models.DateTimeField(_("ends at"))
    key = models.CharField(_("key"), max_length=80, unique=True)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        indexes = [models.Index(fields=["user", "kind", "ends_at"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind="club_ban", club__isnull=False)
                | ~models.Q(kind="club_ban") & models.Q(club__isnull=True),
                name="a_club_ban_names_its_club",
            )
        ]

    def __str__(self) -> str:
        return f"{self.kind} until {self.ends_at:%Y-%m-%d %H:%M}"


class ModerationAction(models.Model):
    """The audit: who did what about which report, when, with their note."""

    WARN, MUTE, RATED, CLUB, DISMISS = "warn", "mute", "rated", "club", "dismiss"
    ACTIONS = [
        (WARN, _("Warn")),
        (MUTE, _("Mute in chat")),
        (RATED, _("Ban from rated play")),
        (CLUB, _("Ban from the club's events")),
        (DISMISS, _("Dismiss")),
    ]

    report = models.ForeignKey(
        Report, verbose_name=_("report"), on_delete=models.CASCADE, related_name="actions"
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    action = models.CharField(_("action"), max_length=10, choices=ACTIONS)
    days = models.PositiveSmallIntegerField(_("days"), default=0)
    note = models.TextField(_("note"), blank=True, max_length=1000)
    sanction = models.ForeignKey(
        Sanction, verbose_name=_("sanction"), null=True, blank=True, on_delete=models.SET_NULL
    )
    at = models.DateTimeField(_("at"), default=timezone.now)

    class Meta:
        verbose_name = _("moderation action")
        verbose_name_plural = _("moderation actions")
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.action} on report {self.report_id}"


class Block(models.Model):
    """`blocker` does not read `blocked`'s chat, and `blocked` joins no casual table
    `blocker` sits at (docs/fair-play.md#blocks)."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("blocker"),
        on_delete=models.CASCADE,
        related_name="blocks_made",
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("blocked"),
        on_delete=models.CASCADE,
        related_name="blocked_by",
    )
    created_at = models.DateTimeField(_("created at"), default=timezone.now)

    class Meta:
        verbose_name = _("block")
        verbose_name_plural = _("blocks")
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="one_block_per_pair"),
            models.CheckConstraint(
                condition=~models.Q(blocker=models.F("blocked")), name="no_blocking_oneself"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.blocker_id} blocks {self.blocked_id}"


class LeaverMark(models.Model):
    """A rated game `user` left before its end, or a bot played most of for them."""

    LEFT, BOT = "left", "bot"
    WHYS = [(LEFT, _("Left before the end")), (BOT, _("A bot played most of their moves"))]

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="leaver_marks",
    )
    game = models.ForeignKey("games.Game", verbose_name=_("game"), on_delete=models.CASCADE)
    why = models.CharField(_("why"), max_length=5, choices=WHYS)
    at = models.DateTimeField(_("at"))

    class Meta:
        verbose_name = _("leaver mark")
        verbose_name_plural = _("leaver marks")
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="one_mark_per_game"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} left game {self.game_id}"


# The collusion signals' rows live beside their code (docs/fair-play.md#collusion-signals).
from fairplay.collusion.rows import PairSignal  # noqa: E402

__all__ = ["Block", "LeaverMark", "ModerationAction", "PairSignal", "Report", "Sanction"]
