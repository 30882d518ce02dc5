"""Fixtures for clubs and their events."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Membership
from tests.games.conftest import ann, bob, presets, scat, staff  # noqa: F401  (shared fixtures)
from tournaments import services
from tournaments.models import Event


@pytest.fixture
def club(ann: Any) -> Club:  # noqa: F811
    """The Kitchen Club, owned by ann."""
    club = Club.objects.create(name="Kitchen Club", slug="kitchen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    return club


@pytest.fixture
def members(club: Club, django_user_model: Any) -> list[Any]:
    """Seven members besides ann: p1..p7."""
    users = []
    for k in range(1, 8):
        user = django_user_model.objects.create_user(f"p{k}", password="x" * 12)
        Membership.objects.create(club=club, user=user)
        users.append(user)
    return users


@pytest.fixture
def make_event(club: Club, ann: Any, scat: Any) -> Any:  # noqa: F811
    def make(**options: Any) -> Event:
        options.setdefault("name", "Tuesday Swiss")
        options.setdefault("starts_at", timezone.now() + timedelta(hours=1))
        options.setdefault("turn_timer", 0)
        return services.create_event(club=club, by=ann, rule_set=scat, **options)

    return make
