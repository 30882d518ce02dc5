"""Fixtures for the games app: players, rule sets and tables."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.models import RuleSet


@pytest.fixture
def presets(db: Any) -> None:
    RuleSet.sync_presets()


@pytest.fixture
def scat(presets: None) -> RuleSet:
    return RuleSet.objects.get(preset="scat", is_preset=True)


@pytest.fixture
def ann(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("ann", password="cards-on-the-table")


@pytest.fixture
def bob(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("bob", password="cards-on-the-table")


@pytest.fixture
def table(ann: Any, scat: RuleSet) -> Any:
    return services.create_table(owner=ann, name="Kitchen", rule_set=scat, seat_count=3)


@pytest.fixture
def staff(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("sam", password="x" * 12, is_staff=True)
