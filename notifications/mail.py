"""The notifications' outbox (docs/notifications.md#e-mail-an-outbox): each notification
wanted by e-mail waits in its row (`email_state` pending), and `send_due` — the task
`notifications.tasks.send_mail` — sends what is due in batches over one SMTP connection.

Each worker first claims rows (one UPDATE that moves only rows still pending to
"sending" under its own token), so two workers, or a task run twice, never send the
same row. Each message is sent on its own and its row marked at once: an address the
server refuses, a person with no verified address, a connection that drops, fail only
that message, which is retried as accounts.tasks.send_mail retries (20 s, 40 s, 80 s
later, then given up with an error in the log naming the domain only). A message whose
moment passed (a reminder for an event that has started), that is no longer news (a
game's call once they opened the table), or that the person turned off meanwhile is not
sent. A worker killed mid-batch leaves its claimed rows "sending": `release_stale`
gives them back after STALE_MINUTES (a message sent in the instant before the kill and
not yet marked would then go twice: the one window left).

A burst of notifications wakes one sending task, not one each (`notifications.waking`)."""

from __future__ import annotations

import contextlib
import logging
import smtplib
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from allauth.account.models import EmailAddress
from django.core.mail import EmailMessage, get_connection
from django.core.mail.backends.base import BaseEmailBackend
from django.db.models import Q
from django.utils import timezone

from accounts.tasks import MAX_RETRIES, RETRY_SECONDS, failure_reason, recipient_domains
from games.metrics import MAIL
from notifications import letters, news, preferences, quiet, speaking, waking
from notifications.models import Notification

log = logging.getLogger(__name__)

SEND_TASK = "notifications.tasks.send_mail"
CHUNK = 50  # rows claimed at a time
PER_CONNECTION = 100  # messages before the connection is opened anew (servers limit it)
PER_RUN = 1000  # a run leaves the rest to the task it wakes, so a worker is not held long
WAKE_SECONDS = 2.0
WAKE_KEY = "notifications:mail-wake"
STALE_MINUTES = 10
# Errors after which the server still talks to us: only that message failed.
_MESSAGE_ERRORS = (smtplib.SMTPRecipientsRefused, smtplib.SMTPSenderRefused, smtplib.SMTPDataError)


@dataclass
class Tally:
    sent: int = 0
    retried: int = 0
    failed: int = 0
    skipped: int = 0
    held: int = 0  # to the end of the person's quiet hours
    connections: int = 0


def wake(countdown: float = WAKE_SECONDS) -> None:
    """Have a worker send what is due in `countdown` seconds (`waking.wake`)."""
    waking.wake(SEND_TASK, WAKE_KEY, countdown)


def due(now: datetime) -> Q:
    return Q(email_state=Notification.PENDING) & (
        Q(email_next_try__isnull=True) | Q(email_next_try__lte=now)
    )


def send_due(now: datetime | None = None) -> Tally:
    """Send every e-mail due now (up to PER_RUN), in claimed chunks, over as few
    connections as PER_CONNECTION allows."""
    now = now or timezone.now()
    tally = Tally()
    sender = _Sender(tally)
    retry_in: list[float] = []
    try:
        while tally.sent + tally.retried + tally.failed + tally.skipped + tally.held < PER_RUN:
            found, rows = _claim(now)
            if not found:
                break
            for row, message in _letters(rows, now, tally):
                if message is None:
                    continue
                error = sender.send(message)
                if error is None:
                    _mark(row, Notification.SENT, now)
                    tally.sent += 1
                elif (delay := _retry_or_give_up(row, error, message.to, now, tally)) is not None:
                    retry_in.append(delay)
    finally:
        sender.close()
    if retry_in:
        waking.wake_for_retry(SEND_TASK, min(retry_in))
    waking.finished(SEND_TASK, WAKE_KEY, anything_due)
    return tally


def _claim(now: datetime) -> tuple[bool, list[Notification]]:
    """(whether any were due, the rows this worker claimed of them)."""
    ids = list(
        Notification.objects.filter(due(now)).order_by("pk").values_list("pk", flat=True)[:CHUNK]
    )
    if not ids:
        return False, []
    token = uuid.uuid4().hex
    Notification.objects.filter(pk__in=ids, email_state=Notification.PENDING).update(
        email_state=Notification.SENDING, email_claim=token, email_claimed_at=now
    )
    rows = Notification.objects.filter(email_claim=token, email_state=Notification.SENDING)
    return True, list(rows.order_by("pk"))


