"""The hostile-input walk on PostgreSQL (tests/thirtyone/hostile.py,
docs/security.md#the-hostile-input-walk)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.thirtyone import hostile
from tests.thirtyone.test_hostile_urls import World, world  # noqa: F401  (the shared fixture)

pytestmark = [pytest.mark.services, pytest.mark.django_db]


def test_no_route_answers_500_or_changes_anything_on_postgresql(
    postgres: None,
    world: World,  # noqa: F811
) -> None:
    found = hostile.walk(world.clients, world.known)
    print(found.summary("PostgreSQL"))
    assert found.errors == []
    assert found.changes == []
    assert found.resolved > 0 and found.statuses[200] > 0, "the walk reached pages"
    staff = world.clients["staff"].get(reverse("my_profile"))
    assert staff.status_code == 200, "the staff member was logged in throughout"
