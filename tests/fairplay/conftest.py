"""Fixtures for fair play: players, a staff member, a club with an event's table."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.models import Table
from tests.tournaments.conftest import (  # noqa: F401  (shared fixtures)
    ann,
    bob,
    club,
    make_event,
    members,
    presets,
    scat,
    staff,
)
from tournaments.models import Round, RoundTable


@pytest.fixture
def cat(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("cat", password="x" * 12)


@pytest.fixture
def table(ann: Any, bob: Any, scat: Any) -> Table:  # noqa: F811
    """ann's casual table, bob seated."""
    found = services.create_table(owner=ann, name="Kitchen", rule_set=scat, seat_count=3)
    services.join_table(table=found, user=bob)
    return found


@pytest.fixture
def event_table(make_event: Any, members: list[Any], scat: Any) -> Table:  # noqa: F811
    """A table of the Kitchen Club's event, p1 and p2 at it."""
    event = make_event()
    found = services.open_table(
        name="Round 1, table 1",
        rule_set=scat,
        seats=[services.SeatSpec(0, user=members[0]), services.SeatSpec(1, user=members[1])],
        starters=Table.STARTED_BY_SYSTEM,
        rules=scat.rules(),
    )
    round_ = Round.objects.create(event=event, number=1)
    RoundTable.objects.create(round=round_, number=1, table=found)
    return found
