"""Leavers of rated games (docs/fair-play.md#leavers): marked once per game; three in a
week ban rated play for a day, again within 30 days for a week; told; idempotent."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from fairplay import leavers
from fairplay.models import LeaverMark, Sanction
from games import services
from games.models import Game, GamePlayer
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def _rated_game(ann: Any, bob: Any, scat: Any, *, rated: bool = True) -> Game:
    table = services.create_table(owner=ann, name="Rated", rule_set=scat, rated=rated)
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=ann)


def _finish(game: Game, at: Any, *, away: Any = None, end_reason: str = "host") -> None:
    """The game over at `at`; `away`: the person away at its end (left)."""
    Game.objects.filter(pk=game.pk).update(status=Game.ENDED, end_reason=end_reason, finished_at=at)
    if away is not None:
        GamePlayer.objects.filter(game=game, user=away).update(away=True, away_reason="timer")
    leavers.game_finished(Game, game_id=game.pk, end_reason=end_reason)


def test_three_in_a_week_ban_a_day_then_again_a_week_told_and_idempotent(
    ann: Any, bob: Any, scat: Any, django_capture_on_commit_callbacks: Any
) -> None:
    start = timezone.now() - timedelta(days=20)
    games = [_rated_game(ann, bob, scat) for _ in range(6)]
    with django_capture_on_commit_callbacks(execute=True):
        for day, game in enumerate(games[:3]):
            _finish(game, start + timedelta(days=day), away=bob)
            _finish(game, start + timedelta(days=day), away=bob)  # the signal twice
    assert LeaverMark.objects.filter(user=bob).count() == 3
    assert not LeaverMark.objects.filter(user=ann).exists()
    (first,) = Sanction.objects.filter(user=bob)
    assert first.ends_at - first.starts_at == timedelta(days=1)
    # Over long ago: no news any more (the notification's `valid_until` is its end).
    assert not Notification.objects.filter(user=bob, kind="rated_paused").exists()
    # Three more within 30 days of the first ban: a week.
    with django_capture_on_commit_callbacks(execute=True):
        for day, game in enumerate(games[3:], start=10):
            _finish(game, start + timedelta(days=day), away=bob)
    second = Sanction.objects.filter(user=bob).order_by("-starts_at").first()
    assert second is not None and second != first
    assert second.ends_at - second.starts_at == timedelta(days=7)
    assert Sanction.objects.filter(user=bob).count() == 2


def test_two_marks_ban_no_one_and_marks_a_week_apart_do_not_add_up(
    ann: Any, bob: Any, scat: Any
) -> None:
    start = timezone.now() - timedelta(days=30)
    for day in (0, 8, 16):
        _finish(_rated_game(ann, bob, scat), start + timedelta(days=day), away=bob)
    assert LeaverMark.objects.filter(user=bob).count() == 3
    assert not Sanction.objects.exists()


def test_a_bot_playing_most_moves_marks_and_a_casual_table_never_does(
    ann: Any, bob: Any, scat: Any
) -> None:
    rated = _rated_game(ann, bob, scat)
    GamePlayer.objects.filter(game=rated, user=bob).update(bot_moves=40)
    _finish(rated, timezone.now())
    assert LeaverMark.objects.get(user=bob).why == LeaverMark.BOT
    casual = _rated_game(ann, bob, scat, rated=False)
    _finish(casual, timezone.now(), away=bob)
    assert LeaverMark.objects.filter(user=bob).count() == 1


def test_the_ban_is_told_and_on_their_own_profile_only(
    ann: Any, bob: Any, scat: Any, django_capture_on_commit_callbacks: Any
) -> None:
    now = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):
        for minutes in (30, 20, 10):
            _finish(_rated_game(ann, bob, scat), now - timedelta(minutes=minutes), away=bob)
    told = Notification.objects.get(user=bob, kind="rated_paused")
    assert told.text.startswith("You may not play rated games until ")
    assert told.text.endswith(": you left 3 rated games in a week")
    mine = Client()
    mine.force_login(bob)
    own = mine.get("/accounts/profile/").content.decode()
    assert "You may not play rated games until" in own
    assert "you left 3 rated games in a week" in own
    other = Client()
    other.force_login(ann)
    theirs = other.get("/accounts/profile/bob/").content.decode()
    assert "You may not play rated games" not in theirs and "Report bob" in theirs
