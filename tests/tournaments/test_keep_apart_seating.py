"""Keep-apart pairs in the pure seating of version 2 (docs/fair-seating.md#keep-apart-pairs):
Swiss, a knockout's opening layout and balancing, and duplicate round 1 put each pair at
different tables whenever the field allows, seat an impossible field anyway, and draw
exactly as version 1 where no pair applies."""

from __future__ import annotations

import random

from tournaments.fairness import keep_apart
from tournaments.formats.duplicate import rounds as duplicate_rounds
from tournaments.formats.knockout import balancing
from tournaments.formats.swiss import seating


def pairs_together(tables: list[list[object]], pairs: list[tuple[int, int]]) -> int:
    return len(keep_apart.together(tables, pairs))


def test_a_pair_is_one_pair_in_either_order() -> None:
    assert keep_apart.pair(7, 3) == keep_apart.pair(3, 7) == (3, 7)
    assert keep_apart.canonical([(7, 3), (3, 7), (4, 4)]) == [(3, 7)]


def test_swiss_keeps_pairs_apart_in_every_seeded_field_that_allows_it() -> None:
    """200 seeded fields of 12 to 30 players, 1 to 4 random pairs, rounds 1 and later
    (with meetings): every pair at different tables, while version 1 seats some of the
    same pairs together."""
    v1_together = 0
    for k in range(200):
        rng = random.Random(k)
        players = list(range(rng.randint(12, 30)))
        pairs = keep_apart.canonical(
            tuple(rng.sample(players, 2)) for _ in range(rng.randint(1, 4))
        )
        plan = seating.table_sizes(len(players), 4, 3, 5)
        assert keep_apart.separable(plan.sizes, pairs)
        scores = {p: float(rng.randint(0, 6)) for p in players}
        met: dict[frozenset[object], int] = {}
        seeded = f"seed-{k}:2"
        tables = seating.seat_round(players, scores, met, plan.sizes, seeded, apart=pairs)
        assert pairs_together(tables, pairs) == 0, (k, tables, pairs)
        v1 = seating.seat_round(players, scores, met, plan.sizes, seeded)
        v1_together += pairs_together(v1, pairs)
    assert v1_together > 0


def test_swiss_draws_as_version_1_without_pairs_and_seats_an_impossible_field() -> None:
    players = list(range(1, 11))
    scores = {p: float(p % 4) for p in players}
    met = {frozenset((1, 2)): 1, frozenset((3, 4)): 2}
    same = seating.seat_round(players, scores, met, (4, 3, 3), "golden:2", apart=[(50, 60)])
    assert same == seating.seat_round(players, scores, met, (4, 3, 3), "golden:2")
    # One table: the pair cannot be kept apart; everyone is seated all the same.
    alone = seating.seat_round([1, 2, 3, 4], {}, {}, (4,), "s:1", apart=[(1, 2)])
    assert sorted(alone[0]) == [1, 2, 3, 4]
    assert not keep_apart.separable((4,), [(1, 2)])
    # A triangle at two tables cannot be split either.
    assert not keep_apart.separable((3, 3), [(1, 2), (2, 3), (1, 3)])
    assert keep_apart.separable((2, 2, 2), [(1, 2), (2, 3), (1, 3)])


def test_a_knockouts_opening_layout_and_balancing_keep_pairs_apart() -> None:
    """The opening layout splits the pair the draw put together; a balancing move never
    brings a player to their partner's table when another least-moved player can go."""
    for k in range(100):
        players = list(range(1, 13))
        drawn = balancing.first_tables(players, 4, f"ko-{k}")
        same_table = next(t.players for t in drawn if t.size >= 2)
        pair = (same_table[0], same_table[1])
        apart = balancing.first_tables(players, 4, f"ko-{k}", [pair])
        rows = [list(t.players) for t in apart]
        assert pairs_together(rows, [pair]) == 0
        assert sorted(p for t in apart for p in t.players) == players
    # Table 1 loses two players; table 2 (five) must give one away: to table 1, where
    # 1's partner sits. Without the pair, the draw may choose anyone at table 2.
    tables = (
        balancing.Table(1, (1, 2, None, None, None), 0),
        balancing.Table(2, (3, 4, 5, 6, 7), 0),
        balancing.Table(3, (8, 9, 10, 11, None), 0),
    )
    for seed in range(30):
        moved = balancing.balance(tables, {}, f"b:{seed}", [(1, 5), (2, 6), (2, 7)])
        rows = [list(t.players) for t in moved.tables]
        assert pairs_together(rows, [(1, 5), (2, 6), (2, 7)]) == 0, moved.moves
        assert len(moved.moves) == len(balancing.balance(tables, {}, f"b:{seed}").moves)


def test_duplicate_round_one_splits_pairs_and_is_version_1_without_them() -> None:
    players = list(range(1, 9))
    plain = duplicate_rounds.first_round_tables(players, 4, "golden")
    assert duplicate_rounds.first_round_tables(players, 4, "golden", [(90, 91)]) == plain
    pair = (plain[0][0], plain[0][1])
    split = duplicate_rounds.first_round_tables(players, 4, "golden", [pair])
    assert pairs_together(split, [pair]) == 0
    assert sorted(p for t in split for p in t) == players
    assert [len(t) for t in split] == [4, 4]
