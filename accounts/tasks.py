"""Celery tasks: send a mail that allauth rendered (see accounts.adapter), and beat's
hourly ones: due account deletions take effect (`erase_due`, accounts.deletion), and
expired log-in records are purged (`purge_expired`, accounts.retention), and so are
old network fingerprints (`purge_networks`, accounts.networks).

The task takes plain strings, never the request or a lazy object. The body of a
password-reset mail holds the reset key, and an SMTP error's text may hold the
recipients' addresses: neither is logged, nor passed on in an exception, nor shown
in a worker's log and events (argsrepr, kwargsrepr). Logs name the recipients'
domains only. (Run eagerly, Celery logs no failure of its own: the settings have
CELERY_TASK_EAGER_PROPAGATES on, and the exception goes to the caller.)
"""

from __future__ import annotations

import logging
import smtplib
from email.utils import parseaddr

from celery import Task, shared_task
from django.core.mail import EmailMessage, EmailMultiAlternatives

from accounts import deletion, networks, retention
from games.metrics import MAIL

log = logging.getLogger(__name__)

# In a worker, attempts after the first: RETRY_SECONDS later, then twice and four
# times as long (20 s, 40 s, 80 s), so it gives up about 2.5 minutes after the first.
# (The notifications' mail follows the same policy: notifications.mail.)
MAX_RETRIES = 3
RETRY_SECONDS = 20


class MailNotSent(Exception):
    """Raised instead of the error from the mail backend, whose text may hold addresses."""


def recipient_domains(to: list[str]) -> str:
    """'example.com, example.org': where a mail went, without whom it went to."""
    domains = {parseaddr(address)[1].rpartition("@")[2].lower() or "?" for address in to}
    return ", ".join(sorted(domains))


def _kwargs_repr(to: list[str]) -> str:
    """What Celery shows of the task's arguments (worker log, events, monitors)."""
    return f"{{'to': '<{len(to)} at {recipient_domains(to)}>'}}"


def enqueue(
    *, subject: str, body: str, from_email: str, to: list[str], html_body: str | None
) -> None:
    """Hand a mail to a worker (or, with Celery eager, send it now)."""
    send_mail.apply_async(
        kwargs={
            "subject": subject,
            "body": body,
            "from_email": from_email,
            "to": to,
            "html_body": html_body,
        },
        argsrepr="()",
        kwargsrepr=_kwargs_repr(to),
    )


def failure_reason(exc: OSError) -> str:
    """What went wrong, without the error's text (SMTPRecipientsRefused's is the addresses)."""
    if isinstance(exc, smtplib.SMTPResponseException):
        return f"{type(exc).__name__} {exc.smtp_code}"
    return type(exc).__name__


@shared_task(bind=True, ignore_result=True, max_retries=MAX_RETRIES)
def send_mail(
    self: Task,  # bound: the task itself, for its retries
    subject: str,
    body: str,
    from_email: str,
    to: list[str],
    html_body: str | None = None,
) -> None:
    """Send one mail; on an SMTP or network error retry with backoff (in a worker),
    then give up with an error in the log and MailNotSent, which Celery eager passes
    on to the caller."""
    message: EmailMessage
    if html_body is not None and not body:
        # allauth's message when there is only an HTML template.
        message = EmailMessage(subject, html_body, from_email, to)
        message.content_subtype = "html"
    else:
        message = EmailMultiAlternatives(subject, body, from_email, to)
        if html_body is not None:
            message.attach_alternative(html_body, "text/html")
    try:
        message.send()
    except OSError as exc:  # smtplib.SMTPException is an OSError
        MAIL.labels("accounts", "failed").inc()
        domains = recipient_domains(to)
        reason = failure_reason(exc)
        attempt = self.request.retries + 1
        # Inline (Celery eager) the user's request waits: no retries there, the user
        # is told to try again in a few minutes (accounts.adapter).
        if not self.request.is_eager and self.request.retries < MAX_RETRIES:
            countdown = RETRY_SECONDS * 2**self.request.retries
            log.warning(
                "mail to a recipient at %s not sent (attempt %d, %s); retrying in %d s",
                domains,
                attempt,
                reason,
                countdown,
            )
            # A safe exception for Celery's retry log line, not the backend's.
            raise self.retry(
                exc=MailNotSent(f"to {domains}: {reason}"),
                countdown=countdown,
                throw=False,
                argsrepr="()",
                kwargsrepr=_kwargs_repr(to),
            ) from None
        log.error(
            "mail to a recipient at %s not sent (attempt %d, %s); giving up",
            domains,
            attempt,
            reason,
        )
        raise MailNotSent(f"to {domains}: {reason}") from None
    MAIL.labels("accounts", "sent").inc()


@shared_task(ignore_result=True)
def erase_due() -> int:
    """Beat: the account deletions whose grace period is over take effect
    (accounts.deletion; safe twice, late, and on two workers at once)."""
    return deletion.erase_due()


@shared_task(name="accounts.tasks.purge_expired", ignore_result=True)
def purge_expired() -> None:
    """Beat's, hourly: expired sessions and e-mail confirmations deleted, by a cutoff,
    so a late, repeated or doubled run is harmless (docs/privacy.md#the-purge)."""
    retention.purge()


@shared_task(name="accounts.tasks.purge_networks", ignore_result=True)
def purge_networks() -> int:
    """Beat's, hourly: network fingerprints last seen over 30 days ago deleted, by a
    cutoff, so a late, repeated or doubled run is harmless
    (docs/privacy.md#the-network-fingerprint)."""
    return networks.purge()
