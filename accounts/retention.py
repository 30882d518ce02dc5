"""Log-in records kept no longer than they work (docs/privacy.md#how-long): expired
sessions and allauth's expired e-mail confirmations, deleted by beat's purge.

A session ends when its person logs out (Django deletes it then) or SESSION_COOKIE_AGE
after it last changed; an expired one is never read again, but Django leaves its row
until something clears it (`manage.py clearsessions`). This is that, run by beat: a
delete of the rows that expired before now, so a run late, twice or on two workers at
once deletes each row once and nothing else. For a session engine with rows (the
database's, Django's default here, or cached_db) the same delete as its
`SessionStore.clear_expired`, done here to count the rows; for any other engine its own
`clear_expired` (the cache's expires its entries itself, a file store's deletes its
files), counted as None.

allauth keeps an e-mail confirmation as a row only with ACCOUNT_EMAIL_CONFIRMATION_HMAC
off (its default, on, sends a signed key and stores nothing); an expired row is deleted.
Failed log-ins are counted in the cache, which forgets them by itself (accounts.login_limits).
"""

from __future__ import annotations

import logging
from datetime import datetime
from importlib import import_module
from typing import NamedTuple

from allauth.account.models import EmailConfirmation
from django.conf import settings
from django.utils import timezone

log = logging.getLogger(__name__)


class Purged(NamedTuple):
    # None: the session engine keeps no rows to count (the cache expires its own).
    sessions: int | None
    confirmations: int


def purge_sessions(now: datetime | None = None) -> int | None:
    """Delete the sessions that expired before `now`; how many (None: not countable)."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    if not hasattr(store, "get_model_class"):
        store.clear_expired()
        return None
    model = store.get_model_class()
    deleted: int = model.objects.filter(expire_date__lt=now or timezone.now()).delete()[0]
    return deleted


def purge_confirmations() -> int:
    """Delete allauth's expired e-mail confirmations; how many."""
    deleted: int = EmailConfirmation.objects.all_expired().delete()[0]
    return deleted


def purge(now: datetime | None = None) -> Purged:
    purged = Purged(purge_sessions(now), purge_confirmations())
    log.info(
        "accounts: %s expired sessions and %d expired e-mail confirmations deleted",
        "uncounted" if purged.sessions is None else purged.sessions,
        purged.confirmations,
    )
    return purged
