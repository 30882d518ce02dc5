"""The Swiss seating benchmark (python -m lab.bench_tournament) on a small field."""

from __future__ import annotations

from lab.bench_tournament import ROUNDS, SEATERS, main, play


def test_the_methods_play_the_same_results_and_the_optimiser_repeats_least():
    events = {method: play(30, seed=3, seater=seater) for method, seater in SEATERS.items()}
    assert all(len(event.seconds) == ROUNDS for event in events.values())
    assert events["optimiser"].repeats < min(events["random"].repeats, events["greedy"].repeats)
    # Greedy keeps score groups tightest: that is what it gives up repeats for.
    mean = {m: sum(e.ranges) / len(e.ranges) for m, e in events.items()}
    assert mean["greedy"] < mean["random"]


def test_the_command_prints_a_summary(monkeypatch, capsys):
    monkeypatch.setattr("lab.bench_tournament.FIELDS", (16, 30, 200))
    monkeypatch.setattr("lab.bench_tournament.ROUNDS", 2)
    assert main(["--seeds", "1", "--knockout", "0", "--duplicate", "0", "--skip-event"]) == 0
    out = capsys.readouterr().out
    assert "1/1 seeds" in out
    assert "Summary" in out and "seating 200 players" in out
