"""Whether a notification is still news: not once its moment passed (`valid_until`: a
reminder of an event that started), and each kind that can stop being news before it is
read says how (`kinds.Kind.still_news`: a "your game is ready" whose player opened the
table, or whose game is over; registration opened, to someone who registered since;
requests to join that were all answered). One rule for the
two places that ask: the outbox sends no mail that is no longer news
(`notifications.mail`), and the site shows it read and counts it no more (`settle`,
which `unread.recount` runs first, so the header's count and the list agree).
docs/notifications.md#the-site."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import Q
from django.utils import timezone

from notifications import kinds
from notifications.models import Notification


def still_news(rows: Iterable[Any]) -> set[int]:
    """The ids of those of `rows` that are still news (a kind with no check: all)."""
    ids: set[int] = set()
    by_kind: dict[str, list[Any]] = {}
    for row in rows:
        by_kind.setdefault(row.kind, []).append(row)
    for name, theirs in by_kind.items():
        kind = kinds.get(name)
        if kind is None or kind.still_news is None:
            ids.update(r.pk for r in theirs)
        else:
            ids.update(kind.still_news(theirs))
    return ids


def settle(user_ids: Iterable[int], now: datetime | None = None) -> int:
    """Mark read the unread notifications of these people that are no longer news (its
    moment passed, `Notification.valid_until`, or its kind's check says so); how many.
    (Read, not hidden: the list still shows what happened.)"""
    now = now or timezone.now()
    checked = [k.name for k in kinds.all_kinds() if k.still_news is not None]
    unread = list(
        Notification.objects.filter(
            Q(kind__in=checked) | Q(valid_until__isnull=False),
            user_id__in=set(user_ids),
            on_site=True,
            read_at__isnull=True,
        ).only("pk", "kind", "key", "user_id", "revision", "valid_until")
    )
    if not unread:
        return 0
    passed = {r.pk for r in unread if r.valid_until is not None and now >= r.valid_until}
    checking = [r for r in unread if r.pk not in passed]
    stale = passed | ({r.pk for r in checking} - still_news(checking))
    if not stale:
        return 0
    return Notification.objects.filter(pk__in=stale, read_at__isnull=True).update(read_at=now)
