"""Migrations that move data: tables made before a migration keep what they showed."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE, AFTER = ("games", "0003_deck_purposes"), ("games", "0004_offered_rule_sets")


@pytest.fixture
def executor(transactional_db: Any) -> Any:
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    yield executor
    executor.loader.build_graph()
    executor.migrate(latest)


def test_tables_get_the_name_and_preset_of_their_rule_set_and_rule_sets_are_offered(
    executor: Any,
) -> None:
    executor.migrate([BEFORE])
    old = executor.loader.project_state([BEFORE]).apps
    owner = old.get_model("accounts", "User").objects.create(username="ann")
    RuleSet = old.get_model("games", "RuleSet")
    bus = RuleSet.objects.create(name="Ride the Bus", preset="ride_the_bus", is_preset=True)
    club = RuleSet.objects.create(name="Club", preset="scat", changes={"lives": 5})
    for name, rule_set in (("One", bus), ("Two", club)):
        old.get_model("games", "Table").objects.create(
            name=name, owner=owner, rule_set=rule_set, rules={}, invite_token=name
        )

    executor.loader.build_graph()
    executor.migrate([AFTER])

    new = executor.loader.project_state([AFTER]).apps
    tables = new.get_model("games", "Table").objects.order_by("name")
    assert [(t.rules_name, t.rules_preset) for t in tables] == [
        ("Ride the Bus", "ride_the_bus"),
        ("Club", "scat"),
    ]
    assert all(r.offered for r in new.get_model("games", "RuleSet").objects.all())
