"""The hard bot's rollouts: the plain rounds' short way (`rollout._PlainRound`) plays
exactly the moves, and reaches exactly the end, that one `policy_action` and one
`apply_legal` at a time reach (`play_out_by_steps`), under any rules."""

from __future__ import annotations

import random

import pytest
from hypothesis import given

from games.engine.bots.knocking import KnockParams
from games.engine.bots.rollout import Rollouts, play_out, play_out_after, play_out_by_steps
from games.engine.bots.worlds import ImaginedDeck
from games.engine.game import apply_legal, legal_actions
from games.engine.rules import Rules
from games.engine.state import GameState
from tests.engine.strategies import GameSpec, game_settings, game_specs, play

# How far each rollout may go: cut short (judged as it stands), or to the round's end.
LIMITS = (3, 12, 500)


def rollouts_agree(state: GameState, seed: int) -> bool:
    """Both ways from `state` in an imagined world (the same later shuffles), every seat
    still in as the searching one and every limit: the same equity after the same moves;
    and so after each legal move of the seat on turn (the hard bot's candidates)."""
    params = KnockParams()
    round_no = state.round_no

    def world() -> GameState:
        return state.with_deck_source(ImaginedDeck(seed))

    for me in state.active_seats():
        for limit in LIMITS:
            short = play_out(world(), me, params, limit, round_no)
            steps = play_out_by_steps(world(), me, params, limit, round_no)
            assert short == steps, (me, limit)
    me = state.seat_on_turn
    legal = legal_actions(state, me)
    for limit in LIMITS:
        # The hard bot's search: every candidate on one mutable world, undone between.
        rollouts = Rollouts(world(), me, params, limit, round_no, lambda: ImaginedDeck(seed))
        for action in legal + legal[:1]:  # the first again, after the others
            short = play_out_after(world(), action, me, params, limit, round_no)
            after = apply_legal(world(), action)
            assert short == play_out_by_steps(after, me, params, limit, round_no), (action, limit)
            assert rollouts.after(action) == short, (action, limit)
    return True


def check_game(spec: GameSpec, every: int) -> int:
    """The rollouts from every `every`-th state of a random game of `spec`."""
    checked = 0
    for step in play(spec, 400, partial=True):
        if step.index % every == 0 and step.before.turn is not None:
            checked += rollouts_agree(step.before, spec.seed + step.index)
    return checked


@given(spec=game_specs())
@game_settings(max_examples=20)
def test_the_short_way_plays_the_same_rollouts_under_any_rules(spec: GameSpec) -> None:
    check_game(spec, every=7)


@pytest.mark.parametrize("preset", ["scat", "thirty_one", "dollar_bill", "card_game_101"])
def test_the_short_way_plays_the_same_rollouts_in_plain_games(preset: str) -> None:
    """Plain rules from every turn of a few games: blitzes, knocks, reshuffles, empty
    stocks that draw the round, and rounds cut short all come up."""
    checked = 0
    for seed in range(3):
        spec = GameSpec(preset, {}, 2 + seed, seed)
        checked += check_game(spec, every=2)
    assert checked > 50


def test_the_short_way_takes_over_a_round_the_engine_left_going() -> None:
    """With `max_turns` low and the stock running out into a drawn round, the engine
    makes the turn's end and the short way goes on or stops as the steps do."""
    rules = Rules.preset("thirty_one", max_turns=10)
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        spec = GameSpec("thirty_one", {"max_turns": 10}, 2 + seed % 3, rng.randrange(2**32))
        assert spec.rules == rules
        checked += check_game(spec, every=2)
    assert checked > 20
