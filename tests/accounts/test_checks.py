"""The system check of the mail settings (accounts.checks)."""

from typing import Any

import pytest
from django.core.checks import registry

from accounts.checks import SMTP_BACKEND, mail_settings


@pytest.fixture
def production_mail(settings: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Production's defaults: DEBUG off, SMTP to localhost, from @localhost."""
    monkeypatch.delenv("EMAIL_HOST", raising=False)
    settings.DEBUG = False
    settings.EMAIL_BACKEND = SMTP_BACKEND
    settings.EMAIL_HOST = "localhost"
    settings.DEFAULT_FROM_EMAIL = "Thirty-One <noreply@localhost>"
    return settings


def ids(messages: list[Any]) -> list[str]:
    return [message.id for message in messages]


def test_it_is_registered() -> None:
    assert mail_settings in registry.registry.get_checks()


def test_it_warns_about_the_production_defaults(production_mail: Any) -> None:
    warnings = mail_settings()

    assert ids(warnings) == ["accounts.W001", "accounts.W002"]
    assert "EMAIL_HOST" in warnings[0].hint
    assert "DEFAULT_FROM_EMAIL" in warnings[1].hint


def test_it_is_silent_for_a_configured_mail_server(production_mail: Any) -> None:
    production_mail.EMAIL_HOST = "smtp.example.org"
    production_mail.DEFAULT_FROM_EMAIL = "Thirty-One <noreply@31.example.org>"

    assert mail_settings() == []


def test_it_is_silent_for_localhost_set_on_purpose(
    production_mail: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("EMAIL_HOST", "localhost")

    assert ids(mail_settings()) == ["accounts.W002"]


def test_it_warns_about_a_bare_localhost_sender(production_mail: Any) -> None:
    production_mail.EMAIL_HOST = "smtp.example.org"
    production_mail.DEFAULT_FROM_EMAIL = "noreply@LOCALHOST"

    assert ids(mail_settings()) == ["accounts.W002"]


def test_it_is_silent_with_debug_on(production_mail: Any) -> None:
    production_mail.DEBUG = True

    assert mail_settings() == []


def test_it_is_silent_when_mail_is_not_delivered(production_mail: Any) -> None:
    production_mail.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

    assert mail_settings() == []
