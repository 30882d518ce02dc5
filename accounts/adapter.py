"""How django-allauth treats our members: log-in throttling that locks no one out,
and usernames normalised before they are checked (accounts.usernames).

allauth counts failed log-ins per address and per username (ACCOUNT_RATE_LIMITS'
``login_failed``: ``ip`` and ``key`` rates). Its key is the username alone, so anyone
who typed five wrong passwords for someone else's name kept that member out for five
minutes, right password or not. Here the key is the username *and* the address it is
tried from: a guesser is stopped at their own address, and the member logs in from
theirs. The refusal says how long it lasts.

The address is allauth's client IP: REMOTE_ADDR, or with TRUSTED_PROXY_COUNT proxies
in front, the X-Forwarded-For entry the nearest of them wrote (never the entries a
client can write itself).
"""

from __future__ import annotations

import math
import time
import unicodedata
from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.internal import ratelimit as allauth_ratelimit
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpRequest

LOGIN_FAILED = "login_failed"


class AccountAdapter(DefaultAccountAdapter):
    def clean_username(self, username: str, shallow: bool = False) -> str:
        """NFKC first, so full-width and other compatibility forms of letters become
        the plain ones they look like before the rules and the "taken" check see them."""
        return super().clean_username(unicodedata.normalize("NFKC", username), shallow)

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
                "Too many failed log-in attempts from your address: try again in "
                f"{minutes} minute{'s' * (minutes != 1)}.",
                code="too_many_login_attempts",
            ) from refused


def login_wait(request: HttpRequest, key: str) -> float:
    """Seconds until the failed log-ins counted for this request (its address, and
    `key` from it) allow another try. allauth keeps each rate's recent failures in
    the cache as a list of times, newest first."""
    now = time.time()
    wait = 0.0
    for rate in allauth_ratelimit.get_rates(app="allauth.account", action=LOGIN_FAILED):
        cache_key = allauth_ratelimit.get_cache_key(
            request, app="allauth.account", action=LOGIN_FAILED, rate=rate, key=key
        )
        recent = [t for t in cache.get(cache_key, []) if t > now - rate.duration]
        if len(recent) >= rate.amount:  # the amount-th newest must leave the window
            wait = max(wait, recent[rate.amount - 1] + rate.duration - now)
    return wait
