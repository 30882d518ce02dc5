"""Two moves for the same turn at the same moment: exactly one is made."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from games import services
from games.models import Game, GameEvent

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_two_simultaneous_moves_for_one_turn_produce_exactly_one(
    postgres: None, ann: Any, bob: Any, table: Any
) -> None:
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    mover = [ann, bob][game.engine_state().turn]
    seq = game.seq
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def move(action: str) -> None:
        try:
            barrier.wait()
            services.play(game_id=game.pk, user=mover, action=action, expected_seq=seq)
            outcomes.append("moved")
        except services.StaleMove:
            outcomes.append("stale")
        except services.ServiceError as error:
            outcomes.append(f"refused: {error.message}")
        finally:
            connection.close()

    threads = [threading.Thread(target=move, args=(a,)) for a in ("draw:stock", "draw:discard")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["moved", "stale"]
    game.refresh_from_db()
    assert GameEvent.objects.filter(game=game).count() == game.seq
    drew = GameEvent.objects.filter(game=game, seq__gt=seq, kind="drew")
    assert drew.count() == 1
    assert Game.objects.get(pk=game.pk).engine_state().phase == "discard"
