"""Per-user limits on moves and socket messages (games.ratelimit) and the table views'
answer past them."""

from __future__ import annotations

import logging
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games import ratelimit, services
from games.models import Game, Seat, Table

LIMIT = ratelimit.Limit("test", count=3, seconds=10)


@pytest.fixture(autouse=True)
def _one_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hit of a test in one window (a test that sets its own clock overrides it):
    on a loaded machine, 21 requests could otherwise straddle a window's edge."""
    monkeypatch.setattr(ratelimit, "clock", lambda: 1_000_003.5)


def test_hits_within_the_limit_pass_and_the_next_is_told_how_long_to_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ratelimit, "clock", lambda: 1_000_003.5)  # 3.5 s into a window
    assert [ratelimit.throttled(LIMIT, "ann") for _ in range(3)] == [0, 0, 0]
    assert ratelimit.throttled(LIMIT, "ann") == 7  # 6.5 s left, rounded up
    assert ratelimit.throttled(LIMIT, "bob") == 0, "each key has its own count"


def test_a_new_window_starts_a_new_count(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1_000_000.0]
    monkeypatch.setattr(ratelimit, "clock", lambda: now[0])
    for _ in range(4):
        ratelimit.throttled(LIMIT, "ann")
    assert ratelimit.throttled(LIMIT, "ann")
    now[0] += LIMIT.seconds
    assert ratelimit.throttled(LIMIT, "ann") == 0


def test_a_failing_cache_limits_no_one_and_says_so_in_the_log(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: Any, **kwargs: Any) -> None:
        raise ConnectionError("the cache is down")

    monkeypatch.setattr(cache, "add", broken)
    with caplog.at_level(logging.WARNING, logger="games.ratelimit"):
        assert all(ratelimit.throttled(LIMIT, "ann") == 0 for _ in range(10))
    assert "not checked" in caplog.text


def test_the_message_names_the_wait() -> None:
    assert "wait 7 seconds" in ratelimit.too_fast(7)
    assert "wait 1 second," in ratelimit.too_fast(1)


# ---- the table's views ---------------------------------------------------------------


@pytest.fixture
def game(table: Table, bob: Any) -> Game:
    services.join_table(table=table, user=bob)
    return services.start_game(table=table, by=table.owner)


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _use_up_the_limit(user: Any) -> None:
    for _ in range(ratelimit.ACTIONS.count):
        assert ratelimit.throttled(ratelimit.ACTIONS, f"user:{user.pk}") == 0


def test_a_move_past_the_limit_gets_429_with_the_wait_and_changes_nothing(
    game: Game, ann: Any, bob: Any
) -> None:
    mover = [ann, bob][game.engine_state().turn]
    _use_up_the_limit(mover)
    response = _client(mover).post(
        reverse("play", args=[game.pk]), {"action": "draw:stock", "seq": game.seq}
    )
    assert response.status_code == 429
    assert 1 <= int(response["Retry-After"]) <= ratelimit.ACTIONS.seconds
    assert "Too many actions in a few seconds: wait" in response.content.decode()
    assert Game.objects.get(pk=game.pk).seq == game.seq


def test_an_htmx_move_past_the_limit_is_refused_inside_the_game_area(
    game: Game, ann: Any, bob: Any
) -> None:
    mover = [ann, bob][game.engine_state().turn]
    _use_up_the_limit(mover)
    response = _client(mover).post(
        reverse("play", args=[game.pk]),
        {"action": "draw:stock", "seq": game.seq},
        headers={"HX-Request": "true"},
    )
    page = response.content.decode()
    assert 'id="game-area"' in page
    assert 'class="flash flash--error" role="alert">Too many actions' in page
    assert Game.objects.get(pk=game.pk).seq == game.seq


def test_every_post_counts_and_the_limit_is_per_user(game: Game, ann: Any, bob: Any) -> None:
    waiting = [ann, bob][1 - game.engine_state().turn]
    client = _client(waiting)
    url = reverse("play", args=[game.pk])
    # Refused moves count too: a script's flood of them must not go unlimited.
    statuses = [
        client.post(url, {"action": "back"}).status_code for _ in range(ratelimit.ACTIONS.count)
    ]
    assert set(statuses) == {302}
    assert client.post(url, {"action": "back"}).status_code == 429
    mover = [ann, bob][game.engine_state().turn]
    response = _client(mover).post(url, {"action": "draw:stock", "seq": game.seq})
    assert response.status_code == 302, "the other player is not limited"


def test_seat_changes_past_the_limit_get_429_and_change_nothing(table: Table, ann: Any) -> None:
    _use_up_the_limit(ann)
    response = _client(ann).post(
        reverse("table_seats", args=[table.pk]), {"action": "add_bot", "level": "easy"}
    )
    assert response.status_code == 429
    assert Seat.objects.filter(table=table).count() == 1
    response = _client(ann).post(reverse("table_start", args=[table.pk]))
    assert response.status_code == 429
