"""Duplicate scoring (tournaments.duplicate): the comparison key, matchpoints with
Neuberg's formula (hand-computed examples), percentages and the seat rotation. Pure
Python: no database."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.duplicate.matchpoints import (
    Result,
    matchpoints,
    neuberg,
    percentages,
    result_key,
    rotation,
    travellers,
)


def results(board: int, seat: int, rows: list[tuple[int, int, float]], player=None) -> list:
    """Results of one seat on one board: (table, lives lost, hand value) each."""
    return [
        Result(board, t, seat, f"{player or 'p'}{t}-{seat}", lost, value) for t, lost, value in rows
    ]


def by_table(scored) -> dict[int, float]:
    return {s.result.table: s.matchpoints for s in scored}


def test_fewer_lives_lost_first_then_the_higher_hand():
    assert result_key(0, 21) > result_key(1, 31)
    assert result_key(1, 25) > result_key(2, 30)  # a failed knock costs two
    assert result_key(0, 28) > result_key(0, 27.5)
    assert result_key(0, 28) == result_key(0, 28.0)


def test_neuberg_matches_the_ebu_examples():
    # Ten results where eleven were expected, in bridge units (2 a result beaten, top
    # 20): 19.9 for the sole top, then down by 2.2 to 0.1. Ours are halves of those.
    expected = [Fraction(199, 20) - Fraction(11, 10) * k for k in range(10)]
    assert [neuberg(9 - k, 10, 11) for k in range(10)] == expected
    assert float(neuberg(9, 10, 11)) * 2 == pytest.approx(19.9)
    assert float(neuberg(0, 10, 11)) * 2 == pytest.approx(0.1)
    # Eight results where sixteen were expected (top 30 in bridge units): the sole top
    # scores as if it were two results sharing the top, 29 of 30.
    assert neuberg(7, 8, 16) == Fraction(29, 2)
    # A full comparison is unchanged; a result alone is an average.
    assert neuberg(Fraction(3, 2), 4, 4) == Fraction(3, 2)
    assert neuberg(0, 1, 4) == Fraction(3, 2)
    with pytest.raises(ValueError):
        neuberg(1, 5, 4)


def test_matchpoints_one_for_each_result_beaten_half_for_each_tie():
    # Board 1, seat 0 at four tables: safe on 30, safe on 28 twice, lost a life on 20.
    scored = matchpoints(results(1, 0, [(1, 0, 28), (2, 0, 30), (3, 1, 20), (4, 0, 28)]))
    assert by_table(scored) == {1: 1.5, 2: 3.0, 3: 0.0, 4: 1.5}
    assert all(s.top == 3 and s.compared == 4 for s in scored)
    assert sum(s.matchpoints for s in scored) == 6  # n(n-1)/2


def test_a_board_played_fewer_times_is_scaled_by_neuberg():
    # Board 1 at four tables; board 2 only at three (table 4 did not play it).
    board1 = results(1, 0, [(1, 0, 28), (2, 0, 30), (3, 1, 20), (4, 0, 28)])
    board2 = results(2, 0, [(1, 0, 25), (2, 1, 22), (3, 2, 29)])
    scored = [s for s in matchpoints(board1 + board2) if s.result.board == 2]
    # Raw 2, 1, 0 among 3; expected 4: (2 + ½)·4/3 − ½ = 17/6, (1 + ½)·4/3 − ½ = 3/2,
    # (0 + ½)·4/3 − ½ = 1/6. They still average half the top (3/2).
    assert [s.raw for s in scored] == [2.0, 1.0, 0.0]
    assert by_table(scored) == pytest.approx({1: 17 / 6, 2: 3 / 2, 3: 1 / 6})
    assert sum(s.matchpoints for s in scored) / 3 == pytest.approx(1.5)
    assert all(s.top == 3 for s in scored)
    # The caller may say how many were expected (five tables in the event, say).
    alone = matchpoints(results(3, 0, [(1, 0, 20)]), expected=5)
    assert alone[0].matchpoints == 2.0 and alone[0].top == 4
    with pytest.raises(ValueError, match="more than"):
        matchpoints(board1, expected=3)


def test_percentages_over_boards_with_a_neuberg_board():
    # Ann plays seat 0 at table 1 on both boards above; her opponents in the comparisons
    # are other players, and a bot sits seat 0 at table 3.
    rows = [
        Result(1, 1, 0, "ann", 0, 28),
        Result(1, 2, 0, "bob", 0, 30),
        Result(1, 3, 0, None, 1, 20),
        Result(1, 4, 0, "cat", 0, 28),
        Result(2, 1, 0, "ann", 0, 25),
        Result(2, 2, 0, "bob", 1, 22),
        Result(2, 3, 0, None, 2, 29),
    ]
    standing = {s.player: s for s in percentages(rows)}
    assert set(standing) == {"ann", "bob", "cat"}  # the bot is not ranked
    # ann: 1.5 + 17/6 = 13/3 of 6; bob: 3 + 3/2 = 4.5 of 6; cat: 1.5 of 3.
    assert standing["ann"].matchpoints == pytest.approx(13 / 3)
    assert standing["ann"].percentage == pytest.approx(13 / 3 / 6 * 100)
    assert standing["bob"].percentage == pytest.approx(75.0)
    assert (standing["cat"].percentage, standing["cat"].boards) == (50.0, 1)
    assert [s.player for s in percentages(rows)] == ["bob", "ann", "cat"]


def test_one_table_only_is_fifty_percent():
    assert percentages([Result(1, 1, 0, "ann", 1, 10)])[0].percentage == 50.0


def test_travellers_list_each_comparison_best_first():
    rows = results(1, 0, [(1, 0, 28), (2, 0, 30), (3, 1, 20)]) + results(1, 1, [(1, 0, 5)])
    slips = travellers(matchpoints(rows))
    assert list(slips) == [(1, 0), (1, 1)]
    assert [s.result.table for s in slips[1, 0]] == [2, 1, 3]


def test_inconsistent_results_are_refused():
    with pytest.raises(ValueError, match="two results"):
        matchpoints(results(1, 0, [(1, 0, 28), (1, 1, 20)]))


def test_the_latin_rotation_gives_every_player_every_seat():
    tables = [["a", "b", "c", "d"], ["e", "f", "g", "h"]]
    schedule = rotation(tables, rounds=4)
    assert schedule[0] == tables
    assert schedule[1] == [["d", "a", "b", "c"], ["h", "e", "f", "g"]]
    for player in "abcdefgh":
        seats = {row.index(player) for rnd in schedule for row in rnd if player in row}
        assert seats == {0, 1, 2, 3}


def test_moving_tables_keeps_every_seat_filled_and_mixes_opponents():
    tables = [[f"{t}{s}" for s in range(4)] for t in range(4)]
    schedule = rotation(tables, rounds=4, move_tables=True)
    met = Counter()
    for rnd in schedule:
        assert sorted(p for row in rnd for p in row) == sorted(p for row in tables for p in row)
        assert all(len(row) == 4 for row in rnd)
        for row in rnd:
            met.update(frozenset((a, b)) for a in row for b in row if a < b)
    for player in (p for row in tables for p in row):
        seats = {row.index(player) for rnd in schedule for row in rnd if player in row}
        assert seats == {0, 1, 2, 3}
    assert len(met) > 6 * 4  # more pairs meet than the four fixed tables' 24


@settings(max_examples=100, deadline=None)
@given(
    tables=st.integers(1, 6),
    seats=st.integers(3, 8),
    rounds=st.integers(1, 17),
    move=st.booleans(),
)
def test_rotation_seats_everyone_once_a_round_and_evenly(tables, seats, rounds, move):
    start = [[(t, s) for s in range(seats)] for t in range(tables)]
    schedule = rotation(start, rounds, move_tables=move)
    held = Counter()
    for rnd in schedule:
        assert [len(row) for row in rnd] == [seats] * tables
        assert sorted(p for row in rnd for p in row) == sorted(p for row in start for p in row)
        for row in rnd:
            held.update((p, k) for k, p in enumerate(row))
    for t in range(tables):
        for s in range(seats):
            counts = [held[(t, s), k] for k in range(seats)]
            assert max(counts) - min(counts) <= 1


@settings(max_examples=100, deadline=None)
@given(
    values=st.lists(
        st.lists(st.tuples(st.integers(0, 2), st.sampled_from([20, 25, 28.5, 31])), max_size=7),
        min_size=1,
        max_size=5,
    )
)
def test_every_comparison_averages_half_the_top(values):
    rows = [
        Result(b, t, 0, f"p{t}", lost, value)
        for b, board in enumerate(values)
        for t, (lost, value) in enumerate(board)
    ]
    scored = matchpoints(rows)
    for key, group in travellers(scored).items():
        n = len(group)
        assert sum(s.raw for s in group) == pytest.approx(n * (n - 1) / 2)
        assert sum(s.matchpoints for s in group) / n == pytest.approx(group[0].top / 2)
        assert all(0 <= s.matchpoints <= s.top for s in group), key
