"""The full-event benchmark's figures (lab.bench.event), without servers."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from lab.bench.event import gap_summary, machine, seating_problems, transitions
from lab.bench_tournament import main

T0 = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_a_gap_runs_from_the_last_game_of_the_round_before_to_the_start():
    started = {1: at(0), 2: at(61.5), 3: at(130.25)}
    last_finished = {1: at(60), 2: at(129), 3: at(200)}
    recorded = {1: at(60.25), 2: at(129.5)}
    seated = {1: at(0), 2: at(60.5), 3: at(129.75)}
    found = transitions(started, last_finished, recorded, seated)
    assert [(t.number, t.gap) for t in found] == [(2, 1.5), (3, 1.25)]
    assert found[0].parts() == "task + record 0.250, seat 0.250, tables + deal 1.000"


def test_a_round_not_started_yet_has_no_gap():
    assert transitions({1: at(0)}, {1: at(50)}) == []
    assert transitions({1: at(0), 2: at(52)}, {1: at(50)})[0].parts() == ""


def test_the_summary_says_p95_of_a_few_gaps_is_the_max_and_judges_it():
    lines = gap_summary([0.2, 0.3, 2.5, 0.25])
    assert "median 0.275 s" in lines[0] and "p95 2.500 s" in lines[0]
    assert "it is the largest" in lines[1]
    assert lines[-1].startswith("  p95 <= 2 s: FAIL")
    assert gap_summary([0.2, 0.3])[-1].startswith("  p95 <= 2 s: PASS")
    assert "no gaps" in gap_summary([])[0]


def test_the_seating_check_finds_players_seated_twice_or_not_at_all():
    assert seating_problems([1, 2, 3], {1: [1, 2, 3], 2: [3, 1], 3: [2, 1, 3]}, {2: [2]}) == []
    problems = seating_problems([1, 2, 3], {1: [1, 1, 3], 2: [1, 2, 3, 4]}, {})
    assert problems == [
        "round 1: seated more than once: [1]",
        "round 1: not seated: [2]",
        "round 2: seated but not entered: [4]",
    ]


def test_the_machine_line_names_the_cores():
    assert " cores, " in machine()


def test_without_postgresql_the_event_is_skipped_and_says_why(capsys):
    # --knockout 0 --duplicate 0: only the Swiss event part, which is what is skipped.
    code = main(
        [
            "--knockout",
            "0",
            "--duplicate",
            "0",
            "--skip-seating",
            "--postgres-url",
            "postgres://postgres@127.0.0.1:1/postgres",
        ]
    )
    assert code == 0
    assert "The event part was skipped: PostgreSQL at" in capsys.readouterr().out
