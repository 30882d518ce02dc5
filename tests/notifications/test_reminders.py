"""Reminders the clock brings (notifications.sweep, sources.events.reminders,
docs/notifications.md#reminders): "starts soon" and "check-in opened" reach each registered player
once, from their moment until the start and never after, at the right instant across a
daylight-saving change."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.core import mail

from notifications import mail as outbox
from notifications import sweep
from notifications.models import Notification
from tests.notifications.conftest import verified
from tournaments import services

pytestmark = pytest.mark.django_db

# Copenhagen leaves summer time at 03:00 CEST on Sunday 26 October 2031 (clocks go back
# to 02:00 CET): 02:30 comes twice. The event starts at the second, 02:30 CET.
STARTS = datetime(2031, 10, 26, 1, 30, tzinfo=UTC)


@pytest.fixture
def dst_event(club: Any, make_event: Any, members: list, settings: Any) -> Any:
    settings.THIRTYONE_REMINDER_MINUTES = 60
    club.time_zone = "Europe/Copenhagen"
    club.save()
    event = make_event(name="Night Swiss", starts_at=STARTS, checkin_minutes=30)
    for member in members[:3]:
        services.register(event=event, user=member)
        verified(member)
    return event


def _utc(hour: int, minute: int, second: int = 0, day: int = 26) -> datetime:
    return datetime(2031, 10, day, hour, minute, second, tzinfo=UTC)


def test_starts_soon_reaches_each_player_once_an_hour_before_across_the_change(
    dst_event: Any, members: list
) -> None:
    # An hour before 02:30 CET is 02:30 CEST (00:30 UTC). Wall-clock arithmetic
    # (02:30 - 1 h = 01:30, read as CEST) would say 23:30 UTC the day before.
    sweep.run(_utc(23, 30, day=25))
    sweep.run(_utc(0, 29, 59))
    assert Notification.objects.filter(kind="starts_soon").count() == 0
    for minute in (30, 31, 45):
        sweep.run(_utc(0, minute))
    soon = Notification.objects.filter(kind="starts_soon")
    assert sorted(soon.values_list("user_id", flat=True)) == sorted(m.pk for m in members[:3])
    assert {n.created_at for n in soon} == {_utc(0, 30)}
    assert {n.text for n in soon} == {"Night Swiss starts at 02:30 CET"}
    assert sorted(m.to[0] for m in mail.outbox if "starts at" in m.subject) == sorted(
        f"{m.username}@example.com" for m in members[:3]
    )


def test_nothing_is_made_once_the_event_has_started(dst_event: Any, members: list) -> None:
    services.register(event=dst_event, user=members[4])  # registers late...
    sweep.run(STARTS)  # ...and the sweep comes at the start: too late to say "soon"
    sweep.run(STARTS + timedelta(minutes=5))
    assert Notification.objects.count() == 0
    sweep.run(STARTS - timedelta(seconds=1))
    assert Notification.objects.filter(user=members[4], kind="starts_soon").count() == 1


def test_check_in_opened_reaches_those_not_checked_in_when_the_window_opens(
    dst_event: Any, members: list
) -> None:
    sweep.run(_utc(0, 59, 59))
    assert not Notification.objects.filter(kind="checkin_opened").exists()
    sweep.run(_utc(1, 0))
    told = Notification.objects.filter(kind="checkin_opened")
    assert told.count() == 3
    assert told.first().text == "Check-in is open for Night Swiss: check in before 02:30 CET"


def test_a_reminder_mail_that_waited_past_the_start_is_not_sent(
    dst_event: Any, members: list, monkeypatch: Any
) -> None:
    # The outbox could not send (say the broker was away) until after the start.
    monkeypatch.setattr(outbox, "wake", lambda countdown=0: None)
    sweep.run(_utc(0, 30))
    assert Notification.objects.filter(email_state=Notification.PENDING).count() == 3
    assert outbox.send_due(STARTS).skipped == 3
    assert mail.outbox == []
    assert set(Notification.objects.values_list("email_note", flat=True)) == {"its moment passed"}


def test_moving_the_event_reminds_again_for_the_new_time(dst_event: Any, members: list) -> None:
    sweep.run(_utc(0, 30))
    dst_event.starts_at = STARTS + timedelta(hours=2)
    dst_event.save()
    sweep.run(_utc(2, 30))
    texts = sorted(
        set(Notification.objects.filter(kind="starts_soon").values_list("text", flat=True))
    )
    assert texts == ["Night Swiss starts at 02:30 CET", "Night Swiss starts at 04:30 CET"]