def _letters(
    rows: list[Notification], now: datetime, tally: Tally
) -> Iterable[tuple[Notification, EmailMessage | None]]:
    """Each claimed row and its message, or None (marked skipped, with why) for one
    that must not go."""
    still = news.still_news(rows)
    wanted = preferences.wanted({r.user_id for r in rows}, {r.kind for r in rows})
    addresses = verified_addresses({r.user_id for r in rows})
    languages = speaking.languages({r.user_id for r in rows})
    quiet_hours = quiet.windows({r.user_id for r in rows})
    for row in rows:
        why = ""
        if row.valid_until is not None and now >= row.valid_until:
            why = "its moment passed"
        elif row.pk not in still:
            why = "no longer news"
        elif "email" not in wanted[(row.user_id, row.kind)]:
            why = "turned off"
        elif row.user_id not in addresses:
            why = "no verified address"
        if why:
            _mark(row, Notification.SKIPPED, now, note=why)
            tally.skipped += 1
            yield row, None
        elif (until := quiet.held_until(quiet_hours.get(row.user_id), row, now)) is not None:
            Notification.objects.filter(pk=row.pk, email_claim=row.email_claim).update(
                email_state=Notification.PENDING, email_next_try=until, email_note="quiet hours"
            )
            tally.held += 1
            yield row, None
        else:
            yield row, letters.letter(row, addresses[row.user_id], languages[row.user_id])


def verified_addresses(user_ids: set[int]) -> dict[int, str]:
    """Each person's verified address (their primary one if it is verified); people with
    none are left out: mail goes only where its owner proved it is theirs."""
    found: dict[int, str] = {}
    for user_id, email in (
        EmailAddress.objects.filter(user_id__in=user_ids, verified=True)
        .order_by("-primary", "pk")
        .values_list("user_id", "email")
    ):
        found.setdefault(user_id, email)
    return found


class _Sender:
    """One SMTP connection, opened when first needed, again after PER_CONNECTION
    messages, and after an error that may have broken it."""

    def __init__(self, tally: Tally) -> None:
        self.tally = tally
        self.connection: BaseEmailBackend | None = None
        self.used = 0

    def send(self, message: EmailMessage) -> OSError | None:
        try:
            if self.connection is None or self.used >= PER_CONNECTION:
                self.close()
                self.connection = get_connection(fail_silently=False)
                self.connection.open()
                self.tally.connections += 1
            self.used += 1
            self.connection.send_messages([message])
        except OSError as error:  # smtplib.SMTPException is an OSError
            MAIL.labels("notifications", "failed").inc()
            if not isinstance(error, _MESSAGE_ERRORS):
                self.close()
            return error
        MAIL.labels("notifications", "sent").inc()
        return None

    def close(self) -> None:
        if self.connection is not None:
            with contextlib.suppress(OSError):  # it was broken already
                self.connection.close()
            self.connection, self.used = None, 0


def _mark(row: Notification, state: str, now: datetime, note: str = "") -> None:
    Notification.objects.filter(pk=row.pk, email_claim=row.email_claim).update(
        email_state=state, email_note=note[:80]
    )


def _retry_or_give_up(
    row: Notification, error: OSError, to: list[str], now: datetime, tally: Tally
) -> float | None:
    """The mail task's policy: again RETRY_SECONDS later, then twice and four times as
    long, then given up. The seconds until the retry, or None when given up."""
    domains, reason = recipient_domains(to), failure_reason(error)
    attempt = row.email_attempts + 1
    if row.email_attempts < MAX_RETRIES:
        delay = RETRY_SECONDS * 2**row.email_attempts
        Notification.objects.filter(pk=row.pk, email_claim=row.email_claim).update(
            email_state=Notification.PENDING,
            email_attempts=attempt,
            email_next_try=now + timedelta(seconds=delay),
            email_note=reason[:80],
        )
        log.warning(
            "notification mail to a recipient at %s not sent (attempt %d, %s); retrying in %d s",
            domains,
            attempt,
            reason,
            delay,
        )
        tally.retried += 1
        return float(delay)
    Notification.objects.filter(pk=row.pk, email_claim=row.email_claim).update(
        email_state=Notification.FAILED, email_attempts=attempt, email_note=reason[:80]
    )
    log.error(
        "notification mail to a recipient at %s not sent (attempt %d, %s); giving up",
        domains,
        attempt,
        reason,
    )
    tally.failed += 1
    return None


def release_stale(now: datetime | None = None) -> int:
    """Rows a worker claimed and never finished (it was killed) go back to the outbox,
    counted as an attempt."""
    now = now or timezone.now()
    stale = Notification.objects.filter(
        email_state=Notification.SENDING,
        email_claimed_at__lt=now - timedelta(minutes=STALE_MINUTES),
    )
    released = 0
    for row in stale:
        released += Notification.objects.filter(
            pk=row.pk, email_state=Notification.SENDING, email_claim=row.email_claim
        ).update(
            email_state=Notification.PENDING,
            email_attempts=row.email_attempts + 1,
            email_next_try=now,
        )
    return released


def anything_due(now: datetime | None = None) -> bool:
    return Notification.objects.filter(due(now or timezone.now())).exists()
