"""Quiet hours (docs/notifications.md#quiet-hours): read on the person's own clock, also
across a daylight-saving change; pushes and e-mails that can wait are held to their end,
"your game is ready" never, a deadline's alarm at most to its last hour."""

from __future__ import annotations

from datetime import UTC, datetime, time
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from notifications import mail as outbox
from notifications import quiet, services, webpush
from notifications.models import Notification, PushDelivery, QuietHours
from notifications.quiet import Window
from notifications.services import Draft
from tests.notifications.conftest import verified
from tests.notifications.push_service import Browser

pytestmark = pytest.mark.django_db

NIGHT = Window(time(22, 0), time(7, 0), "Europe/Copenhagen")


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)


def test_a_night_ends_at_seven_on_the_persons_clock_across_daylight_saving() -> None:
    # A winter night: 23:00 in Copenhagen is 22:00 UTC; 07:00 there is 06:00 UTC.
    assert NIGHT.end_if_inside(utc(2027, 1, 10, 22)) == utc(2027, 1, 11, 6)
    # The night clocks go forward (28 March 2027, 02:00 -> 03:00): 7 hours long, not 8,
    # and it still ends at 07:00 on the clock, now 05:00 UTC.
    assert NIGHT.end_if_inside(utc(2027, 3, 27, 22)) == utc(2027, 3, 28, 5)
    # The night they go back (31 October 2027, 03:00 -> 02:00): 10 hours, ending 06:00 UTC.
    assert NIGHT.end_if_inside(utc(2027, 10, 30, 21)) == utc(2027, 10, 31, 6)
    # After midnight, before seven: the same morning's end.
    assert NIGHT.end_if_inside(utc(2027, 1, 11, 3)) == utc(2027, 1, 11, 6)
    # Daytime is not quiet; nor a window of no length.
    assert NIGHT.end_if_inside(utc(2027, 1, 11, 12)) is None
    assert Window(time(9), time(9), "UTC").end_if_inside(utc(2027, 1, 11, 9)) is None


def test_a_window_within_a_day() -> None:
    lunch = Window(time(12, 0), time(13, 30), "America/New_York")
    assert lunch.end_if_inside(utc(2027, 7, 1, 16, 45)) == utc(2027, 7, 1, 17, 30)  # EDT
    assert lunch.end_if_inside(utc(2027, 7, 1, 18)) is None


def test_what_cannot_wait_is_never_held_and_a_deadline_waits_at_most_to_its_last_hour() -> None:
    night = utc(2027, 1, 10, 23)
    ready = Notification(kind="game_ready")
    assert quiet.held_until(NIGHT, ready, night) is None
    turn = Notification(kind="your_turn")
    assert quiet.held_until(NIGHT, turn, night) == utc(2027, 1, 11, 6)
    alarm = Notification(kind="move_quarter_left", valid_until=utc(2027, 1, 11, 3))
    assert quiet.held_until(NIGHT, alarm, night) == utc(2027, 1, 11, 2)
    late = Notification(kind="move_hour_left", valid_until=utc(2027, 1, 10, 23, 30))
    assert quiet.held_until(NIGHT, late, night) is None  # its last hour: now
    assert quiet.held_until(None, turn, night) is None


def test_pushes_and_mails_wait_until_morning_then_go_once(
    push_service: Any,
    ann: Any,
    monkeypatch: Any,
) -> None:
    verified(ann)
    push_service.subscribe(ann, Browser())
    QuietHours.objects.create(
        user=ann, starts=time(22), ends=time(7), time_zone="Europe/Copenhagen"
    )
    night = utc(2027, 1, 10, 23)
    monkeypatch.setattr(services.timezone, "now", lambda: night)
    services.notify(
        [Draft("announcement", ann.pk, "n-1", "The club meets on Thursday", "/clubs/")], now=night
    )
    assert push_service.requests == [] and mail.outbox == []
    delivery, row = PushDelivery.objects.get(), Notification.objects.get()
    assert (delivery.state, delivery.next_try, delivery.note) == (
        "pending",
        utc(2027, 1, 11, 6),
        "quiet hours",
    )
    assert (row.email_state, row.email_next_try) == ("pending", utc(2027, 1, 11, 6))
    assert row.on_site  # the list on the site has it at once
    webpush.send_due(now=utc(2027, 1, 11, 5, 59))
    outbox.send_due(now=utc(2027, 1, 11, 5, 59))
    assert push_service.requests == [] and mail.outbox == []
    morning = utc(2027, 1, 11, 6, 0, 30)
    for _ in range(2):
        webpush.send_due(now=morning)
        outbox.send_due(now=morning)
    assert len(push_service.requests) == 1 and len(mail.outbox) == 1


def test_quiet_hours_are_set_and_removed_on_the_settings_page(ann: Any) -> None:
    client = Client()
    client.force_login(ann)
    page = client.get(reverse("notifications:preferences")).content.decode()
    assert "You have no quiet hours" in page and 'value="22:00"' in page
    url = reverse("notifications:quiet_hours")
    client.post(url, {"starts": "23:00", "ends": "06:30", "time_zone": "Europe/Berlin"})
    kept = QuietHours.objects.get(user=ann)
    assert (kept.starts, kept.ends, kept.time_zone) == (time(23), time(6, 30), "Europe/Berlin")
    refused = client.post(
        url, {"starts": "23:00", "ends": "23:00", "time_zone": "Nowhere/Atlantis"}, follow=True
    )
    assert "Your quiet hours were not saved" in refused.content.decode()
    assert QuietHours.objects.get(user=ann).ends == time(6, 30)  # nothing changed
    client.post(url, {"none": "1"})
    assert not QuietHours.objects.filter(user=ann).exists()
