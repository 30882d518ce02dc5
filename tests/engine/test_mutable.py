"""The mutable state (`games.engine.mutable`) against the immutable engine: random games
of every preset (and random house rules) played both ways, step by step, give the same
legal moves for every seat, the same events and the same states; every move tried
(legal or not, by any seat) gives the same state and events or the same refusal; and
undo puts back exactly the state before, after one move or after many."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import PRESETS, IllegalAction, SeededDeckSource, apply_action, legal_actions
from games.engine.actions import DISCARD_PILE, STOCK, Action, Discard, Draw, Knock, Stand
from games.engine.events import Event
from games.engine.game import apply_legal
from games.engine.mutable import MutableState
from games.engine.state import GameState
from tests.engine.strategies import GameSpec, game_settings, game_specs, play, start

# Moves per game: enough for several rounds (reshuffles, knocks, blitzes, the county),
# bounded so the whole file stays within seconds.
MOVES = 500


def tried_moves(state: GameState) -> list[Action]:
    """Every legal move of every seat, and the usual wrong ones: a draw from either
    pile, a knock and a stand by every seat, and each card of a hand discarded alone
    (with and without a knock)."""
    moves: list[Action] = []
    for seat in range(len(state.names)):
        moves += legal_actions(state, seat)
        moves += [Draw(seat, STOCK), Draw(seat, DISCARD_PILE), Knock(seat), Stand(seat)]
        for card in state.hands[seat]:
            moves += [Discard(seat, (card,)), Discard(seat, (card,), knock=True)]
    return moves


def outcome(state: GameState, action: Action, seed: int) -> tuple[object, ...]:
    """What the engine makes of `action` from `state` (with a fresh deck source)."""
    try:
        after, events = apply_action(state.with_deck_source(SeededDeckSource(seed)), action)
    except IllegalAction as error:
        return ("refused", error.message, error.values)
    return (after, events)


def mutable_outcome(state: GameState, action: Action, seed: int) -> tuple[object, ...]:
    """The same by the mutable state; a refusal must leave it unchanged, and undo must
    put back `state`."""
    mutable = MutableState.of(state.with_deck_source(SeededDeckSource(seed)))
    events: list[Event] = []
    try:
        record = mutable.apply(action, events)
    except IllegalAction as error:
        assert mutable.frozen() == state and not events
        return ("refused", error.message, error.values)
    after = mutable.frozen()
    mutable.undo(record)
    assert mutable.frozen() == state, action
    return (after, events)


def unchecked_agrees(state: GameState, action: Action, seed: int) -> bool:
    """A legal move made unchecked (`checked=False`, a bot's imagined play): the state
    `game.apply_legal` makes, and undone, `state` again."""
    mutable = MutableState.of(state.with_deck_source(SeededDeckSource(seed)))
    record = mutable.apply(action, checked=False)
    expected = apply_legal(state.with_deck_source(SeededDeckSource(seed)), action)
    assert mutable.frozen() == expected
    mutable.undo(record)
    return mutable.frozen() == state


def check_game(spec: GameSpec, try_every: int) -> int:
    """Play `spec` in lockstep: the engine (`play`) and a mutable state of its own game
    (the same seed, so the same shuffles). Returns the moves checked."""
    mutable = MutableState.of(start(spec)[0])
    checked = 0
    for step in play(spec, MOVES, partial=True):
        before = step.before
        assert mutable.frozen() == before, (spec, step.index)
        for seat in range(len(before.names)):
            assert mutable.legal_actions(seat) == legal_actions(before, seat), (spec, seat)
        if step.index % try_every == 0:
            seed = spec.seed + step.index
            for action in tried_moves(before):
                expected = outcome(before, action, seed)
                assert mutable_outcome(before, action, seed) == expected, (spec, action)
            if before.turn is not None:
                for action in legal_actions(before, before.turn):
                    assert unchecked_agrees(before, action, seed), (spec, action)
        events: list[Event] = []
        mutable.apply(step.action, events)
        assert events == step.events, (spec, step.index, step.action)
        assert mutable.frozen() == step.after, (spec, step.index, step.action)
        checked += 1
    return checked


@pytest.mark.parametrize("preset", list(PRESETS))
@given(data=st.data())
@game_settings(max_examples=3)
def test_the_mutable_state_plays_every_preset_as_the_engine(
    preset: str, data: st.DataObject
) -> None:
    spec = data.draw(game_specs(presets=(preset,)), label="spec")
    check_game(spec, try_every=9)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_mutable_state_plays_each_preset_as_it_comes(preset: str) -> None:
    """The preset's own rules, no changes: every move of a game tried both ways."""
    assert check_game(GameSpec(preset, {}, 3, 7), try_every=1) > 20


@given(spec=game_specs(), seed=st.integers(0, 2**32 - 1), moves=st.integers(1, 40))
@game_settings(max_examples=25)
def test_undoing_many_moves_in_turn_gives_back_the_state(
    spec: GameSpec, seed: int, moves: int
) -> None:
    """From a state of a random game, random legal moves (rounds ending and dealt on
    among them), then every one undone, last first: the state before, exactly."""
    steps = [step.before for step in play(spec, 200, partial=True)]
    rng = random.Random(seed)
    state = rng.choice(steps)
    mutable = MutableState.of(state)
    records = []
    seen = [state]
    for _ in range(moves):
        if mutable.turn is None:
            break
        legal = mutable.legal_actions(mutable.turn)
        if not legal:
            break
        records.append(mutable.apply(rng.choice(legal)))
        seen.append(mutable.frozen())
    for record in reversed(records):
        seen.pop()
        mutable.undo(record)
        assert mutable.frozen() == seen[-1]
    assert mutable.frozen() == state
