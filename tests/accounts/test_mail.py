"""allauth's mail goes out from a Celery task (accounts.adapter, accounts.tasks).

The request tests commit for real (transaction=True), as a request does in
production, so `transaction.on_commit` hands the mail over during the request.
"""

import json
import logging
import re
import socket
from typing import Any

import pytest
from celery.exceptions import Retry
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils.functional import Promise
from kombu.exceptions import OperationalError

from accounts import tasks
from accounts.adapter import MAIL_FAILED_MESSAGE, AccountAdapter
from accounts.models import User

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "felt-table-31-blitz"
RESET_LINK = re.compile(r"http://testserver(/accounts/password/reset/key/(\S+)/)")


@pytest.fixture
def alice() -> User:
    return User.objects.create_user("alice", email="alice@example.com", password=PASSWORD)


@pytest.fixture
def refused_smtp(settings: Any) -> None:
    """SMTP to a local port nothing listens on: every connection is refused."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST = "127.0.0.1"
    settings.EMAIL_PORT = port
    settings.EMAIL_TIMEOUT = 5


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every message the adapter renders, so a test knows the reset key it held."""
    messages: list[Any] = []
    render_mail = AccountAdapter.render_mail

    def spy(self: AccountAdapter, *args: Any, **kwargs: Any) -> Any:
        message = render_mail(self, *args, **kwargs)
        messages.append(message)
        return message

    monkeypatch.setattr(AccountAdapter, "render_mail", spy)
    return messages


def request_reset(client: Client) -> Any:
    return client.post(
        reverse("account_reset_password"), {"email": "alice@example.com"}, follow=True
    )


def sign_up_bob(client: Client) -> Any:
    form = {"username": "bob", "email": "bob@example.org"}
    form.update(password1=PASSWORD, password2=PASSWORD)
    return client.post(reverse("account_signup"), form, follow=True)


def test_a_refused_smtp_connection_is_a_message_for_the_user_not_a_500(
    client: Client, alice: User, refused_smtp: None, rendered: list[Any], caplog: Any
) -> None:
    with caplog.at_level(logging.INFO):
        response = request_reset(client)

    assert response.status_code == 200
    assert response.redirect_chain == [(reverse("account_reset_password_done"), 302)]
    page = response.content.decode()
    assert MAIL_FAILED_MESSAGE in page
    assert "We have sent you an email" not in page
    assert mail.outbox == []
    # Inline (Celery eager) there is one attempt, and an error naming the domain.
    [error] = [record for record in caplog.records if record.name == "accounts.tasks"]
    assert error.levelname == "ERROR"
    assert "example.com" in error.getMessage()
    assert "ConnectionRefusedError" in error.getMessage()
    # Neither the reset key nor the address is in the log.
    [message] = rendered
    key = RESET_LINK.search(message.body)[2]
    assert key not in caplog.text
    assert "/password/reset/key/" not in caplog.text
    assert "alice@example.com" not in caplog.text


