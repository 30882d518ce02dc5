"""The hard bot's review of a person's decisions (games/engine/bots/review.py,
docs/bots.md#the-review-of-a-finished-game): blunders are flagged with a large cost,
the bot's own choice costs nothing, a verdict is the same for the same seed, forced
moves and a bot's moves for a person are not judged, and each verdict sits on the
replay step of its move."""

from __future__ import annotations

import random

import pytest

from games.engine import CARDS, Rules, parse_cards
from games.engine.actions import Discard, Draw, Knock
from games.engine.bots import HardBot, make_bot
from games.engine.bots.review import (
    AGREE,
    BIG,
    MIN_WORLDS,
    Verdict,
    decision_seed,
    judge,
    review_game,
    reviewable,
)
from games.engine.events import Event
from games.engine.game import apply_action, new_game
from games.engine.observation import Observation, observation
from games.engine.randomness import SeededDeckSource
from games.engine.replay import action_of, steps
from games.engine.state import DISCARD, DRAW, GameState, PlayerState

BUDGET = 1200


def position(
    hands: list[str],
    *,
    top: str = "2C",
    turns_taken: int = 4,
    phase: str = DRAW,
    lives: int = 3,
    knocker: int | None = None,
) -> GameState:
    """A hand-made Scat position: seat 0 to move, the rest of the deck in the stock."""
    rules = Rules.preset("scat")
    held = [parse_cards(h) for h in hands]
    up = parse_cards(top)
    used = {c for h in held for c in h} | set(up)
    stock = tuple(CARDS[c] for c in random.Random(1).sample(range(52), 52) if CARDS[c] not in used)
    players = (PlayerState(lives=lives, points=0, chips=rules.chips),) * len(hands)
    drawn = held[0][-1] if phase == DISCARD else None
    return GameState(
        rules=rules,
        names=tuple(f"P{i}" for i in range(len(hands))),
        players=players,
        hands=tuple(held),
        round_no=1,
        dealer=len(hands) - 1,
        phase=phase,
        turn=0,
        stock=stock,
        discard=up,
        discard_owner=None,
        widow=(),
        widow_open=False,
        knocker=knocker,
        turns_taken=turns_taken,
        drawn=drawn,
        taken=None,
        kitty=0,
        pot=0,
        last_round=None,
        outcome=None,
        deck_source=SeededDeckSource(0),
    )


def judged(obs: Observation, taken, seed: int = 7, budget: int = BUDGET) -> Verdict | None:
    """`judge` as the review makes it: a new hard bot whose memory has seen `obs`."""
    bot = HardBot(3, max_seconds=None)
    bot.memory.update(obs)
    return judge(obs, taken, bot, seed, budget)


OTHERS = ["2H 5D 7C", "3H 6D 8C", "4H 8D 2D"]


def test_knocking_with_a_hopeless_hand_is_a_big_mistake():
    obs = observation(position(["2S 7H 9D", *OTHERS]), 0)  # 9 points
    verdict = judged(obs, Knock(0))
    assert verdict is not None
    assert verdict.kind == BIG
    assert verdict.cost >= 0.3  # lives: a knock caught lowest pays
    assert verdict.unit == "life"
    assert type(verdict.preferred) is not Knock
    assert verdict.worlds > 0


def test_discarding_the_card_that_made_31_is_a_big_mistake():
    # Heads-up, the last turn after the other's knock: drawn the queen of spades to A-K
    # of spades, keeping it is a blitz (31: the round won); throwing it away shows a 21
    # against the knocker's hand. (With more players a 21 is seldom the lowest hand,
    # and the review counts the person's own lives: docs/bots.md.)
    hands = ["AS KS 4C QS", "JH QH KH"]
    obs = observation(position(hands, phase=DISCARD, top="9C", turns_taken=4, knocker=1), 0)
    queen, four = parse_cards("QS 4C")
    verdict = judged(obs, Discard(0, (queen,)))
    assert verdict is not None
    assert verdict.kind == BIG
    assert verdict.cost >= 0.3
    assert verdict.preferred == Discard(0, (four,))


