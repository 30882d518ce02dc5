"""Read notifications older than THIRTYONE_NOTIFICATION_DAYS are deleted by beat's purge
(notifications.retention, docs/privacy.md#the-purge); unread and newer ones stay, an
e-mail still waiting keeps its row, and a second run, or a late one, deletes nothing
more."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.utils import timezone

from notifications import retention, tasks
from notifications.models import Notification

pytestmark = pytest.mark.django_db


@pytest.fixture
def ann(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("ann", password="x" * 12)


def _row(user: Any, key: str, *, age_days: float, read: bool, **fields: Any) -> Notification:
    made = timezone.now() - timedelta(days=age_days)
    return Notification.objects.create(
        user=user,
        kind="announcement",
        key=key,
        text=key,
        created_at=made,
        read_at=made + timedelta(minutes=5) if read else None,
        **fields,
    )


@pytest.fixture
def rows(ann: Any, settings: Any) -> dict[str, Notification]:
    settings.THIRTYONE_NOTIFICATION_DAYS = 90
    return {
        "old read": _row(ann, "old read", age_days=91, read=True),
        "old read, its mail sent": _row(
            ann, "old read, its mail sent", age_days=200, read=True, email_state=Notification.SENT
        ),
        "old, only e-mailed": _row(
            ann,
            "old, only e-mailed",
            age_days=120,
            read=False,
            on_site=False,
            email_state=Notification.SENT,
        ),
        "old unread": _row(ann, "old unread", age_days=400, read=False),
        "old read, its mail waiting": _row(
            ann,
            "old read, its mail waiting",
            age_days=95,
            read=True,
            email_state=Notification.PENDING,
        ),
        "new read": _row(ann, "new read", age_days=89, read=True),
        "new unread": _row(ann, "new unread", age_days=1, read=False),
    }


def _left() -> set[str]:
    return set(Notification.objects.values_list("key", flat=True))


KEPT = {"old unread", "old read, its mail waiting", "new read", "new unread"}


def test_the_purge_deletes_only_old_read_notifications(rows: dict[str, Notification]) -> None:
    deleted = retention.purge()

    assert deleted == 3
    assert _left() == KEPT


def test_the_purge_run_twice_deletes_nothing_more(rows: dict[str, Notification]) -> None:
    first = retention.purge()
    after_first = _left()
    second = retention.purge()

    assert (first, second) == (3, 0)
    assert _left() == after_first == KEPT


def test_a_late_run_deletes_by_the_same_cutoff_from_its_own_moment(
    rows: dict[str, Notification],
) -> None:
    """A run a day late deletes "new read" too (89 days old then, 90 a day on): the
    cutoff is the run's moment less the period, never a list made earlier."""
    retention.purge()

    assert retention.purge(now=timezone.now() + timedelta(days=2)) == 1
    assert _left() == KEPT - {"new read"}


def test_the_period_is_the_setting(rows: dict[str, Notification], settings: Any) -> None:
    settings.THIRTYONE_NOTIFICATION_DAYS = 500

    assert retention.purge() == 0
    assert len(_left()) == len(rows)


def test_a_row_rewritten_as_new_news_is_not_deleted(
    rows: dict[str, Notification], ann: Any
) -> None:
    """A later version of its subject rewrites a row as unread and new
    (notifications.services): the delete checks the conditions again, so a row changed
    between the purge's read and its delete stays."""
    row = rows["old read"]
    Notification.objects.filter(pk=row.pk).update(created_at=timezone.now(), read_at=None)

    assert retention.purge() == 2
    assert "old read" in _left()


def test_the_purge_goes_in_batches(ann: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(retention, "BATCH", 2)
    for k in range(5):
        _row(ann, f"old {k}", age_days=100, read=True)

    assert retention.purge() == 5
    assert _left() == set()


def test_beat_runs_the_purge_task_hourly(rows: dict[str, Notification]) -> None:
    [entry] = [
        e for e in django_settings.CELERY_BEAT_SCHEDULE.values() if e["task"] == tasks.purge.name
    ]
    assert entry["schedule"] == 3600.0

    tasks.purge.delay()  # eager in the tests, as a worker runs it

    assert _left() == KEPT
