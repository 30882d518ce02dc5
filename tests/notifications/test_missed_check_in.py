"""Withdrawn at the start for not checking in (tournaments.signals.check_in_missed,
sources.events.check_in_missed, docs/club-night.md#the-check-in-desk,
docs/notifications.md#kinds-channels-and-sources): each such player is told once, on the
site and by e-mail by default, in words that say when the event started on the club's
clock; no one else is, and a player who registered again meanwhile gets no e-mail."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from clubs import zones
from notifications import kinds, tasks
from notifications.models import Notification
from notifications.sources.events import MISSED
from tests.notifications.conftest import verified
from tournaments import services
from tournaments.models import Entry, Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(make_event: Any, ann: Any, members: list[Any]) -> Event:
    """ann and p1..p6 registered for a Swiss at tables of three with check-in; p6 never
    checks in."""
    event = make_event(
        name="Night Swiss",
        rounds=2,
        table_size=3,
        table_min=3,
        table_max=3,
        checkin_minutes=30,
        starts_at=timezone.now() + timedelta(minutes=20),
    )
    for user in [ann, *members[:6]]:
        services.register(event=event, user=user)
        verified(user)
    for user in [ann, *members[:5]]:
        entry = Entry.objects.get(event=event, user=user)
        services.check_in_for(event=event, entry=entry, by=ann)
    return event


def test_the_kind_is_on_for_the_site_and_email_by_default() -> None:
    kind = kinds.get(MISSED)
    assert kind is not None
    assert kind.default("site") and kind.default("email")


def test_the_start_tells_each_player_it_withdrew_once(
    night: Event, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        services.start_event(event=night, by=ann)
    night.refresh_from_db()
    (told,) = Notification.objects.filter(kind=MISSED)
    assert told.user_id == members[5].pk
    here = zones.local(night.started_at, night.club.time_zone)
    clock = f"{here:%H:%M} {zones.abbreviation(here)}"
    assert told.text == (
        f"Night Swiss started at {clock} before you checked in, so you were withdrawn."
    )
    assert told.url == night.get_absolute_url()
    assert told.on_site and told.key == f"missed-checkin-{night.pk}"
    assert [m.to for m in mail.outbox if "withdrawn" in m.subject] == [["p6@example.com"]]
    # The task again (a retry, a second worker): nothing new.
    assert tasks.make("check_in_missed", {"event_id": night.pk}) == 0
    assert Notification.objects.filter(kind=MISSED).count() == 1


def test_an_event_without_check_in_tells_no_one(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(rounds=1, table_size=3, table_min=3, table_max=3)
    for user in [ann, *members[:5]]:
        services.register(event=event, user=user)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.start_event(event=event, by=ann)
    assert callbacks  # the start's own pushes ran
    assert not Notification.objects.filter(kind=MISSED).exists()
    assert tasks.make("check_in_missed", {"event_id": event.pk}) == 0


def test_a_player_who_registered_again_is_no_longer_news(
    night: Event, ann: Any, members: list[Any]
) -> None:
    services.start_event(event=night, by=ann)  # no commit callbacks: made below
    services.register(event=night, user=members[5])  # a late entry
    assert tasks.make("check_in_missed", {"event_id": night.pk}) == 0
    # Made before they came back, its e-mail is no longer news.
    Entry.objects.filter(event=night, user=members[5]).update(
        status=Entry.WITHDRAWN, missed_check_in=True
    )
    assert tasks.make("check_in_missed", {"event_id": night.pk}) == 1
    Entry.objects.filter(event=night, user=members[5]).update(
        status=Entry.REGISTERED, missed_check_in=False
    )
    kind = kinds.get(MISSED)
    assert kind is not None and kind.still_news is not None
    assert kind.still_news(list(Notification.objects.filter(kind=MISSED))) == set()
