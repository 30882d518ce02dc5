"""Two-factor log-in (allauth.mfa; docs/security.md#two-factor-log-in): what the site
changes of allauth's.

- A passkey is made for "Thirty-One", as the authenticator app lists the account
  (MFA_TOTP_ISSUER), not for whatever host the page was opened at; its id stays the
  host, as WebAuthn wants.
- A wrong code says what to try instead of allauth's "Incorrect code.".
- Too many wrong codes at the log-in's second step: the refusal says how long it lasts,
  as the password's does (accounts.adapter). allauth counts them under the same
  `login_failed` limits (ACCOUNT_RATE_LIMITS), its key the member's, from any address:
  whoever is at this step knew the password, so their address is not what to narrow by.
"""

from __future__ import annotations

import math

from allauth.core import context
from allauth.mfa.adapter import DefaultMFAAdapter
from allauth.mfa.base.forms import AuthenticateForm as AllauthAuthenticateForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy, ngettext

from accounts.login_limits import login_wait

# allauth's key for the failed codes of one member (allauth.mfa.base.internal.flows).
CODE_LIMIT_KEY = "mfa-auth-user-{pk}"


class MFAAdapter(DefaultMFAAdapter):
    error_messages = {
        **DefaultMFAAdapter.error_messages,
        "incorrect_code": gettext_lazy(
            "That code is not right: type the one your app shows now (a new one comes "
            "every 30 seconds)."
        ),
    }

    def get_public_key_credential_rp_entity(self) -> dict[str, str]:
        return {**super().get_public_key_credential_rp_entity(), "name": self.get_totp_issuer()}


class AuthenticateForm(AllauthAuthenticateForm):
    """The log-in's second step (MFA_FORMS["authenticate"])."""

    def clean_code(self) -> str:
        try:
            return str(super().clean_code())
        except ValidationError as refused:
            if refused.code != "too_many_login_attempts":
                raise
            key = CODE_LIMIT_KEY.format(pk=self.user.pk)
            minutes = math.ceil(login_wait(context.request, key) / 60) or 1
            raise ValidationError(
                ngettext(
                    "Too many wrong codes: try again in %(minutes)d minute.",
                    "Too many wrong codes: try again in %(minutes)d minutes.",
                    minutes,
                )
                % {"minutes": minutes},
                code="too_many_login_attempts",
            ) from refused
