"""A replay step made from a kept state is the step the whole fold makes, for every step
of a long game and from every side; a step reads only its own rows of the log, and a
state evicted from the cache is made again (games.archive.ReplaySteps, docs/tables.md#replays)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import archive, services
from games.access import FACE_UP, WATCH
from games.models import Game, GamePlayer

LONG = 1000  # events


def _bots_game(ann: Any, scat: Any, events: int) -> Game:
    """Four bots (ann away, a bot plays for her) until the log holds `events` events,
    then ended: every side may be replayed."""
    table = services.create_table(
        owner=ann, name="Long", rule_set=scat, seat_count=4, changes={"lives": 20}, turn_timer=0
    )
    for _ in range(3):
        services.add_bot(table=table, by=ann, level="easy")
    game = services.start_game(table=table, by=ann)
    GamePlayer.objects.filter(game=game, user=ann).update(away=True)
    while game.in_play and game.seq < events:
        services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
        game = Game.objects.select_related("table").get(pk=game.pk)
    assert game.seq >= events, "a long game"
    services.end_game(game_id=game.pk, by=ann, expected_seq=game.seq)
    return Game.objects.select_related("table").get(pk=game.pk)


@pytest.fixture
def long_game(ann: Any, scat: Any) -> Game:
    return _bots_game(ann, scat, LONG)


@pytest.fixture
def game(ann: Any, scat: Any) -> Game:
    return _bots_game(ann, scat, 200)


def test_every_step_from_a_kept_state_is_the_whole_folds_step(long_game: Game) -> None:
    events = [row.to_engine() for row in archive.log(long_game)]
    folded = archive.fold(events)
    cache.clear()
    kept = archive.replay_steps(long_game)
    assert len(kept) == len(folded) > LONG // 2
    assert kept.names == list(events[0].data["names"])
    assert kept.public == archive.public_rounds(events)
    again = archive.replay_steps(long_game)  # from the cache this time
    for index, step in enumerate(folded):
        assert kept[index] == step, f"step {index}"
        assert again[index] == step, f"step {index}, from the cache"
    names = kept.names
    sides = [WATCH, FACE_UP, "0", "2"]
    for index in range(0, len(folded), 7):
        for side in sides:
            by_fold = archive.replay_context(folded, names, sides, side, index)
            by_kept = archive.replay_context(kept, names, sides, side, index, ended=kept.public)
            assert by_kept == by_fold, (index, side)


def test_a_step_reads_its_own_rows_not_the_log(game: Game) -> None:
    archive.replay_steps(game)  # kept
    with CaptureQueriesContext(connection) as queries:
        found = archive.replay_steps(game)
        step = found[len(found) - 2]
    assert len(queries.captured_queries) == 1, "one read of the log: the step's own rows"
    assert step == archive.fold([row.to_engine() for row in archive.log(game)])[-2]


def test_a_kept_state_evicted_from_the_cache_is_made_again(game: Game) -> None:
    folded = archive.fold([row.to_engine() for row in archive.log(game)])
    archive.replay_steps(game)
    cache.delete(f"replay:{game.pk}:{game.seq}:{archive.SNAPSHOT_EVERY * 3}")
    found = archive.replay_steps(game)
    assert found[archive.SNAPSHOT_EVERY * 3 + 5] == folded[archive.SNAPSHOT_EVERY * 3 + 5]


def test_the_replay_page_shows_a_step_made_from_a_kept_state(game: Game, ann: Any) -> None:
    client = Client()
    client.force_login(ann)
    url = reverse("replay", args=[game.pk])
    first = client.get(url, {"side": "all", "step": 100})
    again = client.get(url, {"side": "all", "step": 100})  # from the cache
    assert first.status_code == again.status_code == 200
    assert "Step 100 of" in first.content.decode()
    # The two answers differ only by their CSRF tokens (masked anew each time).
    assert _without_tokens(first.content) == _without_tokens(again.content)


def _without_tokens(page: bytes) -> str:
    return re.sub(r"\b[A-Za-z0-9]{64}\b", "", page.decode())
