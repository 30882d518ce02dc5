"""System checks of the mail settings (registered in accounts.apps).

They run with `manage.py check`, `migrate` and the other management commands. With
DEBUG off, mail left at the development defaults does not arrive: password resets
and e-mail confirmations are lost (the user is told, accounts.adapter, but cannot
get the mail).
"""

from __future__ import annotations

import os
from email.utils import parseaddr
from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage
from django.core.checks import Warning as CheckWarning

SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
# Django's backends that deliver nothing: no one receives what they are given.
NON_DELIVERING_BACKENDS = frozenset(
    {
        "django.core.mail.backends.console.EmailBackend",
        "django.core.mail.backends.dummy.EmailBackend",
        "django.core.mail.backends.filebased.EmailBackend",
        "django.core.mail.backends.locmem.EmailBackend",
    }
)


def mail_settings(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    if settings.DEBUG:
        return []
    warnings: list[CheckMessage] = []
    # thirtyone/settings.py reads EMAIL_HOST from the environment, "localhost" if
    # unset. Set to "localhost" on purpose, it means a mail server listens there.
    if (
        settings.EMAIL_BACKEND == SMTP_BACKEND
        and settings.EMAIL_HOST == "localhost"
        and "EMAIL_HOST" not in os.environ
    ):
        warnings.append(
            CheckWarning(
                "Mail is sent by SMTP to localhost, the default EMAIL_HOST: password-reset "
                "and confirmation mail will not arrive unless a mail server listens there.",
                hint="Set EMAIL_HOST to your mail server, with EMAIL_PORT, EMAIL_HOST_USER, "
                "EMAIL_HOST_PASSWORD and EMAIL_USE_TLS as it needs (or EMAIL_HOST=localhost "
                "if one does listen on this machine).",
                id="accounts.W001",
            )
        )
    address = parseaddr(settings.DEFAULT_FROM_EMAIL)[1]
    if settings.EMAIL_BACKEND not in NON_DELIVERING_BACKENDS and address.lower().endswith(
        "@localhost"
    ):
        warnings.append(
            CheckWarning(
                f"DEFAULT_FROM_EMAIL is {settings.DEFAULT_FROM_EMAIL!r}: most mail servers "
                "refuse mail from an @localhost address or file it as spam.",
                hint="Set DEFAULT_FROM_EMAIL to an address of your domain, e.g. "
                "'Thirty-One <noreply@31.example.org>'.",
                id="accounts.W002",
            )
        )
    return warnings
