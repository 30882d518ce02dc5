"""Fixtures for clubs: players (shared with tests/games), a club owned by ann, and
helpers to count what a refusal must leave unwritten."""

from __future__ import annotations

from typing import Any

import pytest

from clubs import services
from clubs.models import Club, ClubRuleSet, JoinRequest, Membership
from games.models import RuleSet
from tests.games.conftest import ann, bob, presets, scat, staff  # noqa: F401  (shared fixtures)


@pytest.fixture
def cat(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("cat", password="cards-on-the-table")


@pytest.fixture
def club(ann: Any) -> Club:  # noqa: F811
    """The Kitchen Club, owned by ann; players ask to join."""
    return services.create_club(
        by=ann, name="Kitchen Club", description="Tuesdays.", join_policy=Club.REQUEST
    )


@pytest.fixture
def member_of(club: Club) -> Any:
    def add(user: Any, role: str = Membership.MEMBER, to: Club = club) -> Membership:
        return Membership.objects.create(club=to, user=user, role=role)

    return add


def counts() -> dict[str, int]:
    """How many rows each club model (and RuleSet) has: a refusal changes none."""
    models = (Club, Membership, JoinRequest, ClubRuleSet, RuleSet)
    return {model.__name__: model.objects.count() for model in models}
