"""Two workers at the same moment on PostgreSQL (row locks,
docs/calendars.md#weekly-series): a weekly series' next week is made once, and an
event's registration opening is told once. (Real Celery workers on the embedded profile:
test_series_workers.py.)"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from tests.integration.test_concurrent_ratings import at_once
from tournaments import services, signals
from tournaments.models import Event
from tournaments.schedule import series

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

# Thursday 23 October 2031, 19:30 in Copenhagen (CEST).
FIRST = datetime(2031, 10, 23, 17, 30, tzinfo=UTC)


def test_two_workers_at_once_make_the_next_week_once(
    postgres: None, club: Any, make_event: Any, ann: Any
) -> None:
    club.time_zone = "Europe/Copenhagen"
    club.save(update_fields=["time_zone"])
    event = make_event(name="Thursday Scat", starts_at=FIRST)
    made = series.repeat_weekly(event=event, by=ann, registration_days=0)

    outcomes = at_once([lambda: len(series.make_due(series_id=made.pk, now=FIRST))] * 2)

    assert sorted(outcomes) == [0, 1]
    (second,) = made.occurrences.exclude(pk=event.pk)
    assert second.starts_at == datetime(2031, 10, 30, 18, 30, tzinfo=UTC)  # 19:30 CET


def test_two_sweeps_at_once_tell_of_a_registration_opening_once(
    postgres: None, make_event: Any
) -> None:
    told: list[int] = []

    def receiver(sender: Any, *, event: Event, **_: Any) -> None:
        told.append(event.pk)

    opens = datetime.now(UTC) + timedelta(hours=1)
    event = make_event(starts_at=opens + timedelta(days=1), registration_opens_at=opens)
    signals.registration_opened.connect(receiver, dispatch_uid="test-told")
    try:
        outcomes = at_once(
            [lambda: services.open_registration_if_due(event_id=event.pk, now=opens)] * 2
        )
    finally:
        signals.registration_opened.disconnect(dispatch_uid="test-told")

    assert sorted(outcomes) == [False, True]
    assert told == [event.pk]
