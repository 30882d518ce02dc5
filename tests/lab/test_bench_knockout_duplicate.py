"""Issue 24's figures (lab.bench.knockout, lab.bench.duplicate) on small fields."""

from __future__ import annotations

import statistics

from lab.bench import duplicate, knockout
from lab.bench_tournament import main


def test_a_knockout_plays_to_one_winner_with_every_check_held():
    for balancer in knockout.BALANCERS.values():
        run = knockout.knockout(seed=1, balancer=balancer, players=14, seats=6)
        assert sorted(run.places.values())[0] == 1
        assert len(run.places) == 14
        assert run.checks == run.deals > 0
        assert sum(run.moves.values()) == run.balancing_moves + run.break_moves
        assert run.breaks == 2  # three tables down to the final one


def test_the_naive_balancer_keeps_sizes_within_one():
    tables = knockout.first_tables(list(range(20)), 6, seed=3)
    tables = knockout.remove_players(tables, [t.players[0] for t in tables] + [1, 2, 3])
    result = knockout.naive_balance(tables, {}, "x")
    assert knockout.is_balanced(result.tables)


def test_deterministic_play_on_duplicated_boards_ties_everyone(monkeypatch):
    monkeypatch.setattr(duplicate, "ROUNDS", 1)
    monkeypatch.setattr(duplicate, "BOARDS_PER_ROUND", 2)
    results = duplicate.event(seed=2, duplicate=True, field="medium")
    assert len(results) == 2 * duplicate.TABLES * duplicate.SEATS
    # The medium bot draws no random numbers: every table plays a board the same way.
    scores = [s.percentage for s in duplicate.percentages(results)]
    assert scores == [50.0] * 16
    assert set(duplicate.against_the_field(results).values()) == {0.0}
    spread = duplicate.percentages(duplicate.event(seed=2, duplicate=False, field="medium"))
    assert statistics.pstdev(s.percentage for s in spread) > 0


def test_the_command_prints_both_figures(monkeypatch, capsys):
    monkeypatch.setattr(duplicate, "ROUNDS", 1)
    monkeypatch.setattr(duplicate, "FIELDS", {"medium": duplicate.FIELDS["medium"]})
    monkeypatch.setattr(knockout, "PLAYERS", 13)
    assert main(["--no-swiss", "--knockout", "1", "--duplicate", "1"]) == 0
    out = capsys.readouterr().out
    assert "Knockout: 13 players" in out and "all held" in out
    assert "Duplicate:" in out and "duplicate boards, matchpoint %" in out
    assert "Swiss" not in out and "repeat pairs" not in out
