"""Knockout balancing (tournaments.balancing): moves, breaks, the final table, places of
players out on the same deal, top-q rounds. Pure Python: no database."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.balancing import (
    BALANCE,
    BREAK,
    Exit,
    Table,
    apply_moves,
    balance,
    first_tables,
    is_balanced,
    places_out,
    record_moves,
    remove_players,
    top_q,
)


def table(number: int, seats: str, button: int = 0) -> Table[str]:
    """A table from text: one character a seat, "." for an empty one."""
    return Table(number, tuple(None if c == "." else f"{c}" for c in seats), button)


def sizes(tables) -> list[int]:
    return [t.size for t in tables]


def test_turn_place_counts_players_from_the_next_dealer():
    t = table(1, "ab.de.", button=0)  # b deals next; d, e, a play before b
    assert t.next_dealer() == 1
    assert [t.turn_place(s) for s in (3, 4, 0, 1)] == [1, 2, 3, 4]
    gone = table(1, "a.cd..", button=1)  # the button's player has left: c deals
    assert gone.next_dealer() == 2
    assert gone.turn_place(3) == 1 and gone.turn_place(2) == 3
    with pytest.raises(ValueError, match="empty"):
        t.turn_place(2)


def test_one_move_from_the_largest_to_the_smallest_table():
    tables = [table(1, "abcdef"), table(2, "gh.jk.")]
    result = balance(tables, {}, seed=1)
    assert [m.reason for m in result.moves] == [BALANCE]
    move = result.moves[0]
    assert (move.from_table, move.to_table) == (1, 2)
    assert sizes(result.tables) == [5, 5]
    assert result.broken == ()
    assert apply_moves(tables, result.moves) == result.tables


def test_the_player_moved_least_goes_to_a_comparable_seat():
    # Table 1: button 0, so b deals next and c, d, e, f, a play 1st..5th, b 6th.
    # Table 2: button 0, h deals next; a player in seat 2 would play 1st, in seat 5 3rd.
    tables = [table(1, "abcdef"), table(2, "gh.jk.")]
    moved = dict.fromkeys("abcdef", 1) | {"e": 0, "f": 0}
    result = balance(tables, moved, seed=1)
    # e plays 3rd at table 1 and would play 3rd in seat 5 of table 2; f (4th) fits no
    # empty seat as well.
    assert len(result.moves) == 1
    move = result.moves[0]
    assert (move.player, move.from_seat, move.to_table, move.to_seat) == ("e", 4, 2, 5)
    after = {t.number: t for t in result.tables}[2]
    assert after.turn_place(5) == tables[0].turn_place(4) == 3


def test_every_comparable_seat_is_exact_when_one_exists():
    for seed in range(20):
        tables = [table(1, "abcdef", button=seed % 6), table(2, "gh.jk.", button=seed % 3)]
        move = balance(tables, {}, seed).moves[0]
        before = tables[0].turn_place(move.from_seat)
        after = apply_moves(tables, [move])[1].turn_place(move.to_seat)
        assert before == after


def test_several_moves_when_a_deal_put_many_out():
    tables = [table(1, "abcdef"), table(2, "ghijkl"), table(3, "m.....")]
    result = balance(tables, {}, seed=2)
    assert [m.reason for m in result.moves] == [BALANCE] * 3
    assert sorted(sizes(result.tables)) == [4, 4, 5]
    # Nobody is moved twice while someone at the same table has not moved.
    assert len({m.player for m in result.moves}) == 3


def test_a_table_breaks_as_soon_as_its_players_fit_elsewhere():
    tables = [table(1, "abcde."), table(2, "fghi.."), table(3, "jk.l..")]
    result = balance(tables, {}, seed=3)
    assert result.broken == (3,)
    assert [m.reason for m in result.moves] == [BREAK] * 3
    assert all(m.from_table == 3 for m in result.moves)
    assert sizes(result.tables) == [6, 6]
    # One seat short of fitting: no break, a balancing move instead.
    crowded = [table(1, "abcde."), table(2, "fghij."), table(3, "kl.m..")]
    result = balance(crowded, {}, seed=3)
    assert result.broken == ()
    assert sizes(result.tables) == [4, 5, 4]


def test_a_break_fills_the_shortest_tables_first():
    tables = [table(1, "abc..."), table(2, "defgh."), table(3, "ijkl.."), table(4, "mno...")]
    result = balance(tables, {}, seed=4)
    # Table 4 breaks (fewest, highest number); its three go to 1, 1 or 3, ... evenly.
    assert result.broken[0] == 4
    assert max(sizes(result.tables)) - min(sizes(result.tables)) <= 1
    assert all(m.reason == BREAK for m in result.moves)


def test_the_break_draw_depends_on_the_seed_only():
    tables = [table(1, "abcde."), table(2, "fghi.."), table(3, "jk.l..")]
    draws = {balance(tables, {}, seed).moves for seed in range(30)}
    assert len(draws) > 1
    assert balance(tables, {}, "x").moves == balance(tables, {}, "x").moves


def test_the_final_table_forms_when_everyone_fits_at_one():
    result = balance([table(1, "ab.c.."), table(2, "d.e..f")], {}, seed=5)
    assert result.broken == (2,) and len(result.tables) == 1
    assert sorted(result.tables[0].players) == list("abcdef")
    three = [table(1, "a.b..."), table(2, "c..d.."), table(3, ".e..f.")]
    result = balance(three, {}, seed=5)
    assert result.broken == (3, 2) and sizes(result.tables) == [6]


def test_a_table_everyone_left_breaks_with_no_moves():
    result = balance([table(1, "abc..."), table(2, "......")], {}, seed=6)
    assert result.moves == () and result.broken == (2,)


def test_a_balanced_layout_needs_nothing():
    tables = [table(1, "abcde."), table(2, "fghi..")]
    assert is_balanced(tables)
    assert balance(tables, {}, seed=7) == balance(tables, {}, seed=7)
    assert balance(tables, {}, seed=7).moves == ()


def test_bad_layouts_are_refused():
    with pytest.raises(ValueError, match="seated twice"):
        balance([table(1, "ab"), table(2, "a.")], {}, seed=1)
    with pytest.raises(ValueError, match="listed twice"):
        balance([table(1, "ab"), table(1, "c.")], {}, seed=1)
    with pytest.raises(ValueError, match="button"):
        balance([table(1, "ab", button=5)], {}, seed=1)
    with pytest.raises(ValueError, match="not at table"):
        apply_moves([table(1, "ab")], balance([table(1, "abcd"), table(2, "e...")], {}, 1).moves)


def test_first_tables_seat_everyone_evenly():
    tables = first_tables(list(range(50)), 6, seed=1)
    assert sorted(sizes(tables)) == [5] * 4 + [6] * 5
    assert sorted(p for t in tables for p in t.players) == list(range(50))
    assert all(t.seats[t.button] is not None for t in tables)
    assert tables == first_tables(list(range(50)), 6, seed=1)


def test_players_out_on_one_deal_rank_by_lives_then_hand_then_tie():
    exits = [Exit("a", 1, 20.0), Exit("b", 0, 25.0), Exit("c", 0, 25.0), Exit("d", 0, 12.0)]
    assert places_out(exits, still_in=10) == {"a": 7, "b": 8, "c": 8, "d": 10}
    assert places_out([Exit("x", 0, 30.5)], still_in=2) == {"x": 2}
    assert places_out([], still_in=5) == {}
    with pytest.raises(ValueError):
        places_out([Exit("a", 0, 1.0), Exit("a", 0, 2.0)], still_in=5)


def test_top_q_of_each_table_go_through():
    cut = top_q([[("a", 1), ("b", 2), ("c", 3), ("d", 4)], [("e", 2), ("f", 1), ("g", 3)]], 2)
    assert cut.through == ("a", "b", "f", "e")
    assert cut.places == {"c": 5, "g": 5, "d": 7}
    tie_at_cut = top_q([[("a", 1), ("b", 2), ("c", 2), ("d", 4)]], 2)
    assert tie_at_cut.through == ("a", "b", "c") and tie_at_cut.places == {"d": 4}
    with pytest.raises(ValueError, match="nobody out"):
        top_q([[("a", 1), ("b", 1)]], 1)


def test_a_round_tied_at_the_cut_at_every_table_moves_the_cut_up_until_someone_is_out():
    # Top 2 of tables of three whose 2nd and 3rd went out on the same deal (both 2nd):
    # everyone would go through, round after round. The cut moves to the top 1.
    tied = [[("a", 1), ("b", 2), ("c", 2)], [("d", 2), ("e", 1), ("f", 2)]]
    cut = top_q(tied, 2)
    assert cut.through == ("a", "e")
    assert cut.places == {"b": 3, "c": 3, "d": 3, "f": 3}
    # One table not tied at the cut is enough: the cut stays where it was.
    cut = top_q([[("a", 1), ("b", 2), ("c", 2)], [("d", 1), ("e", 2), ("f", 3)]], 2)
    assert cut.through == ("a", "b", "c", "d", "e") and cut.places == {"f": 6}


# ---- properties -----------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(
    n=st.integers(2, 60),
    seats=st.integers(3, 8),
    seed=st.integers(0, 10**6),
    batches=st.lists(st.integers(0, 6), min_size=1, max_size=40),
)
def test_no_player_is_lost_or_doubled_and_tables_stay_within_one(n, seats, seed, batches):
    rng = random.Random(seed)
    tables = first_tables(list(range(n)), seats, seed)
    players = set(range(n))
    moved: dict[int, int] = {}
    for step, count in enumerate(batches):
        if len(players) <= 1:
            break
        gone = rng.sample(sorted(players), min(count, len(players) - 1))
        players -= set(gone)
        tables = remove_players(tables, gone)
        result = balance(tables, moved, f"{seed}-{step}")
        # The least moved at its table is the one moved, at the moment of each move.
        counts = dict(moved)
        layout = tables
        for move in result.moves:
            if move.reason == BALANCE:
                source = next(t for t in layout if t.number == move.from_table)
                assert counts.get(move.player, 0) == min(counts.get(p, 0) for p in source.players)
            layout = apply_moves(layout, [move])
            counts[move.player] = counts.get(move.player, 0) + 1
        assert tuple(t for t in layout if t.size) == tuple(t for t in result.tables if t.size)
        record_moves(moved, result.moves)
        tables = result.tables
        seated = [p for t in tables for p in t.players]
        assert sorted(seated) == sorted(players)
        assert all(len(t.seats) == seats for t in tables)
        assert is_balanced(tables)
        if len(tables) > 1:
            assert max(sizes(tables)) - min(sizes(tables)) <= 1
        assert len(tables) == -(-len(players) // seats) or len(tables) == 1


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 40), seats=st.integers(3, 8), seed=st.integers(0, 10**6))
def test_balancing_is_deterministic_given_the_seed(n, seats, seed):
    tables = first_tables(list(range(n)), seats, seed)
    gone = random.Random(seed).sample(range(n), n // 3)
    tables = remove_players(tables, gone)
    assert balance(tables, {}, seed) == balance(tables, {}, seed)


def test_of_two_tables_that_fit_the_one_moved_least_breaks():
    tables = [table(1, "abcde."), table(2, "fg...."), table(3, "hi....")]
    assert balance(tables, {}, seed=8).broken[0] == 3  # a tie: the highest number
    assert balance(tables, {"f": 1}, seed=8).broken[0] == 3
    assert balance(tables, {"h": 1}, seed=8).broken[0] == 2
