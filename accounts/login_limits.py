"""Failed log-ins: how long the limits allauth counts keep an address waiting.

allauth counts failed log-ins per address and per username (ACCOUNT_RATE_LIMITS'
``login_failed``: ``ip`` and ``key`` rates). Its key is the username alone, so anyone
who typed five wrong passwords for someone else's name kept that member out for five
minutes, right password or not. accounts.adapter narrows the key to the username *and*
the address it is tried from: a guesser is stopped at their own address, and the member
logs in from theirs. The refusal says how long it lasts (`login_wait`).

allauth keeps its counts in Django's cache, read and written in its own module
(`allauth.core.internal.ratelimit`): with Redis out, every log-in, sign-up and password
reset answered 500. `tolerate_outages` gives that module a cache that misses instead
(games.safe_cache.TolerantCache): during an outage nothing is throttled, and the pages
work (docs/profiles.md#when-redis-goes-away).

The address is allauth's client IP: REMOTE_ADDR, or with TRUSTED_PROXY_COUNT proxies
in front, the X-Forwarded-For entry the nearest of them wrote (never the entries a
client can write itself).
"""

from __future__ import annotations

import time

from allauth.core.internal import ratelimit as allauth_ratelimit
from allauth.mfa.totp.internal import auth as allauth_totp
from django.http import HttpRequest

from games import safe_cache

LOGIN_FAILED = "login_failed"


def tolerate_outages() -> None:
    """allauth's rate limits count in a cache that misses while the server is out
    (accounts.apps, at start-up), and so does its memory of the authenticator-app codes
    just used (allauth.mfa: a code is taken once; during an outage a code may be taken
    again within its 30 seconds, rather than no one with two-factor log-in logging in).
    Each module must still read `cache` by that name: if an allauth upgrade renamed it,
    this fails at start-up rather than leave log-ins to 500 in the next outage."""
    for module, what in (
        (allauth_ratelimit, "allauth rate limit"),
        (allauth_totp, "allauth used TOTP codes"),
    ):
        current = module.cache
        if not isinstance(current, safe_cache.TolerantCache):
            module.cache = safe_cache.TolerantCache(current, what)


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
        recent = [t for t in safe_cache.cache_get(cache_key, []) if t > now - rate.duration]
        if len(recent) >= rate.amount:  # the amount-th newest must leave the window
            wait = max(wait, recent[rate.amount - 1] + rate.duration - now)
    return wait
