"""Fixtures of team battles (docs/tournaments.md#team-battles): four teams of four
members of the Kitchen Club, and an event of them."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Club, Membership
from games.models import RuleSet
from tests.tournaments.test_knockout import quick  # noqa: F401
from tournaments import services
from tournaments.models import Event

TEAM_NAMES = ("Reds", "Blues", "Greens", "Whites")


@pytest.fixture
def squads(club: Club, django_user_model: Any) -> dict[str, list[Any]]:
    """Four teams of four members: Reds r1..r4, Blues b1..b4, Greens g1..g4, Whites w1..w4."""
    found = {}
    for name in TEAM_NAMES:
        users = []
        for k in range(1, 5):
            user = django_user_model.objects.create_user(f"{name[0].lower()}{k}", password="x" * 12)
            Membership.objects.create(club=club, user=user)
            users.append(user)
        found[name] = users
    return found


def teams_text(squads: dict[str, list[Any]]) -> str:
    return "\n".join(
        f"{name}: " + ", ".join(u.username for u in users) for name, users in squads.items()
    )


@pytest.fixture
def team_event(club: Club, ann: Any, quick: RuleSet) -> Any:  # noqa: F811
    def make(teams: str, **options: Any) -> Event:
        options.setdefault("name", "Team night")
        options.setdefault("starts_at", timezone.now() + timedelta(hours=1))
        options.setdefault("turn_timer", 0)
        options.setdefault("rounds", 3)
        return services.create_event(
            club=club, by=ann, rule_set=quick, format="teams", teams=teams, **options
        )

    return make
