"""The team battle's pure parts (docs/tournaments.md#team-battles): spreading teams over
tables, and the team standings."""

from __future__ import annotations

from tournaments.formats.team_battle import scores, spread


def test_a_clash_is_dealt_again_so_no_table_holds_two_of_a_team() -> None:
    team = {p: p // 4 for p in range(16)}  # four teams of four: 0-3, 4-7, ...
    by_team = [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]]
    assert spread.clashes(by_team, team) == 12
    order = list(range(15, -1, -1))
    dealt = spread.spread(by_team, team, order)
    assert spread.clashes(dealt, team) == 0
    assert sorted(len(t) for t in dealt) == [4, 4, 4, 4]
    assert sorted(p for t in dealt for p in t) == list(range(16))
    # Each team's strongest (first in `order`) goes to the first table.
    assert dealt[0][0] == 15


def test_uneven_tables_and_bots_still_part_the_teams() -> None:
    team: dict[int | str, int] = {p: p % 3 for p in range(9)}  # three teams of three
    tables: list[list[int | str]] = [[0, 3, 6, "bot-0"], [1, 4, 7], [2, 5, 8]]
    dealt = spread.spread(tables, team, list(range(9)))
    assert spread.clashes(dealt, team) == 0
    assert [len(t) for t in dealt] == [4, 3, 3]
    assert "bot-0" in [p for t in dealt for p in t]


def test_a_field_that_cannot_be_spread_is_left_as_seated() -> None:
    team = {0: 0, 1: 0, 2: 0, 3: 1, 4: 1, 5: 1}  # three of a team, two tables
    tables = [[0, 1, 3], [2, 4, 5]]
    assert not spread.spreadable([0, 1, 2, 3, 4, 5], team, 2)
    assert spread.spread(tables, team, list(range(6))) == tables


def test_teammate_pairs_are_every_pair_of_a_team() -> None:
    team = {1: 0, 2: 0, 3: 1, 4: 0}
    assert spread.teammate_pairs([1, 2, 3, 4, 5], team) == [(1, 2), (1, 4), (2, 4)]


def test_a_team_counts_its_best_players_and_ties_go_to_round_wins() -> None:
    points = {
        "a1": {1: 3, 2: 0},
        "a2": {1: 2, 2: 0},
        "a3": {1: 0, 2: 0},
        "b1": {1: 1, 2: 2},
        "b2": {1: 1, 2: 1.5},
        "b3": {1: 1, 2: 0.5},
        "c1": {1: 2.5},  # played round 1 only
        "c2": {1: 0},
    }
    rows = scores.team_standings(
        [["a1", "a2", "a3"], ["b1", "b2", "b3"], ["c1", "c2"]], points, 2, best=2
    )
    # a: 5 + 0; b: 2 + 3.5; c: 2.5 and no score in round 2.
    assert [(r.team, r.total, r.round_wins, r.rounds) for r in rows] == [
        (1, 5.5, 1, (2.0, 3.5)),
        (0, 5.0, 1, (5.0, 0.0)),
        (2, 2.5, 0, (2.5, None)),
    ]
    assert [r.rank for r in rows] == [1, 2, 3]


def test_level_teams_are_parted_by_round_wins_then_all_points_then_share() -> None:
    points = {"a": {1: 2, 2: 0}, "b": {1: 0, 2: 1}, "b2": {2: 1}, "c": {1: 1, 2: 1}}
    rows = scores.team_standings([["a"], ["b", "b2"], ["c"]], points, 2, best=1)
    # a 2, b 1, c 2: a won round 1, c (with b) round 2, a and c have 2 points in all:
    # they share the first rank.
    assert [(r.team, r.rank) for r in rows] == [(0, 1), (2, 1), (1, 3)]
    thirds = {"x": {1: 1 / 3, 2: 1 / 3, 3: 1 / 3}, "y": {1: 1}}
    same = scores.team_standings([["x"], ["y"]], thirds, 3, best=1)
    # Thirds add up to exactly one: level with y, and x won two rounds to y's one.
    assert same[0].total == same[1].total == 1.0
    assert [(r.team, r.rank, r.round_wins) for r in same] == [(0, 1, 2), (1, 2, 1)]
