"""A club's season standings add its events up per player."""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.test_services import play_round, register_all
from tournaments import season, services
from tournaments.formats.swiss import results as records
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def test_two_events_add_up(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    played = []
    for name, field in (("First", [ann, *members[:2]]), ("Second", [ann, *members[2:4]])):
        event = make_event(name=name, rounds=1, table_size=3, table_min=3, table_max=3)
        register_all(event, field)
        services.start_event(event=event, by=ann)
        play_round(Round.objects.get(event=event), django_capture_on_commit_callbacks)
        event.refresh_from_db()
        played.append(event)
    year = played[0].started_at.year
    assert season.years(ann.club_memberships.get().club) == [year]
    rows = season.season(played[0].club, year).rows
    by_name = {row.name: row for row in rows}
    assert set(by_name) == {"ann", "p1", "p2", "p3", "p4"}
    assert by_name["ann"].events == 2 and by_name["p1"].events == 1
    expected = {}
    for event in played:
        for row in records.standings(event):
            user = event.entries.get(pk=row.player).user.get_username()
            expected[user] = expected.get(user, 0) + row.points
    assert {row.name: row.points for row in rows} == pytest.approx(expected)
    assert [row.points for row in rows] == sorted((row.points for row in rows), reverse=True)
    assert sum(row.wins for row in rows) >= 2  # each event has a winner (maybe shared)
    assert rows[0].rank == 1


def test_the_season_page_lists_the_players(
    client: Any,
    make_event: Any,
    ann: Any,
    members: list[Any],
    django_capture_on_commit_callbacks: Any,
) -> None:
    page = client.get("/clubs/kitchen/season/")
    assert page.status_code == 200 and b"No games played" in page.content
    event = make_event(rounds=1, table_size=3, table_min=3, table_max=3)
    register_all(event, [ann, *members[:2]])
    services.start_event(event=event, by=ann)
    play_round(Round.objects.get(event=event), django_capture_on_commit_callbacks)
    event.refresh_from_db()
    page = client.get("/clubs/kitchen/season/")
    text = page.content.decode()
    assert page.status_code == 200
    assert all(f">{name}</a>" in text for name in ("ann", "p1", "p2"))
    assert client.get(f"/clubs/kitchen/season/{event.started_at.year - 1}/").status_code == 404
