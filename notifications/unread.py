"""The header's unread count, kept on the person's row so that drawing any page costs no
query for it (the table page and the lobby hold their query counts): recounted from the
notifications whenever some are made or read, so it cannot drift for long. What is no
longer news is not counted: it is marked read first (`news.settle`), as the list shows
it."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db.models import Count, IntegerField, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce

from notifications import news
from notifications.models import Notification


def recount(user_ids: Iterable[int], *, settled: bool = False) -> None:
    """Set each person's count to their unread notifications on the site that are still
    news (one UPDATE, after `news.settle`). Each writer recounts after its own rows are
    in, so the last one counts them all. `settled`: the caller has just run
    `news.settle` for them, so it is not run twice."""
    user_ids = set(user_ids)
    if not user_ids:
        return
    if not settled:
        news.settle(user_ids)
    unread = (
        Notification.objects.filter(user=OuterRef("pk"), on_site=True, read_at__isnull=True)
        .order_by()
        .values("user")
        .annotate(n=Count("pk"))
        .values("n")
    )
    get_user_model().objects.filter(pk__in=user_ids).update(
        unread_notifications=Coalesce(Subquery(unread, output_field=IntegerField()), Value(0))
    )
