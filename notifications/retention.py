"""How long notifications are kept (docs/privacy.md#how-long): one that was read, or that
was never on the site (an e-mail only) and whose e-mail is done with, is deleted
THIRTYONE_NOTIFICATION_DAYS after it was made (`created_at`: a later version of its
subject rewrites that, as new news). An unread one stays until it is read: it is what
the person has not seen yet, and what is no longer news is marked read by itself
(`news.settle`), so it goes too, a period later.

A delete by a cutoff, a batch at a time, each batch checked against the same conditions
again: a row rewritten as new news between the batch's read and its delete is not
deleted, a second purge at the same moment (two workers, a late or repeated run) finds
nothing left to delete, and no long lock holds up the site's writes (SQLite has one
writer). Deleting a row gives up its "once" (docs/notifications.md#once) only for news
that old, which no source proposes again: a reminder's moment has passed
(`valid_until`), and the others are made when what they tell of happens.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils import timezone

from notifications.models import Notification

log = logging.getLogger(__name__)

# Rows deleted per statement.
BATCH = 500


def cutoff(now: datetime | None = None) -> datetime:
    """Rows made before this moment are old enough to go."""
    return (now or timezone.now()) - timedelta(days=settings.THIRTYONE_NOTIFICATION_DAYS)


def old_rows(now: datetime | None = None) -> QuerySet[Notification]:
    """The notifications the purge deletes: made before the cutoff, read or never on the
    site, and no e-mail of theirs waiting or being sent."""
    return (
        Notification.objects.filter(created_at__lt=cutoff(now))
        .filter(Q(read_at__isnull=False) | Q(on_site=False))
        .exclude(email_state__in=[Notification.PENDING, Notification.SENDING])
    )


def purge(now: datetime | None = None) -> int:
    """Delete the old rows (`old_rows`); how many this call deleted."""
    now = now or timezone.now()
    deleted = 0
    while True:
        batch = list(old_rows(now).order_by().values_list("pk", flat=True)[:BATCH])
        if not batch:
            break
        gone, _ = old_rows(now).filter(pk__in=batch).delete()
        deleted += gone
        if not gone:  # every row of the batch changed meanwhile (or went): done for now
            break
    log.info(
        "notifications: %d deleted, read and older than %d days",
        deleted,
        settings.THIRTYONE_NOTIFICATION_DAYS,
    )
    return deleted
