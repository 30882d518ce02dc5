"""Games of a fixed number of deals from given lives (issue 24): a knockout's deal and a
duplicate board are such games, started by a tournament."""

from __future__ import annotations

import random

import pytest

from games.engine import (
    EngineError,
    Rules,
    SeededDeckSource,
    apply_action,
    legal_actions,
    new_game,
)
from games.engine.replay import replay
from games.wording import describe

SCAT = Rules.preset("scat")


def play_randomly(state, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    log = []
    while not state.is_over:
        state, events = apply_action(state, rng.choice(legal_actions(state, state.turn)))
        log += events
    return state, log


@pytest.mark.parametrize("seed", range(30))
def test_a_one_deal_game_ends_after_its_deal_and_replays(seed: int) -> None:
    lives = [3, 1, 0, 2]
    state, start = new_game(
        SCAT, ["A", "B", "C", "D"], SeededDeckSource(seed), dealer=2, lives=lives, deals=1
    )
    assert [p.lives for p in state.players] == lives
    assert state.dealer == 2
    state, log = play_randomly(state, seed)
    assert state.round_no == 1
    assert state.outcome is not None
    lost = state.last_round.lives_lost
    if state.outcome.reason == "deals_played":
        # Those still in with the most lives lead; nobody is paid out.
        still_in = [s for s, p in enumerate(state.players) if not p.out]
        best = max(state.players[s].lives for s in still_in)
        assert state.outcome.winners == tuple(s for s in still_in if state.players[s].lives == best)
        assert state.outcome.shares == (0.0,) * 4
    assert [lives[s] - min(lost[s], lives[s]) for s in range(4)] == [p.lives for p in state.players]
    events = start + log
    assert events[0].data["lives"] == tuple(lives) and events[0].data["deals"] == 1
    assert replay(events) == state


def test_two_deals_are_played_then_the_game_ends() -> None:
    state, _ = new_game(SCAT, 3, SeededDeckSource(4), dealer=0, deals=2)
    state, _ = play_randomly(state, 4)
    assert state.round_no == 2 or len(state.active_seats()) == 1


@pytest.mark.parametrize(
    ("deals", "said"),
    [
        (1, "A deal of 31 for Ann and Bob."),
        (2, "A game of 2 deals of 31 for Ann and Bob."),
        (None, "A new game of 31 for Ann and Bob."),
    ],
)
def test_the_first_line_says_how_many_deals_the_game_has(deals: int | None, said: str) -> None:
    _, start = new_game(SCAT, ["Ann", "Bob"], SeededDeckSource(3), dealer=0, deals=deals)
    assert describe(start[0], ("Ann", "Bob"), None) == said


def test_without_deals_the_game_goes_on_to_the_last_player() -> None:
    state, start = new_game(SCAT, 3, SeededDeckSource(5))
    assert "deals" not in start[0].data and "lives" not in start[0].data
    state, _ = play_randomly(state, 5)
    assert state.outcome.reason != "deals_played"
    assert len(state.active_seats()) == 1


@pytest.mark.parametrize(
    ("rules", "lives", "deals", "message"),
    [
        (SCAT, [3, 3], 1, "Give each of the 3 players"),
        (SCAT, [3, 4, 3], 1, "0 to 3 lives"),
        (SCAT.replace(county=False), [3, 0, 1], 1, "Without a county"),
        (Rules.preset("french_canadian"), [3, 3, 3], 1, "only for games scored in lives"),
        (SCAT, None, 0, "at least one deal"),
    ],
)
def test_bad_lives_or_deals_are_refused(rules: Rules, lives, deals, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(EngineError, match=message):
        new_game(rules, 3, SeededDeckSource(1), dealer=0, lives=lives, deals=deals)
