"""The worker's backups on the embedded profile (docs/backups.md#automatic-backups): one at
every round end of a running event, and one every 15 minutes while any game or event is
live; after each, `retention` prunes the folder.

Safe twice, late, or on two workers at once: each runs under the folder's lock
(`making.one_at_a_time`) and first looks at what is there. A round end's backup is skipped
when a backup taken after the round ended exists already (another round's, a moment
later); the periodic one when any backup is younger than 10 minutes.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone

from thirtyone.backups import making, names, retention

log = logging.getLogger(__name__)

ROUND_END_TASK = "thirtyone.tasks.backup_after_round"
# Beat asks every THIRTYONE_BACKUP_MINUTES; a backup younger than this makes one needless.
FRESH = timedelta(minutes=10)


def enabled() -> bool:
    return bool(getattr(settings, "THIRTYONE_AUTO_BACKUPS", False))


def live() -> bool:
    """Whether a game is being played or an event is running."""
    from games.models import Game
    from tournaments.models import Event

    return Game.objects.in_play().exists() or Event.objects.filter(status=Event.RUNNING).exists()


def round_finished(sender: Any, *, event_id: int, **_: Any) -> None:
    """tournaments.signals.round_finished (after its commit): a backup, in the worker."""
    if enabled():
        from games import notify

        notify.enqueue(ROUND_END_TASK, time.time())


def after_round(ended_at: float) -> names.Backup | None:
    """A backup taken after `ended_at` (a Unix time), unless one exists already."""
    # A name's time is the second the copy began, rounded down: from the next whole
    # second on, it certainly began after the round's end.
    after = math.ceil(ended_at)
    return _backup(lambda newest: newest.taken.timestamp() >= after, "a round end")


def while_live() -> names.Backup | None:
    """Beat's, every THIRTYONE_BACKUP_MINUTES: a backup while a game or event is live."""
    if not enabled() or not live():
        return None
    now = timezone.now()
    return _backup(lambda newest: now - newest.taken < FRESH, "a game or event live")


def _backup(fresh_enough: Callable[[names.Backup], bool], why: str) -> names.Backup | None:
    if not enabled():
        return None
    directory = names.folder()
    with making.one_at_a_time(directory):
        existing = names.listed(directory)
        if existing and fresh_enough(existing[-1]):
            return None
        try:
            made = making.write(directory, making.kind())
        except making.BackupFailed as error:
            log.error("automatic backup (%s) failed: %s", why, error)
            return None
        gone = retention.prune(names.listed(directory), timezone.now(), made.backup.path)
    log.info(
        "backup (%s): %s, %d bytes in %.2f s; %d old ones pruned",
        why,
        made.backup.path.name,
        made.backup.size,
        made.seconds,
        len(gone),
    )
    return made.backup
