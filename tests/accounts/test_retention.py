"""Expired log-in records are deleted by beat's purge (accounts.retention,
docs/privacy.md#the-purge): expired sessions and allauth's expired e-mail confirmations
go, live ones stay, and a second run deletes nothing more. With sessions in the cache
(no rows), the engine's own clear_expired runs, uncounted."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from allauth.account import app_settings
from allauth.account.models import EmailAddress, EmailConfirmation
from django.conf import settings as django_settings
from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from accounts import retention, tasks

pytestmark = pytest.mark.django_db


def _session(expires_in: timedelta) -> str:
    store = SessionStore()
    store["seen"] = True
    store.create()
    Session.objects.filter(session_key=store.session_key).update(
        expire_date=timezone.now() + expires_in
    )
    return str(store.session_key)


@pytest.fixture
def sessions() -> dict[str, str]:
    return {
        "expired a week ago": _session(timedelta(days=-7)),
        "expired a second ago": _session(timedelta(seconds=-1)),
        "live for an hour": _session(timedelta(hours=1)),
        "live for two weeks": _session(timedelta(days=14)),
    }


def _left(sessions: dict[str, str]) -> set[str]:
    kept = set(Session.objects.values_list("session_key", flat=True))
    return {name for name, key in sessions.items() if key in kept}


LIVE = {"live for an hour", "live for two weeks"}


def test_expired_sessions_are_deleted_and_live_ones_stay(sessions: dict[str, str]) -> None:
    assert retention.purge_sessions() == 2
    assert _left(sessions) == LIVE


def test_the_purge_run_twice_deletes_nothing_more(sessions: dict[str, str]) -> None:
    first = retention.purge()
    second = retention.purge()

    assert (first.sessions, second.sessions) == (2, 0)
    assert _left(sessions) == LIVE


def test_a_logged_in_person_stays_logged_in(django_user_model: Any) -> None:
    ann = django_user_model.objects.create_user("ann", password="x" * 12)
    client = Client()
    client.force_login(ann)

    retention.purge()

    assert client.get("/accounts/profile/").status_code == 200


def test_with_sessions_in_the_cache_the_engines_own_clear_expired_runs(
    settings: Any, sessions: dict[str, str]
) -> None:
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cache"

    assert retention.purge_sessions() is None
    assert _left(sessions) == set(sessions)  # the database's rows are not the cache's


def test_expired_email_confirmations_are_deleted(django_user_model: Any) -> None:
    ann = django_user_model.objects.create_user("ann", password="x" * 12)
    address = EmailAddress.objects.create(user=ann, email="ann@example.com")
    days = app_settings.EMAIL_CONFIRMATION_EXPIRE_DAYS
    old = EmailConfirmation.objects.create(
        email_address=address, key="old", sent=timezone.now() - timedelta(days=days + 1)
    )
    new = EmailConfirmation.objects.create(
        email_address=address, key="new", sent=timezone.now() - timedelta(hours=1)
    )

    assert retention.purge_confirmations() == 1
    assert retention.purge_confirmations() == 0
    assert list(EmailConfirmation.objects.values_list("pk", flat=True)) == [new.pk]
    assert not EmailConfirmation.objects.filter(pk=old.pk).exists()


def test_beat_runs_the_purge_task_hourly(sessions: dict[str, str]) -> None:
    [entry] = [
        e
        for e in django_settings.CELERY_BEAT_SCHEDULE.values()
        if e["task"] == tasks.purge_expired.name
    ]
    assert entry["schedule"] == 3600.0

    tasks.purge_expired.delay()  # eager in the tests, as a worker runs it

    assert _left(sessions) == LIVE
