"""The one write path: tables, seats, games and moves (games.services)."""

from __future__ import annotations

from typing import Any

import pytest

from games import engine, services
from games.engine.bots import BaselineBot
from games.engine.replay import replay
from games.models import Deal, Game, GameEvent
from games.shuffles import deck_commitment


def _events(game: Game) -> list[engine.Event]:
    return [e.to_engine() for e in GameEvent.objects.filter(game=game).order_by("seq")]


def test_a_new_table_seats_its_owner_first(table: Any, ann: Any) -> None:
    assert [(s.position, s.user) for s in table.seats.all()] == [(0, ann)]


def test_it_rejects_a_house_rule_the_engine_rejects(ann: Any, scat: Any) -> None:
    with pytest.raises(services.ServiceError) as caught:
        services.create_table(owner=ann, name="x", rule_set=scat, changes={"knock_min": 40})
    assert caught.value.field == "knock_min"
    assert "knock_min" in caught.value.message


def test_joining_a_full_table_is_refused(table: Any, bob: Any, django_user_model: Any) -> None:
    services.join_table(table=table, user=bob)
    services.add_bot(table=table, by=table.owner, level="easy")
    cy = django_user_model.objects.create_user("cy", password="x-cards-y")
    with pytest.raises(services.ServiceError, match="full"):
        services.join_table(table=table, user=cy)


def test_only_the_owner_starts_a_game(table: Any, bob: Any) -> None:
    services.join_table(table=table, user=bob)
    with pytest.raises(services.ServiceError, match="owner"):
        services.start_game(table=table, by=bob)


def test_a_bot_game_plays_to_a_winner_and_the_log_replays_to_the_snapshot(
    table: Any, django_capture_on_commit_callbacks: Any
) -> None:
    services.add_bot(table=table, by=table.owner, level="easy")
    services.add_bot(table=table, by=table.owner, level="medium")
    with django_capture_on_commit_callbacks(execute=True):
        game = services.start_game(table=table, by=table.owner)
    bot = BaselineBot()  # makes the owner's moves
    for _ in range(5000):
        game.refresh_from_db()
        if game.status == Game.FINISHED:
            break
        state = game.engine_state()
        assert state.turn == 0, "the bots move by themselves until it is the owner's turn"
        action = bot.choose(engine.observation(state, 0))
        with django_capture_on_commit_callbacks(execute=True):
            services.play(
                game_id=game.pk, user=table.owner, action=action.code, expected_seq=game.seq
            )
    assert game.status == Game.FINISHED
    assert replay(_events(game)) == game.engine_state()
    assert game.players.filter(won=True).count() == 1
    deals = list(Deal.objects.filter(game=game))
    assert deals and all(d.revealed for d in deals)
    for deal in deals:
        assert deck_commitment(deal.salt, deal.deck) == deal.commitment


def test_a_stale_or_repeated_move_changes_nothing(table: Any, bob: Any) -> None:
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    state = game.engine_state()
    player = [table.owner, bob][state.turn] if state.phase != "throw_down" else None
    seq = game.seq
    services.play(game_id=game.pk, user=player, action="draw:stock", expected_seq=seq)
    with pytest.raises(services.StaleMove):
        services.play(game_id=game.pk, user=player, action="draw:stock", expected_seq=seq)
    game.refresh_from_db()
    assert GameEvent.objects.filter(game=game).count() == game.seq


def test_a_move_out_of_turn_is_refused_with_a_reason(table: Any, bob: Any) -> None:
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=table.owner)
    waiting = [table.owner, bob][1 - game.engine_state().turn]
    with pytest.raises(services.ServiceError, match="turn"):
        services.play(game_id=game.pk, user=waiting, action="draw:stock", expected_seq=game.seq)
    assert Game.objects.get(pk=game.pk).seq == game.seq
