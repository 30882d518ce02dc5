"""A turn-based Swiss event (docs/tournaments.md#turn-based-events): its tables give
each move hours, each round has days, and when a round's deadline passes the sweep has
bots finish the games still being played; the round then ends with its last table, as
always, and the next one starts with its own deadline. Days go by on a moved clock
(tests/clock.py)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.errors import ServiceError
from games.models import Game, GameEvent, GamePlayer
from tests.clock import MovedClock
from tests.games.playing import play_out
from tournaments import services
from tournaments.models import Event, Round
from tournaments.services import turn_based

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> MovedClock:
    return MovedClock(monkeypatch)


def started(make_event: Any, players: list[Any], **options: Any) -> Event:
    options.setdefault("move_hours", 24)
    options.setdefault("round_days", 3)
    event = make_event(rounds=2, table_size=3, table_min=3, table_max=3, **options)
    for user in players:
        services.register(event=event, user=user)
    services.start_event(event=event, by=players[0])
    event.refresh_from_db()
    return event


def test_a_turn_based_swiss_opens_its_tables_with_hours_a_move_and_a_round_deadline(
    make_event: Any, ann: Any, members: list[Any], clock: MovedClock
) -> None:
    event = started(make_event, [ann, *members[:5]])
    assert (event.move_hours, event.round_days, event.turn_timer) == (24, 3, 0)
    first = Round.objects.get(event=event, number=1)
    assert first.deadline == first.started_at + timedelta(days=3)
    for table in first.tables.select_related("table", "game"):
        assert (table.table.move_hours, table.table.turn_timer) == (24, 0)
        left = table.game.turn_deadline - timezone.now()
        assert timedelta(hours=23) < left <= timedelta(hours=24, seconds=60)
    client = Client()
    client.force_login(ann)
    page = client.get(event.get_absolute_url()).content.decode()
    assert "turn-based: 24 hours a move, 3 days a round" in page
    assert "This round ends by" in page
    console = client.get(reverse("tournaments:manage", args=[event.pk])).content.decode()
    # A day, and the first turn's grace to reach the table
    # (docs/tables.md#the-first-turn-waits-for-the-player). No countdown in seconds (the
    # calls bar's template for one, an attribute, aside).
    shown = console.replace('data-countdown-left="{seconds} s left"', "")
    assert re.search(r"· (1 day 0 h|23 h 59 min) left", console) and " s left" not in shown


def test_at_the_deadline_bots_finish_the_round_and_the_next_round_starts_with_its_own(
    make_event: Any,
    ann: Any,
    members: list[Any],
    clock: MovedClock,
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = started(make_event, [ann, *members[:5]])
    first = Round.objects.get(event=event, number=1)
    done, left = first.tables.select_related("game")[:2]
    with django_capture_on_commit_callbacks(execute=True):
        play_out(done.game)  # one table finishes in time
    clock.advance(days=2, hours=23)
    with django_capture_on_commit_callbacks(execute=True):
        services.sweep()
    assert Game.objects.get(pk=left.game_id).status == Game.PLAYING, "not yet"

    clock.advance(hours=2)
    with django_capture_on_commit_callbacks(execute=True):
        services.sweep()
    game = Game.objects.get(pk=left.game_id)
    assert game.status == Game.FINISHED, "bots played it out (tasks run inline here)"
    people = GamePlayer.objects.filter(game=game, user__isnull=False)
    assert {p.away_reason for p in people} == {"deadline"}
    marked = GameEvent.objects.filter(game=game, kind="player_away", data__reason="deadline")
    assert marked.count() == people.count()
    assert not GameEvent.objects.filter(game_id=done.game_id, kind="player_away").exists()

    first.refresh_from_db()
    assert first.status == Round.FINISHED
    second = Round.objects.get(event=event, number=2)
    assert second.status == Round.PLAYING
    assert second.deadline == second.started_at + timedelta(days=3)
    assert second.deadline > timezone.now() + timedelta(days=2, hours=23)


def test_finishing_a_round_at_its_deadline_twice_or_early_does_nothing_more(
    make_event: Any,
    ann: Any,
    members: list[Any],
    clock: MovedClock,
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = started(make_event, [ann, *members[:5]])
    first = Round.objects.get(event=event, number=1)
    assert services.finish_at_deadline(round_id=first.pk) is False, "early"
    assert not GameEvent.objects.filter(kind="player_away").exists()

    clock.advance(days=3, minutes=1)
    # Marked, but the bots' tasks kept back: a second sweep (or worker) comes first.
    assert services.finish_at_deadline(round_id=first.pk) is True
    marks = GameEvent.objects.filter(kind="player_away").count()
    assert marks == 6
    assert services.finish_at_deadline(round_id=first.pk) is False
    with django_capture_on_commit_callbacks(execute=True):
        services.sweep()
    assert GameEvent.objects.filter(kind="player_away").count() == marks


def test_turn_based_settings_that_make_no_sense_are_refused_with_nothing_written(
    make_event: Any, ann: Any
) -> None:
    cases = [
        ({"move_hours": 24, "round_days": 0}, "round_days", "Give each round"),
        ({"move_hours": 24, "round_days": 31}, "round_days", "1 to 30 days"),
        ({"move_hours": 72, "round_days": 2}, "round_days", "shorter than one move"),
        ({"move_hours": 5, "round_days": 3}, "turn_timer", "from the list"),
        ({"move_hours": 0, "round_days": 3}, "round_days", "Only a turn-based event"),
        (
            {"move_hours": 24, "round_days": 3, "format": Event.KNOCKOUT, "rounds": None},
            "turn_timer",
            "Only a Swiss event",
        ),
        (
            {"move_hours": 24, "round_days": 3, "venue": Event.CARDS, "bots_fill": False},
            "venue",
            "played online",
        ),
    ]
    for options, field, words in cases:
        with pytest.raises(ServiceError) as refused:
            make_event(**options)
        assert refused.value.field == field, options
        assert words in refused.value.message, options
    assert not Event.objects.exists()
    assert turn_based.MAX_ROUND_DAYS == 30


def test_the_event_form_makes_a_turn_based_swiss(
    club: Any, ann: Any, scat: Any, client: Client
) -> None:
    client.force_login(ann)
    url = reverse("tournaments:create", args=[club.slug])
    form = client.get(url).content.decode()
    assert '<option value="86400">24 hours a move</option>' in form
    assert 'name="round_days"' in form
    response = client.post(
        url,
        {
            "name": "Lunch-break Swiss",
            "format": Event.SWISS,
            "venue": Event.ONLINE,
            "rule_set": scat.pk,
            "starts_at": "2031-03-07T19:30",
            "time_zone": "UTC",
            "rounds": 3,
            "table_size": 4,
            "table_min": 3,
            "table_max": 5,
            "bots_fill": "on",
            "scoring": Event.OUTLASTED,
            "checkin_minutes": 0,
            "entry": Event.OPEN,
            "advance": Event.AUTO,
            "turn_timer": 12 * 3600,
            "round_days": 7,
            "tiebreak_1": "opponents_average",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.get(name="Lunch-break Swiss")
    assert (event.move_hours, event.round_days, event.turn_timer) == (12, 7, 0)
