"""The notifications' e-mail (notifications.mail, letters,
docs/notifications.md#e-mail-an-outbox): sent in batches over one connection, only to
verified addresses, each message on its own — a refused address fails nothing else and
is retried as accounts.tasks.send_mail is — never after its moment, and with a signed
one-click unsubscribe link and headers."""

from __future__ import annotations

import smtplib
from datetime import timedelta
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.core.mail.backends.locmem import EmailBackend
from django.utils import timezone

from accounts.tasks import RETRY_SECONDS
from notifications import mail as outbox
from notifications import preferences, services
from notifications.models import Notification
from notifications.services import Draft

pytestmark = pytest.mark.django_db

BACKEND = "tests.notifications.test_mail.CountingBackend"


class CountingBackend(EmailBackend):
    """Django's test outbox, counting the connections opened, refusing any address at
    refused.example and dropping the connection for one at drop.example."""

    opened = 0

    def open(self) -> bool:
        CountingBackend.opened += 1
        return True

    def send_messages(self, messages: Any) -> int:
        for message in messages:
            for address in message.to:
                if address.endswith("@refused.example"):
                    raise smtplib.SMTPRecipientsRefused({address: (550, b"no such user")})
                if address.endswith("@drop.example"):
                    raise smtplib.SMTPServerDisconnected("gone")
        return super().send_messages(messages)


@pytest.fixture
def counting(settings: Any) -> type[CountingBackend]:
    settings.EMAIL_BACKEND = BACKEND
    CountingBackend.opened = 0
    return CountingBackend


def _waiting(users: list[Any], kind: str = "announcement", **extra: Any) -> None:
    """Notifications for `users` whose mail waits in the outbox (not sent on the spot)."""
    rows = [
        Notification(
            user=u,
            kind=kind,
            key=f"k-{u.pk}",
            text=f"Hello {u.username}",
            url="/clubs/kitchen/",
            email_state=Notification.PENDING,
            **extra,
        )
        for u in users
    ]
    Notification.objects.bulk_create(rows)


def test_a_batch_goes_over_one_connection(mailable: list, counting: Any) -> None:
    _waiting(mailable)
    tally = outbox.send_due()
    assert tally.sent == 7 and tally.connections == 1 == counting.opened
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        f"{u.username}@example.com" for u in mailable
    )
    assert set(Notification.objects.values_list("email_state", flat=True)) == {Notification.SENT}
    assert outbox.send_due().sent == 0, "sent once"


def test_a_refused_address_fails_nothing_else_and_is_retried_like_the_mail_task(
    mailable: list, counting: Any
) -> None:
    EmailAddress.objects.filter(user=mailable[2]).update(email="p3@refused.example")
    _waiting(mailable)
    now = timezone.now()
    tally = outbox.send_due(now)
    assert (tally.sent, tally.retried, tally.connections) == (6, 1, 1)
    refused = Notification.objects.get(user=mailable[2])
    assert refused.email_state == Notification.PENDING and refused.email_attempts == 1
    assert refused.email_next_try == now + timedelta(seconds=RETRY_SECONDS)
    assert refused.email_note == "SMTPRecipientsRefused"
    # not due before its time; then 40 s, 80 s, and given up after the fourth attempt
    assert outbox.send_due(now + timedelta(seconds=RETRY_SECONDS - 1)).retried == 0
    at = now
    for wait in (20, 40, 80):
        at += timedelta(seconds=wait)
        outbox.send_due(at)
    refused.refresh_from_db()
    assert refused.email_state == Notification.FAILED and refused.email_attempts == 4
    assert len(mail.outbox) == 6


def test_a_dropped_connection_is_opened_again_for_the_next_message(
    mailable: list, counting: Any
) -> None:
    EmailAddress.objects.filter(user=mailable[0]).update(email="p1@drop.example")
    _waiting(mailable)
    tally = outbox.send_due()
    assert (tally.sent, tally.retried, tally.connections) == (6, 1, 2)


def test_no_mail_without_a_verified_address(members: list, counting: Any) -> None:
    EmailAddress.objects.create(user=members[0], email="p1@example.com", verified=False)
    EmailAddress.objects.create(user=members[1], email="p2@example.com", verified=True)
    _waiting(members[:3])
    tally = outbox.send_due()
    assert (tally.sent, tally.skipped) == (1, 2)
    notes = dict(Notification.objects.values_list("user_id", "email_note"))
    assert notes[members[0].pk] == notes[members[2].pk] == "no verified address"
    assert [m.to for m in mail.outbox] == [["p2@example.com"]]


def test_no_mail_after_its_moment_or_once_turned_off(mailable: list, counting: Any) -> None:
    now = timezone.now()
    _waiting(mailable[:1], valid_until=now)
    _waiting(mailable[1:2])
    preferences.set_choice(mailable[1].pk, "announcement", "email", False)
    assert outbox.send_due(now).skipped == 2
    assert mail.outbox == []
    notes = sorted(Notification.objects.values_list("email_note", flat=True))
    assert notes == ["its moment passed", "turned off"]


def test_two_workers_never_claim_the_same_row(mailable: list, counting: Any) -> None:
    _waiting(mailable)
    first = outbox._claim(timezone.now())[1]
    second = outbox._claim(timezone.now())[1]
    assert len(first) == 7 and second == []
    # a claim a killed worker left is given back after STALE_MINUTES, as an attempt
    later = timezone.now() + timedelta(minutes=outbox.STALE_MINUTES + 1)
    assert outbox.release_stale(later) == 7
    assert outbox.send_due(later).sent == 7


def test_each_mail_says_how_to_stop_it_in_one_click(mailable: list, counting: Any) -> None:
    services.notify(
        [
            Draft(
                "announcement",
                mailable[0].pk,
                "a-1",
                "Kitchen Club: hello",
                "/clubs/kitchen/",
                body="Hello\n\nsee you",
            )
        ]
    )
    (message,) = mail.outbox
    link = message.extra_headers["List-Unsubscribe"]
    assert link.startswith("<https://31.example.org/notifications/unsubscribe/") and link.endswith(
        "/>"
    )
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert link[1:-1] in message.body
    assert "https://31.example.org/clubs/kitchen/" in message.body
    assert "Hello\n\nsee you" in message.body
    assert message.subject == "Kitchen Club: hello"
