"""A notification is one row per (kind, person, subject): the unique constraint is what
makes "sent once" hold when two workers, a repeated task or an overlapping sweep make
the same one (docs/notifications.md#once). A subject that has versions (an event's "your game
is ready", deal after deal) keeps its one row, updated by a later version. The row is
the site's list entry, and the outbox of its e-mail, whose state it carries."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Now
from django.utils import timezone


class Notification(models.Model):
    # Its e-mail: none wanted; waiting (now or at `email_next_try`); being sent by the
    # worker that claimed it; sent; given up on after the retries; not sent because
    # the person has no verified address, turned it off, or its moment passed.
    NO_MAIL = ""
    PENDING = "pending"
    SENDING = "sending"
    SENT = "sent"
    FAILED = "failed"
    SKIPPED = "skipped"
    MAIL_STATES = [
        (NO_MAIL, "Not wanted"),
        (PENDING, "Waiting"),
        (SENDING, "Being sent"),
        (SENT, "Sent"),
        (FAILED, "Failed"),
        (SKIPPED, "Not sent"),
    ]

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=40)  # a name in notifications.kinds
    # What it is about, so the same news is made once: "game-812", "event-4-1951…".
    key = models.CharField(max_length=120)
    # Which version of its subject it tells of (0: a subject with none): a draft of a
    # higher one updates the row, one of the same or a lower one (a task run twice, or
    # late) changes nothing. An event's game calls: the game's id.
    revision = models.PositiveBigIntegerField(default=0, db_default=0)
    created_at = models.DateTimeField(default=timezone.now, db_default=Now())
    text = models.CharField(max_length=300)
    body = models.TextField(blank=True, default="", db_default="")
    url = models.CharField(max_length=300, blank=True, default="", db_default="")
    # After this moment it is not news any more: no e-mail goes out after it.
    valid_until = models.DateTimeField(null=True, blank=True)
    # Which rows one call made (services.notify): those it hands to the channels.
    batch = models.CharField(max_length=32, default="", db_default="", editable=False)
    on_site = models.BooleanField(default=True, db_default=True)
    read_at = models.DateTimeField(null=True, blank=True)
    email_state = models.CharField(
        max_length=10, choices=MAIL_STATES, blank=True, default=NO_MAIL, db_default=NO_MAIL
    )
    email_attempts = models.PositiveSmallIntegerField(default=0, db_default=0)
    email_next_try = models.DateTimeField(null=True, blank=True)
    email_claim = models.CharField(max_length=32, blank=True, default="", db_default="")
    email_claimed_at = models.DateTimeField(null=True, blank=True)
    email_note = models.CharField(max_length=80, blank=True, default="", db_default="")

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["kind", "key", "user"], name="one_notification_each"),
        ]
        indexes = [
            models.Index(fields=["user", "-created_at"], name="notification_list"),
            models.Index(fields=["email_state", "email_next_try"], name="notification_outbox"),
            models.Index(fields=["batch"], name="notification_batch"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} to {self.user_id}: {self.text}"


class Preference(models.Model):
    """A person's choice for one kind on one channel, kept only where it differs from
    the kind's default (so a default changed later reaches everyone who never chose)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_choices"
    )
    kind = models.CharField(max_length=40)
    channel = models.CharField(max_length=20)
    enabled = models.BooleanField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user", "kind", "channel"], name="one_choice_per_kind_and_channel"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.kind} {self.channel}: {'on' if self.enabled else 'off'}"


class ClubAnnouncement(models.Model):
    """What an organizer wrote to every member of a club (notifications.announcements)."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    text = models.TextField()
    at = models.DateTimeField(default=timezone.now, db_default=Now())
    recipients = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-at", "-pk"]

    def __str__(self) -> str:
        return f"{self.club_id}: {self.text[:40]}"


class PushSubscription(models.Model):
    """A browser that asked for Web Push (docs/notifications.md#web-push): the standard
    `PushSubscription` it gave — an address at its push service and the keys to encrypt
    for it. Tied to the session that made it, so logging out there removes it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    # One browser's address: unique, so a browser subscribed again (or by another
    # person after a log-out) has one row.
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100)  # its public key, base64url
    auth = models.CharField(max_length=40)  # its auth secret, base64url
    browser = models.CharField(max_length=80, blank=True, default="")  # "Firefox on Android"
    session_key = models.CharField(max_length=40, blank=True, default="", db_index=True)
    created_at = models.DateTimeField(default=timezone.now, db_default=Now())

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.browser or 'a browser'}"


class PushDelivery(models.Model):
    """One notification to one subscribed browser: an outbox row, so each is sent once
    (the unique pair), retried on its own, and claimed by one worker at a time."""

    PENDING = "pending"
    SENDING = "sending"
    SENT = "sent"
    FAILED = "failed"
    SKIPPED = "skipped"
    STATES = [
        (PENDING, "Waiting"),
        (SENDING, "Being sent"),
        (SENT, "Sent"),
        (FAILED, "Failed"),
        (SKIPPED, "Not sent"),
    ]

    notification = models.ForeignKey(Notification, on_delete=models.CASCADE, related_name="+")
    subscription = models.ForeignKey(PushSubscription, on_delete=models.CASCADE, related_name="+")
    state = models.CharField(max_length=10, choices=STATES, default=PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_try = models.DateTimeField(null=True, blank=True)
    claim = models.CharField(max_length=32, blank=True, default="")
    claimed_at = models.DateTimeField(null=True, blank=True)
    note = models.CharField(max_length=80, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["notification", "subscription"], name="one_push_per_device"
            ),
        ]
        indexes = [models.Index(fields=["state", "next_try"], name="push_outbox")]

    def __str__(self) -> str:
        return f"{self.notification_id} to {self.subscription_id}: {self.state}"


class QuietHours(models.Model):
    """A person's quiet hours (docs/notifications.md#quiet-hours): from `starts` to `ends`
    on their own clock (`time_zone`; past midnight when `ends` is earlier), pushes and
    e-mails of kinds that can wait are held to the end."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="quiet_hours"
    )
    starts = models.TimeField()
    ends = models.TimeField()
    time_zone = models.CharField(max_length=64)

    def __str__(self) -> str:
        return f"{self.user_id}: {self.starts}-{self.ends} {self.time_zone}"