def test_a_broker_that_is_down_is_a_message_for_the_user_not_a_500(
    client: Client, alice: User, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    def broker_down(*args: Any, **kwargs: Any) -> None:
        raise OperationalError("Error 111 connecting to localhost:6379. Connection refused.")

    monkeypatch.setattr(tasks.send_mail, "apply_async", broker_down)

    response = request_reset(client)

    assert response.status_code == 200
    assert MAIL_FAILED_MESSAGE in response.content.decode()
    assert mail.outbox == []
    [error] = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert error.name == "accounts.adapter"
    assert "example.com" in error.getMessage()
    assert "alice@example.com" not in caplog.text


def test_the_reset_mail_is_delivered_once_with_its_link(
    client: Client, alice: User, caplog: Any
) -> None:
    response = request_reset(client)

    assert response.status_code == 200
    page = response.content.decode()
    assert "We have sent you an email" in page
    assert MAIL_FAILED_MESSAGE not in page
    [message] = mail.outbox
    assert message.to == ["alice@example.com"]
    assert RESET_LINK.search(message.body)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


def test_the_task_is_given_plain_strings(
    client: Client, alice: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    handed_over: list[dict[str, Any]] = []
    monkeypatch.setattr(
        tasks.send_mail, "apply_async", lambda **options: handed_over.append(options)
    )

    request_reset(client)

    [options] = handed_over
    fields = options["kwargs"]
    assert set(fields) == {"subject", "body", "from_email", "to", "html_body"}
    assert not any(isinstance(value, Promise) for value in fields.values())
    assert json.loads(json.dumps(fields)) == fields
    assert fields["to"] == ["alice@example.com"]
    assert RESET_LINK.search(fields["body"])
    # What Celery logs and shows of the arguments: the domain, not the mail.
    assert options["kwargsrepr"] == "{'to': '<1 at example.com>'}"


def test_a_sign_up_with_a_refused_connection_still_signs_up_and_says_so(
    client: Client, refused_smtp: None
) -> None:
    response = sign_up_bob(client)

    assert response.status_code == 200
    assert User.objects.filter(username="bob").exists()
    page = response.content.decode()
    assert MAIL_FAILED_MESSAGE in page
    assert "Confirmation email sent" not in page
    assert mail.outbox == []


def test_a_sign_up_with_an_address_gets_its_confirmation_mail(client: Client) -> None:
    response = sign_up_bob(client)

    assert "Confirmation email sent to bob@example.org" in response.content.decode()
    [message] = mail.outbox
    assert message.to == ["bob@example.org"]
    assert "/accounts/confirm-email/" in message.body


def test_the_task_gives_up_without_the_address_in_its_exception(refused_smtp: None) -> None:
    with pytest.raises(tasks.MailNotSent) as raised:
        tasks.send_mail.delay(
            subject="Hi", body="secret-key-123", from_email="a@example.com", to=["b@example.net"]
        )

    assert str(raised.value) == "to example.net: ConnectionRefusedError"
    assert raised.value.__cause__ is None
    assert raised.value.__suppress_context__


def test_an_html_only_mail_is_sent_as_html() -> None:
    tasks.send_mail.delay(
        subject="Hi",
        body="",
        from_email="a@example.com",
        to=["b@example.net"],
        html_body="<p>Hi</p>",
    )

    [message] = mail.outbox
    assert message.content_subtype == "html"
    assert message.body == "<p>Hi</p>"


def test_a_worker_retries_with_backoff_then_gives_up(
    refused_smtp: None, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    """As in a worker: not eager. Celery's retry is faked, to see what it is asked."""
    retries: list[dict[str, Any]] = []

    def retry(**options: Any) -> Retry:
        retries.append(options)
        return Retry(exc=options["exc"], when=options["countdown"])

    monkeypatch.setattr(tasks.send_mail, "retry", retry)
    mail_args = dict(
        subject="Hi", body="secret-key-123", from_email="a@example.com", to=["b@example.net"]
    )

    for attempt in range(tasks.MAX_RETRIES + 1):
        tasks.send_mail.push_request(retries=attempt, is_eager=False, called_directly=False)
        try:
            if attempt < tasks.MAX_RETRIES:
                with pytest.raises(Retry):
                    tasks.send_mail.run(**mail_args)
            else:
                with pytest.raises(tasks.MailNotSent):
                    tasks.send_mail.run(**mail_args)
        finally:
            tasks.send_mail.pop_request()

    assert [options["countdown"] for options in retries] == [20, 40, 80]
    assert {options["throw"] for options in retries} == {False}  # raised by the task
    assert {str(options["exc"]) for options in retries} == {
        "to example.net: ConnectionRefusedError"
    }
    assert {options["kwargsrepr"] for options in retries} == {"{'to': '<1 at example.net>'}"}
    ours = [record for record in caplog.records if record.name == "accounts.tasks"]
    assert [record.levelname for record in ours] == ["WARNING"] * 3 + ["ERROR"]
    assert "attempt 4" in ours[-1].getMessage()
    assert "b@example.net" not in caplog.text
    assert "secret-key-123" not in caplog.text
