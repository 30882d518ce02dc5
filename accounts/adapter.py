"""How django-allauth treats our members: mail sent from a Celery task, usernames
normalised before they are checked (accounts.usernames), and log-in throttling that
locks no one out (accounts.login_limits).

allauth sends every mail (password reset, e-mail confirmation, ...) inside the
request, so a mail server that is down or refuses the connection answers the user
with a 500. Here the mail is rendered as allauth renders it, and its plain strings
go to accounts.tasks.send_mail once the request's transaction has committed. If
that fails (the broker is down, or with Celery eager the sending itself failed),
the failure is logged and the user is told to try again later.
"""

from __future__ import annotations

import logging
import math
import unicodedata
from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from allauth.core.internal import ratelimit as allauth_ratelimit
from django.contrib import messages
from django.contrib.sites.shortcuts import get_current_site
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.db import transaction
from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import gettext, gettext_noop, ngettext

from accounts import tasks
from accounts.login_limits import login_wait

log = logging.getLogger(__name__)

# In English; translated when it is said (gettext_noop marks it for the catalogue).
MAIL_FAILED_MESSAGE = gettext_noop(
    "We could not send the e-mail just now; try again in a few minutes."
)
# Tag of that message; templates/account/password_reset_done.html looks for it.
MAIL_FAILED_TAG = "mail-failed"
# Set on the request when a mail could not be sent.
_FAILED_ATTRIBUTE = "_thirtyone_mail_failed"
# allauth's "Confirmation e-mail sent to ..." notice, not shown when it was not sent.
_SENT_NOTICE = "account/messages/email_confirmation_sent.txt"


class AccountAdapter(DefaultAccountAdapter):
    def clean_username(self, username: str, shallow: bool = False) -> str:
        """NFKC first, so full-width and other compatibility forms of letters become
        the plain ones they look like before the rules and the "taken" check see them."""
        return super().clean_username(unicodedata.normalize("NFKC", username), shallow)

    def get_login_redirect_url(self, request: HttpRequest) -> str:
        """A member whose account is to be deleted is asked first whether to keep it
        (docs/privacy.md#deleting-an-account)."""
        if getattr(request.user, "deletion_requested_at", None) is not None:
            return reverse("deletion_pending")
        return str(super().get_login_redirect_url(request))

    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        """allauth's per-username key for failed log-ins, narrowed to the address."""
        username_key = super()._get_login_attempts_cache_key(request, **credentials)
        return f"{username_key}:{allauth_ratelimit.get_ip(request)}"

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        try:
            super().pre_authenticate(request, **credentials)
        except ValidationError as refused:
            if refused.code != "too_many_login_attempts":
                raise
            key = self._get_login_attempts_cache_key(request, **credentials)
            minutes = math.ceil(login_wait(request, key) / 60) or 1
            raise ValidationError(
                ngettext(
                    "Too many failed log-in attempts from your address: try again in "
                    "%(minutes)d minute.",
                    "Too many failed log-in attempts from your address: try again in "
                    "%(minutes)d minutes.",
                    minutes,
                )
                % {"minutes": minutes},
                code="too_many_login_attempts",
            ) from refused

    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        # The context allauth's DefaultAccountAdapter.send_mail gives the templates.
        request = allauth_context.request
        ctx = {"request": request, "email": email, "current_site": get_current_site(request)}
        ctx.update(context)
        fields = mail_fields(self.render_mail(template_prefix, email, ctx))
        # After the commit: no mail about a sign-up or a change that was rolled back.
        # Without a transaction (Django's autocommit) this runs at once.
        transaction.on_commit(lambda: _hand_over(request, fields))

    def add_message(
        self,
        request: HttpRequest,
        level: int,
        message_template: str | None = None,
        message_context: dict[str, Any] | None = None,
        extra_tags: str = "",
        message: str | None = None,
    ) -> None:
        if message_template == _SENT_NOTICE and getattr(request, _FAILED_ATTRIBUTE, False):
            return
        super().add_message(
            request,
            level,
            message_template=message_template,
            message_context=message_context,
            extra_tags=extra_tags,
            message=message,
        )


def mail_fields(message: EmailMessage) -> dict[str, Any]:
    """A rendered message as the plain strings accounts.tasks.send_mail takes."""
    body = str(message.body)
    html_body = None
    if message.content_subtype == "html":  # allauth's message from an HTML template only
        body, html_body = "", body
    for content, mimetype in getattr(message, "alternatives", []):
        if mimetype == "text/html":
            html_body = str(content)
    return {
        "subject": str(message.subject),
        "body": body,
        "from_email": str(message.from_email),
        "to": [str(address) for address in message.to],
        "html_body": html_body,
    }


def _hand_over(request: HttpRequest | None, fields: dict[str, Any]) -> None:
    try:
        tasks.enqueue(**fields)
    except Exception as exc:
        domains = tasks.recipient_domains(fields["to"])
        if isinstance(exc, tasks.MailNotSent):
            # Celery eager: the task has logged why.
            log.error("mail to a recipient at %s not sent (Celery eager)", domains)
        else:
            log.exception("mail to a recipient at %s not handed to Celery", domains)
        if request is not None and not getattr(request, _FAILED_ATTRIBUTE, False):
            setattr(request, _FAILED_ATTRIBUTE, True)
            messages.error(
                request,
                gettext(MAIL_FAILED_MESSAGE),
                extra_tags=MAIL_FAILED_TAG,
                fail_silently=True,
            )
