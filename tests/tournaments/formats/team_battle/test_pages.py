"""A team battle's pages (docs/tournaments.md#team-battles): made on the create form with
JavaScript off, its teams in "About this event", the teams listed before anyone is
ranked, and each player's team on the printed pairings."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.urls import reverse

from clubs.models import Club
from tests.tournaments.test_pages import good_data, logged_in
from tests.tournaments.test_services import register_all
from tournaments import services
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_made_on_the_form_and_shown_before_and_after_the_start(
    club: Club, ann: Any, scat: Any, squads: dict[str, list[Any]]
) -> None:
    client = logged_in(ann)
    url = reverse("tournaments:create", args=[club.slug])
    assert "Team battle: the teams, one a line" in client.get(url).content.decode()
    data = good_data(
        scat,
        name="Team night",
        format="teams",
        teams="Reds: r1, r2\nBlues: b1, b2\nGreens: g1, g2",
        team_best="",
        rounds=1,
        table_size=3,
        table_min=3,
        table_max=3,
        checkin_minutes=0,
    )
    refused = client.post(url, {**data, "teams": "Reds: r1\nBlues: b1, b2"})
    assert refused.status_code == 200
    assert "Team “Reds” has 1 player(s)" in html.unescape(refused.content.decode())
    assert not Event.objects.exists()
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()
    event = Event.objects.get()
    assert event.format == "teams" and event.format_options["team_best"] == 2
    register_all(event, [*squads["Reds"][:2], *squads["Blues"][:2], *squads["Greens"][:2]])
    page = html.unescape(client.get(event.get_absolute_url()).content.decode())
    assert "Team battle, 1 round" in page
    assert "Reds</strong>: r1, r2" in page
    assert "the sum of its best 2 players' points" in page
    # Before a game is over the teams are listed, not ranked.
    assert "Team standings" in page and "Not ranked until a game of round 1 is over." in page
    services.start_event(event=event, by=ann)
    # Two tables of three, each seating one of every team; the printed pairings say
    # whose team each player is.
    for table in event.round_set.get().tables.all():
        teams = {s.entry.user.username[0] for s in table.seats.select_related("entry__user")}
        assert teams == {"r", "b", "g"}
    printed = client.get(reverse("tournaments:print_pairings", args=[event.pk])).content.decode()
    for name, users in squads.items():
        if name != "Whites":
            for user in users[:2]:
                assert f"{user.username} ({name})" in html.unescape(printed)
