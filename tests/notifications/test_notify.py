"""Making notifications (notifications.services.notify, docs/notifications.md#once): once per
kind, person and subject, on the channels each person chose, never after its moment."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from notifications import kinds, preferences, services
from notifications.models import Notification, Preference
from notifications.services import Draft
from tests.notifications.conftest import verified

pytestmark = pytest.mark.django_db


def _drafts(users: list[Any], key: str = "news-1", kind: str = "announcement") -> list[Draft]:
    return [Draft(kind, u.pk, key, f"News for {u.username}", "/clubs/") for u in users]


def test_each_person_gets_one_notification_however_often_it_is_made(members: list) -> None:
    made = services.notify(_drafts(members[:3]))
    again = services.notify(_drafts(members[:3]))
    assert len(made) == 3
    assert again == []
    assert Notification.objects.count() == 3
    # the same subject for a fourth person is new to them
    assert len(services.notify(_drafts(members[:4]))) == 1


def test_the_unread_count_on_the_person_row_follows(members: list) -> None:
    services.notify(_drafts(members[:1], "a") + _drafts(members[:1], "b"))
    members[0].refresh_from_db()
    assert members[0].unread_notifications == 2
    services.mark_all_read(members[0].pk)
    members[0].refresh_from_db()
    assert members[0].unread_notifications == 0


def test_a_kind_off_on_a_channel_is_not_sent_there(members: list) -> None:
    verified(members[0])
    preferences.set_choice(members[0].pk, "announcement", "site", False)
    services.notify(_drafts(members[:1]))
    row = Notification.objects.get()
    assert not row.on_site and row.email_state == Notification.SENT
    assert len(mail.outbox) == 1
    assert list(services.shown_to(members[0].pk)) == []


def test_a_kind_off_everywhere_makes_nothing(members: list) -> None:
    for channel in ("site", "email", "browser", "push"):
        preferences.set_choice(members[0].pk, "announcement", channel, False)
    assert services.notify(_drafts(members[:1])) == []
    assert Notification.objects.count() == 0


def test_a_draft_whose_moment_has_passed_is_not_made(members: list) -> None:
    now = timezone.now()
    late = Draft("starts_soon", members[0].pk, "soon-1", "X starts at 19:30", valid_until=now)
    assert services.notify([late], now=now) == []
    early = Draft(
        "starts_soon",
        members[0].pk,
        "soon-1",
        "X starts at 19:30",
        valid_until=now + timedelta(seconds=1),
    )
    assert len(services.notify([early], now=now)) == 1


def test_a_guest_who_cannot_log_in_is_not_told(members: list) -> None:
    members[0].is_active = False
    members[0].save()
    assert services.notify(_drafts(members[:2])) != []
    assert list(Notification.objects.values_list("user_id", flat=True)) == [members[1].pk]


def test_only_differences_from_the_defaults_are_kept(members: list) -> None:
    kind = kinds.get("game_ready")
    assert kind is not None and not kind.default("email") and kind.default("site")
    preferences.save(members[0].pk, {("game_ready", "email"), ("game_ready", "site")})
    kept = set(Preference.objects.values_list("kind", "channel", "enabled"))
    # game_ready by e-mail (off by default) is on; every other default turned off is off
    assert ("game_ready", "email", True) in kept
    assert ("game_ready", "site", True) not in kept  # the default: not kept
    assert ("announcement", "site", False) in kept
    chosen = preferences.choices(members[0].pk)
    assert chosen[("game_ready", "email")] and not chosen[("announcement", "email")]