@pytest.mark.parametrize(
    ("hands", "top", "phase"),
    [
        (["AS KS 4C", *OTHERS], "QS", DRAW),  # the top discard completes the suit
        (["AS KS 4C QS", *OTHERS], "9C", DISCARD),
        (["2S 7H 9D", *OTHERS], "2C", DRAW),
    ],
)
def test_the_bots_own_choice_costs_nothing(hands, top, phase):
    obs = observation(position(hands, top=top, phase=phase), 0)
    bot = make_bot("hard", 3, max_seconds=None)
    choice = bot.choose(obs)
    verdict = judged(obs, choice)
    assert verdict is not None
    assert verdict.cost < 0.05
    assert verdict.kind == AGREE
    assert verdict.preferred == choice


def test_a_verdict_is_the_same_for_the_same_seed():
    obs = observation(position(["2S 7H 9D", *OTHERS], turns_taken=6), 0)
    first = judged(obs, Draw(0, "stock"), seed=11)
    again = judged(obs, Draw(0, "stock"), seed=11)
    assert first == again
    assert first is not None and first.worlds > 0


def test_the_budget_bounds_the_work():
    obs = observation(position(["2S 7H 9D", *OTHERS], turns_taken=6), 0)
    small = judged(obs, Draw(0, "discard"), budget=300)
    large = judged(obs, Draw(0, "discard"), budget=3000)
    assert small is not None and large is not None
    # Stopped at the budget (a world's moves past it at most) or earlier, once clear;
    # but each step of a decision plays its first MIN_WORLDS worlds whatever they cost.
    assert small.spent <= 300 + 100 or small.worlds <= 2 * MIN_WORLDS
    assert large.spent <= 3000 + 100
    assert small.worlds <= large.worlds


def test_a_decision_with_one_legal_move_is_not_reviewed():
    obs = observation(position(["2S 7H 9D", *OTHERS]), 0)
    forced = obs._replace(legal=(Draw(0, "stock"),))
    assert not reviewable(forced, Draw(0, "stock"))
    assert judged(forced, Draw(0, "stock")) is None
    assert reviewable(obs, Draw(0, "stock"))


def played(seed: int, players: int = 3, lives: int = 1) -> list[Event]:
    """A short game of medium bots: its event log."""
    rules = Rules.preset("scat", lives=lives)
    bots = [make_bot("medium", seed=seed * 10 + s) for s in range(players)]
    state, events = new_game(rules, players, SeededDeckSource(seed))
    log = list(events)
    while state.turn is not None:
        state, made = apply_action(state, bots[state.turn].choose(observation(state, state.turn)))
        log.extend(made)
    return log


@pytest.fixture(scope="module")
def game_log() -> list[Event]:
    return played(5)


@pytest.fixture(scope="module")
def reviewed(game_log):
    return review_game(game_log, [0, 2], 42, budget=400)


def test_a_game_is_reviewed_step_by_step(game_log, reviewed):
    assert reviewed
    assert {r.seat for r in reviewed} == {0, 2}
    found = steps(game_log)
    for r in reviewed:
        move = found[r.step].events[0]
        assert move.seat == r.seat
        assert action_of(move) == r.verdict.taken
    # Every move of those seats with a choice is there, and none without one.
    states = [found[i - 1].state for i in range(1, len(found))]
    chosen = {
        i
        for i, state in enumerate(states, start=1)
        if state.turn in (0, 2)
        and not state.players[state.turn].out
        and len(observation(state, state.turn).legal) > 1
    }
    assert {r.step for r in reviewed} == chosen


def test_a_games_review_is_the_same_twice(game_log, reviewed):
    assert review_game(game_log, [0, 2], 42, budget=400) == reviewed
    assert decision_seed(42, 3) != decision_seed(42, 4) != decision_seed(43, 3)


def test_moves_a_bot_made_for_a_person_are_not_reviewed(game_log, reviewed):
    by_bot = [event.seat == 0 for event in game_log]
    found = review_game(game_log, [0, 2], 42, by_bot=by_bot, budget=400)
    assert found
    assert all(r.seat == 2 for r in found)
    assert found == [r for r in reviewed if r.seat == 2]


def test_only_the_rounds_asked_for_are_reviewed(game_log, reviewed):
    found = review_game(game_log, [0, 2], 42, rounds={1}, budget=400)
    # A decision's round is the state's it was made in: the step before its own.
    rounds = {r.step: steps(game_log)[r.step - 1].state.round_no for r in reviewed}
    assert found == [r for r in reviewed if rounds[r.step] == 1]
    assert len(found) < len(reviewed)
