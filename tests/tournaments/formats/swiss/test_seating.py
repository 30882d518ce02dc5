"""The seating core of Swiss tournaments (tournaments.formats.swiss.seating): table sizes, seating
rounds, meetings and first dealers. Pure Python: no database."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats.swiss.seating import (
    MAX_SEATS,
    MIN_SEATS,
    first_dealers,
    record_dealers,
    record_meetings,
    seat_round,
    table_sizes,
)


def feasible(n: int, minimum: int, maximum: int) -> bool:
    """Whether n players split into tables of minimum..maximum seats with no bots."""
    return any(t * minimum <= n <= t * maximum for t in range(1, n + 1))


@pytest.mark.parametrize("n", range(3, 71))
def test_sizes_for_preferred_four_are_within_bounds_and_seat_everyone(n):
    plan = table_sizes(n, preferred=4, minimum=3, maximum=5)
    assert plan.bots_needed == 0
    assert sum(plan.sizes) == n
    assert all(3 <= size <= 5 for size in plan.sizes)
    assert max(plan.sizes) - min(plan.sizes) <= 1
    # Tables of four whenever the count allows, otherwise a few of three or five.
    assert sum(abs(size - 4) for size in plan.sizes) <= 3


def test_sizes_prefer_the_preferred_size():
    assert table_sizes(16, 4, 3, 5).sizes == (4, 4, 4, 4)
    assert table_sizes(30, 4, 3, 5).sizes == (4,) * 6 + (3,) * 2
    assert table_sizes(6, 4, 3, 5).sizes == (3, 3)
    assert table_sizes(5, 4, 3, 5).sizes == (5,)
    assert table_sizes(30, 4, 3, 4).sizes == (4,) * 6 + (3,) * 2


@pytest.mark.parametrize(
    ("minimum", "preferred", "maximum"), [(3, 3, 3), (4, 4, 4), (4, 5, 6), (3, 6, 8), (5, 6, 6)]
)
@pytest.mark.parametrize("n", range(2, 41))
def test_bots_only_when_unavoidable_and_then_as_few_as_possible(n, minimum, preferred, maximum):
    plan = table_sizes(n, preferred, minimum, maximum)
    assert sum(plan.sizes) == n + plan.bots_needed
    assert all(minimum <= size <= maximum for size in plan.sizes)
    if feasible(n, minimum, maximum):
        assert plan.bots_needed == 0
    else:
        assert plan.bots_needed > 0
        assert not any(feasible(n + b, minimum, maximum) for b in range(plan.bots_needed))


def test_too_few_players_for_a_table_get_bots():
    plan = table_sizes(2, 4, 3, 5)
    assert plan.sizes == (3,) and plan.bots_needed == 1
    plan = table_sizes(6, 4, 4, 4)
    assert plan.sizes == (4, 4) and plan.bots_needed == 2


@pytest.mark.parametrize(
    ("n", "preferred", "minimum", "maximum"),
    [(8, 4, 2, 5), (8, 4, 3, 9), (8, 5, 3, 4), (8, 3, 4, 5), (1, 4, 3, 5), (0, 4, 3, 5)],
)
def test_nonsense_bounds_are_refused_with_a_clear_message(n, preferred, minimum, maximum):
    with pytest.raises(ValueError, match=r"minimum|players"):
        table_sizes(n, preferred, minimum, maximum)
    assert (MIN_SEATS, MAX_SEATS) == (3, 8)


def play_event(
    n: int, sizes: tuple[int, ...], rounds: int, seed: int
) -> tuple[list[int], dict[int, float], dict[frozenset, int]]:
    """Seat `rounds` rounds with random results; the repeat pairs of each round."""
    players = [f"p{i:02d}" for i in range(n)]
    scores: dict[str, float] = {}
    met: dict[frozenset, int] = {}
    results = random.Random(seed)
    repeats = []
    for r in range(rounds):
        tables = seat_round(players, scores, met, sizes, seed=seed * 1000 + r)
        repeats.append(
            sum(
                met.get(frozenset((a, b)), 0) > 0
                for table in tables
                for i, a in enumerate(table)
                for b in table[i + 1 :]
            )
        )
        record_meetings(met, tables)
        for table in tables:
            order = results.sample(table, len(table))
            for place, player in enumerate(order):
                scores[player] = scores.get(player, 0) + len(order) - 1 - place
    return repeats, scores, met


def test_every_player_is_seated_once_at_tables_of_the_given_sizes():
    players = list(range(30))
    sizes = table_sizes(30, 4, 3, 5).sizes
    tables = seat_round(players, {}, {}, sizes, seed=5)
    assert [len(t) for t in tables] == list(sizes)
    assert sorted(p for t in tables for p in t) == players


def test_sizes_that_do_not_seat_the_players_are_refused():
    with pytest.raises(ValueError, match="seat 8, not 9 players"):
        seat_round(list(range(9)), {}, {}, [4, 4], seed=1)
    with pytest.raises(ValueError, match="twice"):
        seat_round([1, 1, 2, 3], {}, {}, [4], seed=1)


def test_the_same_seed_gives_the_same_seating_and_other_seeds_usually_differ():
    players = [f"p{i}" for i in range(24)]
    scores = {p: float(i % 5) for i, p in enumerate(players)}
    met: dict[frozenset, int] = {}
    record_meetings(met, [players[i : i + 4] for i in range(0, 24, 4)])
    sizes = (4,) * 6
    first = seat_round(players, scores, met, sizes, seed=42)
    assert seat_round(players, scores, met, sizes, seed=42) == first
    others = [seat_round(players, scores, met, sizes, seed=s) for s in range(10)]
    assert sum(other != first for other in others) >= 9
    # Round one: a random seating, and a different one for each seed.
    rounds_one = {str(seat_round(players, {}, {}, sizes, seed=s)) for s in range(10)}
    assert len(rounds_one) == 10


def test_no_repeat_meetings_in_the_first_rounds_of_sixteen_at_four_seats():
    # 16 players at four tables of four for four rounds can meet without a repeat (an
    # affine plane of order 4). Seating round by round cannot look ahead: after three
    # repeat-free rounds the fourth often has no repeat-free seating left, and then
    # the best it can do, which the search finds, is 4 repeat pairs (one per table).
    # Measured over 20 seeds: rounds one to three never repeat, round four has 0 or 4.
    totals = []
    for seed in range(20):
        repeats, _, _ = play_event(16, (4, 4, 4, 4), rounds=4, seed=seed)
        assert repeats[:3] == [0, 0, 0]
        assert repeats[3] <= 4
        totals.append(sum(repeats))
    assert sum(totals) / len(totals) <= 4


@pytest.mark.parametrize(("n", "most"), [(30, 1), (64, 0)])
def test_larger_fields_hardly_repeat_over_six_rounds(n, most):
    # Measured over 12 seeds: 64 players never repeat; 30 players (six tables of four,
    # two of three) repeat once in one seed's last round, where each has met 15 of 29.
    sizes = table_sizes(n, 4, 3, 5).sizes
    for seed in range(3):
        repeats, _, met = play_event(n, sizes, 6, seed)
        assert sum(repeats) <= most
        assert max(met.values()) <= 2


def test_top_scorers_sit_together():
    players = list(range(32))
    # Clear score groups of four: players 0-3 lead with 40, 4-7 have 36, and so on.
    scores = {p: float(40 - 4 * (p // 4)) for p in players}
    met: dict[frozenset, int] = {}
    # One earlier round that mixed the groups, so there is no repeat to avoid.
    record_meetings(met, [[p, p + 8, p + 16, p + 24] for p in range(8)])
    tables = seat_round(players, scores, met, (4,) * 8, seed=3)
    assert sorted(map(sorted, tables)) == [list(range(i, i + 4)) for i in range(0, 32, 4)]


def spreads(tables: list[list[str]], scores: dict[str, float]) -> float:
    return sum(max(scores[p] for p in t) - min(scores[p] for p in t) for t in tables)


@pytest.mark.parametrize("seed", range(5))
def test_score_groups_are_respected_roughly_when_meetings_are_avoided(seed):
    # 64 players after three rounds: each has met 9 others, so the repeat-free seating
    # has to bend the score groups a little (sharper groups would mean rematches).
    _, scores, met = play_event(64, (4,) * 16, rounds=3, seed=seed)
    players = sorted(scores)
    tables = seat_round(players, scores, met, (4,) * 16, seed=99)
    field = sum(scores.values()) / len(scores)
    top = sorted(tables, key=lambda t: -sum(scores[p] for p in t))[0]
    # Measured over 8 seeds: the top table averages 2.5 to 3.5 points above the field's
    # mean of 4.5.
    assert sum(scores[p] for p in top) / 4 >= field + 2
    shuffler = random.Random(seed)
    shuffled = [shuffler.sample(players, 64) for _ in range(20)]
    at_random = sum(spreads([s[i : i + 4] for i in range(0, 64, 4)], scores) for s in shuffled)
    # Measured over 8 seeds: the score ranges add up to 18-31 % of a random seating's.
    assert spreads(tables, scores) < 0.4 * at_random / 20


def test_record_meetings_counts_every_pair_at_a_table():
    met: dict[frozenset, int] = {}
    record_meetings(met, [["a", "b", "c"], ["d", "e", "f", "g"]])
    record_meetings(met, [["a", "b", "d"]])
    assert len(met) == 3 + 6 + 2
    assert met[frozenset(("a", "b"))] == 2
    assert met[frozenset(("d", "a"))] == 1


def test_first_dealer_is_who_has_dealt_first_least_often():
    tables = [["a", "b", "c"], ["d", "e", "f"]]
    assert first_dealers(tables, {}) == ["a", "d"]
    assert first_dealers(tables, {"a": 2, "b": 1, "c": 1, "d": 0}) == ["b", "d"]


def test_first_deals_are_balanced_over_rounds_and_the_dealer_sits_at_seat_zero():
    players = list(range(12))
    dealer_counts: dict[int, int] = {}
    met: dict[frozenset, int] = {}
    for r in range(12):
        tables = seat_round(players, {}, met, (3, 3, 3, 3), seed=r, dealer_counts=dealer_counts)
        dealers = first_dealers(tables, dealer_counts)
        assert dealers == [table[0] for table in tables]
        record_dealers(dealer_counts, dealers)
        record_meetings(met, tables)
    # 48 first deals among 12 players: 4 each, give or take one.
    counts = Counter({p: 0 for p in players}) + Counter(dealer_counts)
    assert sum(counts.values()) == 48
    assert max(counts.values()) - min(dealer_counts.get(p, 0) for p in players) <= 2


def test_rotating_to_the_dealer_keeps_the_order_round_the_table():
    players = list(range(8))
    plain = seat_round(players, {}, {}, (4, 4), seed=11)
    dealt = seat_round(players, {}, {}, (4, 4), seed=11, dealer_counts={p: 1 for p in players})
    for before, after in zip(plain, dealt, strict=True):
        at = before.index(after[0])
        assert after == before[at:] + before[:at]


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=60),
    bounds=st.sampled_from([(3, 4, 5), (3, 3, 3), (4, 4, 4), (4, 5, 6), (3, 6, 8), (5, 6, 6)]),
    rounds=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_every_player_is_seated_exactly_once_every_round(n, bounds, rounds, seed):
    """Whatever the field and the bounds: each round seats every player (and the bots
    the plan asks for) exactly once, nobody at two tables, every table within bounds,
    and the first dealer at seat 0 is one who dealt first least often at that table."""
    minimum, preferred, maximum = bounds
    players = [f"p{i}" for i in range(n)]
    scores: dict[str, float] = {}
    met: dict[frozenset, int] = {}
    dealt: dict[str, int] = {}
    rng = random.Random(seed)
    for number in range(1, rounds + 1):
        plan = table_sizes(n, preferred, minimum, maximum)
        bots = [f"bot{number}-{k}" for k in range(plan.bots_needed)]
        tables = seat_round(
            players + bots, scores, met, plan.sizes, seed=f"{seed}:{number}", dealer_counts=dealt
        )
        seated = [p for t in tables for p in t]
        assert sorted(seated) == sorted(players + bots)
        assert all(minimum <= len(t) <= maximum for t in tables)
        for table in tables:
            assert dealt.get(table[0], 0) == min(dealt.get(p, 0) for p in table)
        record_dealers(dealt, [t[0] for t in tables])
        record_meetings(met, tables)
        for table in tables:
            for place, player in enumerate(rng.sample(table, len(table))):
                scores[player] = scores.get(player, 0) + len(table) - 1 - place
