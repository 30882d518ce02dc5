"""What a team battle refuses (docs/tournaments.md#team-battles), each with a sentence
and nothing written: at creation, teams that are no teams; at the start, a registered
player on no team; later, a late entry."""

from __future__ import annotations

from typing import Any

import pytest

from games.errors import ServiceError
from tests.tournaments.formats.team_battle.conftest import teams_text
from tests.tournaments.test_services import register_all
from tournaments import services
from tournaments.models import Event, Round

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("teams", "said"),
    [
        ("Reds: r1\nBlues: b1, b2", "Team “Reds” has 1 player(s): a team has 2 to 10 players."),
        ("Reds: r1, r2", "A team battle needs two teams at least"),
        ("", "A team battle needs two teams at least"),
        ("Reds r1, r2\nBlues: b1, b2", "“Reds r1, r2” has no colon"),
        ("Reds: r1, r2\nBlues: r2, b1", "r2 is on two teams, “Reds” and “Blues”"),
        ("Reds: r1, r2\nBlues: b1, nobody", "Nobody here has the username “nobody”"),
        ("Reds: r1, r2\nreds: b1, b2", "Two teams are called “reds”"),
        (": r1, r2\nBlues: b1, b2", "Every team needs a name"),
    ],
)
def test_teams_that_are_no_teams_are_refused_and_nothing_is_written(
    squads: dict[str, list[Any]], team_event: Any, teams: str, said: str
) -> None:
    with pytest.raises(ServiceError) as refused:
        team_event(teams)
    assert said in refused.value.message
    assert refused.value.field == "teams"
    assert not Event.objects.exists()


def test_eleven_players_are_too_many_for_a_team(
    squads: dict[str, list[Any]], team_event: Any
) -> None:
    names = ", ".join(u.username for users in list(squads.values())[:3] for u in users[:4])
    with pytest.raises(ServiceError) as refused:
        team_event(f"Many: {names[: names.rindex(',')]}\nBlues: b4, w1")
    assert "has 11 player(s)" in refused.value.message
    assert not Event.objects.exists()


def test_counting_more_than_the_smallest_team_has_is_refused(
    squads: dict[str, list[Any]], team_event: Any
) -> None:
    with pytest.raises(ServiceError) as refused:
        team_event("Reds: r1, r2\nBlues: b1, b2, b3", team_best=3)
    assert refused.value.field == "team_best"
    assert "the smallest team has 2 players" in refused.value.message
    assert not Event.objects.exists()
    # Blank: three, or all of the smallest team.
    assert team_event("Reds: r1, r2\nBlues: b1, b2, b3").format_options["team_best"] == 2


def test_the_teams_are_stored_as_user_ids(squads: dict[str, list[Any]], team_event: Any) -> None:
    event = team_event(teams_text(squads), team_best=2)
    assert event.format_options == {
        "teams": [
            {"name": name, "players": [u.pk for u in users]} for name, users in squads.items()
        ],
        "team_best": 2,
    }
    assert event.format == "teams"


def test_a_registered_player_on_no_team_is_named_and_nothing_starts(
    ann: Any, squads: dict[str, list[Any]], team_event: Any
) -> None:
    event = team_event("Reds: r1, r2\nBlues: b1, b2", rounds=1, table_size=3, table_min=3)
    register_all(event, [*squads["Reds"][:2], *squads["Blues"][:2], squads["Greens"][0]])
    with pytest.raises(ServiceError) as refused:
        services.start_event(event=event, by=ann)
    assert refused.value.message.startswith("Registered but on no team: g1.")
    event.refresh_from_db()
    assert event.status == Event.UPCOMING
    assert not Round.objects.filter(event=event).exists()


def test_nobody_enters_a_running_team_battle_late(
    ann: Any, squads: dict[str, list[Any]], team_event: Any
) -> None:
    event = team_event("Reds: r1, r2, r3\nBlues: b1, b2, b3", rounds=2, table_size=3, table_min=3)
    register_all(event, [*squads["Reds"][:2], *squads["Blues"][:2]])
    services.start_event(event=event, by=ann)
    with pytest.raises(ServiceError) as refused:
        services.register(event=event, user=squads["Reds"][2])
    assert "nobody enters it late" in refused.value.message
    assert not event.entries.filter(user=squads["Reds"][2]).exists()
