"""The engine's yardsticks in lab/: the minimal engine, the interleaved benchmark, the
bots of a git revision and the paired games against them."""

from __future__ import annotations

import subprocess

import pytest

from games.engine.bots import make_bot
from games.engine.rules import Rules
from lab import minimal_engine, mutable_games
from lab.bench_engine import bench
from lab.bots.frozen import REPOSITORY, bots_at
from lab.bots.versus import REVISION, play_pair, summary
from lab.simulate import simulate


def test_the_minimal_engine_plays_whole_games_of_greedy_players():
    rng = minimal_engine.random.Random(3)
    rounds, turns = minimal_engine.play_game(4, rng)
    # Three lives each: three of the four players lose all nine of theirs, one or more
    # (the tied lowest) a round.
    assert rounds >= 3 and turns > rounds
    assert minimal_engine.simulate(4, 20, 1) == minimal_engine.simulate(4, 20, 1)


def test_the_minimal_engine_values_the_best_suit():
    ace_king_six_of_spades = (12, 11, 4)
    assert minimal_engine.value(*ace_king_six_of_spades) == 27
    assert minimal_engine.value(0, 13, 26) == 2  # three twos of different suits
    assert minimal_engine.value(12, 25, 24) == 21  # A♠, A♥ K♥: the hearts


def test_a_greedy_player_takes_the_discard_that_helps_and_keeps_its_best_suit():
    game = minimal_engine.Round([0, 1], minimal_engine.random.Random(1))
    game.hands[0] = [12, 11, 13]  # A♠ K♠ 2♥
    game.discard = [10]  # Q♠
    minimal_engine.greedy_turn(game)
    assert sorted(game.hands[0]) == [10, 11, 12] and game.discard[-1] == 13


def test_the_benchmark_prints_both_engines_their_ratio_the_medians_and_the_load():
    lines: list[str] = []
    runs = bench(runs=2, games=2, slices=2, seed=1, echo=lines.append)
    assert len(runs) == 2
    assert all(r.ours.rounds and r.minimal.rounds and r.mutable.rounds for r in runs)
    # The mutable state plays the very games of `lab simulate`.
    assert all(r.mutable.rounds == r.ours.rounds for r in runs)
    assert all(r.mutable.turns == r.ours.turns for r in runs)
    assert lines[1].startswith("load average before")
    assert "ours/minimal" in lines[2] and "mutable/minimal" in lines[2]
    assert lines[4].startswith("median of 2 runs") and "mutable/minimal" in lines[4]
    assert lines[-1].startswith("load average after")


@pytest.mark.parametrize("preset", ["scat", "thirty_one", "banking", "en_og_tredive"])
def test_the_mutable_state_plays_the_games_of_lab_simulate(preset):
    """Baseline bots on the mutable state and through observations: the same games."""
    rules = Rules.preset(preset)
    tally = simulate(rules, [make_bot("baseline") for _ in range(3)], 4, 11)
    assert mutable_games.simulate(rules, 3, 4, 11) == (tally.rounds, tally.turns)


def _has_revision() -> bool:
    found = subprocess.run(
        ["git", "-C", str(REPOSITORY), "cat-file", "-e", f"{REVISION}^{{commit}}"],
        capture_output=True,
    )
    return found.returncode == 0


needs_revision = pytest.mark.skipif(
    not _has_revision(), reason=f"the repository's history does not hold {REVISION}"
)


@needs_revision
def test_the_bots_of_a_revision_are_imported_beside_todays_on_todays_engine():
    old = bots_at(REVISION)
    from games.engine import bots, game

    assert old.HardBot is not bots.HardBot
    assert old.rollout.apply_legal is game.apply_legal  # the engine is today's
    assert bots_at(REVISION) is old


@needs_revision
def test_a_deal_is_played_from_both_seats_and_summed_up():
    # A tiny budget and one life keep the two games quick; the pairing is what counts.
    rules = Rules.preset("scat", lives=1, county=False)
    seed, first, second = play_pair((rules, 7, REVISION, False, 50, 40))
    assert seed == 7 and {first, second} <= {0.0, 0.5, 1.0}
    text = summary([(7, first, second), (8, 1.0, 0.0)])
    assert text.startswith("4 games (2 deals") and "95% CI" in text
