"""The bot research of lab/bots: the calibration of the sampled worlds, and the check
of the hard bot's knock risk against how often knocks are caught."""

from __future__ import annotations

from games.engine.rules import Rules
from lab.bots.calibration import score_games
from lab.bots.knock_check import knocks_in_rounds, report


def test_calibration_scores_the_sampled_worlds_against_the_true_hands() -> None:
    score = score_games((Rules.preset("scat"), 4, 20, 7, False))
    assert score.hands > 30
    brier = score.brier / score.hands
    # Guessing 50% for every hand would score 0.25; the worlds know much better.
    assert 0.0 < brier < 0.22
    assert abs(score.bias / score.hands) < 2.0


def test_knock_check_pairs_each_knock_with_its_read_risk_and_outcome() -> None:
    knocks = knocks_in_rounds((Rules.preset("scat"), 3, 8, 3))
    assert knocks  # the hard bot knocks in some of eight rounds of three
    assert all(0.0 <= risk <= 1.0 and type(caught) is bool for risk, caught in knocks)
    lines = report([(0.01, False), (0.02, False), (0.2, True), (0.22, False)])
    assert lines[1].split()[:4] == ["0.00-0.03", "2", "0.015", "0.000"]
    assert lines[2].split()[:4] == ["0.15-0.25", "2", "0.210", "0.500"]
    assert lines[-1].split()[:4] == ["all", "4", "0.113", "0.250"]
