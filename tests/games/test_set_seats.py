"""games.services.set_seats (the system reseats a table it starts, between games) and
games.notes (lines another app adds to a table's page)."""

from __future__ import annotations

from typing import Any

import pytest

from games import notes, services
from games.errors import ServiceError
from games.models import RuleSet, Table
from games.services import SeatSpec

pytestmark = pytest.mark.django_db


def system_table(scat: RuleSet, ann: Any, bob: Any) -> Table:
    return services.open_table(
        name="Event table",
        rule_set=scat,
        seats=[SeatSpec(0, user=ann), SeatSpec(2, user=bob)],
        starters=Table.STARTED_BY_SYSTEM,
        seat_count=4,
    )


def test_the_system_reseats_its_table_between_games(scat: RuleSet, ann: Any, bob: Any) -> None:
    table = system_table(scat, ann, bob)
    services.set_seats(table=table, seats=[SeatSpec(1, user=bob), SeatSpec(3, user=ann)])
    assert list(table.seats.values_list("position", "user__username")) == [
        (1, "bob"),
        (3, "ann"),
    ]
    services.set_seats(table=table, seats=[])  # a table that broke
    assert not table.seats.exists()


def test_bad_seats_are_refused_and_nothing_changes(scat: RuleSet, ann: Any, bob: Any) -> None:
    table = system_table(scat, ann, bob)
    for seats in (
        [SeatSpec(0, user=ann), SeatSpec(0, user=bob)],  # one seat twice
        [SeatSpec(4, user=ann)],  # off the table
        [SeatSpec(0, user=ann), SeatSpec(1, user=ann)],  # a player twice
    ):
        with pytest.raises(ServiceError):
            services.set_seats(table=table, seats=seats)
    assert list(table.seats.values_list("position", flat=True)) == [0, 2]
    services.start_game(table=table, by=None)
    with pytest.raises(ServiceError, match="between games"):
        services.set_seats(table=table, seats=[SeatSpec(1, user=ann)])


def test_providers_add_lines_to_a_table_page(
    client: Any, scat: RuleSet, ann: Any, bob: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = system_table(scat, ann, bob)
    monkeypatch.setattr(notes, "_providers", [])
    notes.register(lambda t, viewer: [f"A line for {t.name}."])
    notes.register(notes._providers[0])  # once only
    assert notes.for_table(table) == [notes.Line("A line for Event table.")]
    assert "A line for Event table." in client.get(table.get_absolute_url()).content.decode()
