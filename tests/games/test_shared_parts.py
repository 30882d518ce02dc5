"""What a push renders once for every viewer (games.rendering._shared_parts: each seat's
place at the table and the fairness panel) is built from the spectators' observation and
holds no card that any seat holds privately (docs/security.md#one-projection,
docs/realtime.md#the-shared-parts)."""

from __future__ import annotations

from typing import Any

import pytest

from games import engine, rendering, services
from games.engine import SeededDeckSource
from games.engine.bots import BaselineBot
from games.models import Game, RuleSet
from games.services import sources
from tests.games.test_privacy import _leaks

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("preset", ["scat", "banking", "en_og_tredive"])
def test_the_shared_parts_come_from_the_spectators_observation_and_hold_no_private_card(
    preset: str,
    ann: Any,
    bob: Any,
    presets: None,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game of people and a bot, move by move: the area of a seat is rendered first
    (were the shared parts made from the observation of whoever asks first, that seat's
    hand could get in), the shared parts are the same strings in every viewer's area,
    were made from the observation of no seat, and name no card of any hand or of the
    stock that a spectator may not know."""
    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(11))
    seen: list[int | None] = []
    seat_views = rendering._seat_views

    def recorded(obs: engine.Observation, *args: Any) -> list[rendering.SeatView]:
        seen.append(obs.viewer)
        return seat_views(obs, *args)

    monkeypatch.setattr(rendering, "_seat_views", recorded)
    rule_set = RuleSet.objects.get(preset=preset, is_preset=True)
    table = services.create_table(
        owner=ann, name="Shared", rule_set=rule_set, seat_count=3, changes={}, turn_timer=0
    )
    services.join_table(table=table, user=bob)
    services.add_bot(table=table, by=ann, level="easy")
    game = services.start_game(table=table, by=ann)
    chooser = BaselineBot()
    checked = 0
    for move in range(120):
        game = Game.objects.select_related("table").get(pk=game.pk)
        state = game.engine_state()
        first = move % 3  # the seat whose area is asked for first
        seen.clear()
        contexts = [rendering.game_context(game, state, s) for s in (first, None)]
        assert seen == [first, None, None], "the shared parts: from the spectators' observation"
        shared = [*contexts[1]["others_html"], contexts[1]["fairness_html"]]
        for context in contexts:
            for html in [*context["others_html"], context["fairness_html"]]:
                assert any(html is part for part in shared), "one string for every viewer"
        assert _leaks("".join(shared), game, None) == []
        for seat in range(3):
            hand = state.hands[seat]
            if hand and not state.players[seat].out:
                codes = [f'data-card="{card.code}"' for card in hand]
                assert not any(code in "".join(shared) for code in codes)
        checked += 1
        if not game.in_play:
            break
        player = game.players.get(position=state.turn)
        if player.is_bot:
            services.play_for_bot(game_id=game.pk, expected_seq=game.seq)
        else:
            action = chooser.choose(engine.observation(state, state.turn))
            services.play(
                game_id=game.pk, user=player.user, action=action.code, expected_seq=game.seq
            )
    assert checked > 30
