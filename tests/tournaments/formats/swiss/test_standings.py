"""Scoring, tie-breaks and standings of Swiss tournaments (tournaments.formats.swiss.standings): the
points of a game under each scoring, each tie-break on a hand-computed event, byes,
bots, validation and the CSV export. Pure Python: no database."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.formats.swiss.standings import (
    TIEBREAKS,
    Bye,
    Cell,
    Scoring,
    SeatResult,
    TableResult,
    csv_rows,
    game_maximum,
    game_points,
    meetings,
    standings,
)

OUTLASTED = Scoring()
BOT = None


def table(round_no: int, table_no: int, *seats: tuple) -> TableResult:
    """A table from (player, place) or (player, place, lives_lost) tuples, in seat order."""
    return TableResult(round_no, table_no, tuple(SeatResult(*seat) for seat in seats))


def rank(players, tables=(), byes=(), tiebreaks=(), seed=0, scoring=OUTLASTED, **kwargs):
    return standings(players, tables, byes, scoring, tiebreaks, seed, **kwargs)


def order(rows) -> list[tuple]:
    """(rank, player) of each row, in row order."""
    return [(row.rank, row.player) for row in rows]


# Game points


def test_outlasted_scores_a_point_per_worse_opponent_and_half_per_tie():
    assert game_points([1, 2, 3, 4], OUTLASTED) == [3, 2, 1, 0]
    assert game_points([2, 1, 2, 4], OUTLASTED) == [1.5, 3, 1.5, 0]
    assert game_points([1, 1, 1], OUTLASTED) == [1, 1, 1]
    # Only the order counts: 1, 3, 3 is 1, 2, 2.
    assert game_points([1, 3, 3], OUTLASTED) == game_points([1, 2, 2], OUTLASTED) == [2, 0.5, 0.5]
    assert game_maximum(4, OUTLASTED) == 3
    assert game_maximum(8, OUTLASTED) == 7


def test_places_share_the_average_of_the_places_covered():
    scoring = Scoring("places", (4, 2, 1, 0))
    assert game_points([1, 2, 3, 4], scoring) == [4, 2, 1, 0]
    assert game_points([1, 2, 2, 4], scoring) == [4, 1.5, 1.5, 0]
    assert game_points([3, 1, 1, 3], scoring) == [0.5, 3, 3, 0.5]
    assert game_points([1, 1, 1, 1], scoring) == [1.75] * 4
    assert game_maximum(4, scoring) == 4
    assert game_maximum(8, scoring) == 4


def test_places_beyond_the_vector_score_nothing():
    scoring = Scoring("places", (3, 1))
    assert game_points([1, 2, 3, 4, 5], scoring) == [3, 1, 0, 0, 0]
    # A tie straddling the end of the vector shares what it covers: (1 + 0) / 2.
    assert game_points([1, 2, 2], scoring) == [3, 0.5, 0.5]
    # Thirds: three tied for 1st share 3 + 1 + 0.
    assert game_points([1, 1, 1], scoring) == pytest.approx([4 / 3] * 3)


@st.composite
def places(draw, max_seats: int = 8) -> list[int]:
    """Finishing places of a table of 2..max_seats seats: ranked with ties shared."""
    values = draw(st.lists(st.integers(0, 4), min_size=2, max_size=max_seats))
    return [1 + sum(other < mine for other in values) for mine in values]


@given(places())
def test_a_table_shares_n_times_n_minus_one_over_two_outlasted_points(places):
    n = len(places)
    points = game_points(places, OUTLASTED)
    assert sum(points) == n * (n - 1) / 2
    assert all(0 <= p <= game_maximum(n, OUTLASTED) for p in points)


@given(places(), st.lists(st.integers(0, 20), min_size=1, max_size=10))
def test_a_table_shares_the_first_n_place_points(places, vector):
    scoring = Scoring("places", tuple(sorted(vector, reverse=True)))
    n = len(places)
    padded = list(scoring.place_points) + [0] * n
    points = game_points(places, scoring)
    assert sum(points) == pytest.approx(sum(padded[:n]))
    # A better place never scores less.
    for a, b in zip(places, points, strict=True):
        for c, d in zip(places, points, strict=True):
            if a < c:
                assert b >= d


# Standings: points, byes, bots


def test_bots_are_opponents_but_never_rows():
    rows = rank(
        ["Ann", "Bob"],
        [table(1, 1, (BOT, 1), ("Ann", 2), (BOT, 3), ("Bob", 4))],
    )
    assert order(rows) == [(1, "Ann"), (2, "Bob")]
    ann, bob = rows
    assert (ann.points, ann.maximum, ann.games, ann.table_wins) == (2, 3, 1, 0)
    assert ann.percentage == pytest.approx(200 / 3)
    assert (bob.points, bob.percentage) == (0, 0)
    assert ann.cells == {1: Cell(1, 2, 2)}
    assert meetings([table(1, 1, (BOT, 1), ("Ann", 2), (BOT, 3), ("Bob", 4))]) == {
        frozenset(("Ann", "Bob")): 1
    }


def test_byes_count_in_points_maximum_and_percentage_but_not_games():
    rows = rank(
        ["Ann", "Bob", "Cy", "Dee"],
        [
            table(1, 1, ("Ann", 1), ("Bob", 2), ("Cy", 3), (BOT, 4)),
            table(2, 1, ("Bob", 1), ("Cy", 1), ("Dee", 3), (BOT, 4)),
        ],
        [Bye(2, "Ann", 1.5, 3), Bye(1, "Dee", 2, 3)],
    )
    by_player = {row.player: row for row in rows}
    ann = by_player["Ann"]
    assert (ann.points, ann.maximum, ann.games, ann.byes) == (4.5, 6, 1, 1)
    assert ann.percentage == 75
    assert ann.cells == {1: Cell(1, 1, 3), 2: Cell(None, None, 1.5)}
    dee = by_player["Dee"]
    assert (dee.points, dee.maximum, dee.games, dee.byes) == (3, 6, 1, 1)
    assert by_player["Bob"].points == 2 + 2.5
    assert by_player["Cy"].points == 1 + 2.5
    assert by_player["Bob"].table_wins == by_player["Cy"].table_wins == 1
    assert order(rows) == [(1, "Ann"), (1, "Bob"), (3, "Cy"), (4, "Dee")]


def test_players_without_results_appear_with_zeros_and_withdrawn_ones_are_ranked():
    rows = rank(
        ["Ann", "Bob", "Cy"],
        [table(1, 1, ("Bob", 1), (BOT, 2), (BOT, 3))],
        withdrawn={"Bob"},
    )
    assert order(rows) == [(1, "Bob"), (2, "Ann"), (2, "Cy")]
    assert rows[0].withdrawn and not rows[1].withdrawn
    ann = rows[1]
    assert (ann.points, ann.maximum, ann.percentage, ann.games, ann.cells) == (0, 0, 0, 0, {})


def test_places_scoring_in_the_standings():
    scoring = Scoring("places", (4, 2, 1, 0))
    rows = rank(
        ["Ann", "Bob", "Cy"],
        [table(1, 1, ("Ann", 2), ("Bob", 2), (BOT, 1), ("Cy", 4))],
        scoring=scoring,
    )
    assert [(r.player, r.points, r.maximum) for r in rows] == [
        ("Ann", 1.5, 4),
        ("Bob", 1.5, 4),
        ("Cy", 0, 4),
    ]


# Tie-breaks

# Six players: Ann, Bob and Cy end on 3, Dee and Eve on 2, Fay on 1.
SIX = ["Fay", "Eve", "Dee", "Cy", "Bob", "Ann"]
SIX_TABLES = [
    table(1, 1, ("Ann", 1), ("Cy", 2), ("Dee", 3)),
    table(1, 2, ("Bob", 1), ("Eve", 2), ("Fay", 3)),
    table(2, 1, ("Cy", 1), ("Eve", 2), (BOT, 3)),
    table(2, 2, ("Dee", 1), ("Fay", 2), (BOT, 3)),
]
SIX_BYES = [Bye(2, "Ann", 1, 2), Bye(2, "Bob", 1, 2)]


def test_without_tiebreaks_ties_share_a_rank_in_the_order_of_the_players():
    rows = rank(SIX, SIX_TABLES, SIX_BYES)
    assert order(rows) == [(1, "Cy"), (1, "Bob"), (1, "Ann"), (4, "Eve"), (4, "Dee"), (6, "Fay")]
    assert [r.points for r in rows] == [3, 3, 3, 2, 2, 1]


def test_opponents_average_counts_every_human_meeting():
    rows = rank(SIX, SIX_TABLES, SIX_BYES, ["opponents_average"])
    # Ann met Cy (3) and Dee (2); Cy met Ann, Dee and Eve; Bob met Eve and Fay (1).
    # Dee (Ann, Cy, Fay) and Eve (Bob, Fay, Cy) both average 7/3 and stay tied.
    assert order(rows) == [(1, "Ann"), (2, "Cy"), (3, "Bob"), (4, "Eve"), (4, "Dee"), (6, "Fay")]
    values = {r.player: r.tiebreaks[0] for r in rows}
    assert values["Ann"] == 2.5
    assert values["Cy"] == values["Dee"] == values["Eve"] == pytest.approx(7 / 3)
    assert values["Bob"] == 1.5
    assert values["Fay"] == pytest.approx((2 + 3 + 2) / 3)


def test_outlasted_sum_adds_the_scores_of_those_outlasted_and_half_of_those_tied():
    rows = rank(SIX, SIX_TABLES, SIX_BYES, ["outlasted_sum"])
    values = {r.player: r.tiebreaks[0] for r in rows}
    # Ann outlasted Cy (3) and Dee (2); Cy outlasted Dee (2), then Eve (2) and a bot.
    assert values == {"Ann": 5, "Cy": 4, "Bob": 3, "Dee": 1, "Eve": 1, "Fay": 0}
    assert order(rows) == [(1, "Ann"), (2, "Cy"), (3, "Bob"), (4, "Eve"), (4, "Dee"), (6, "Fay")]
    # A tie earns half the opponent's final score: Ann and Bob end on 1.5 each.
    tied = [table(1, 1, ("Ann", 1), ("Bob", 1), (BOT, 3))]
    assert [r.tiebreaks for r in rank(["Ann", "Bob"], tied, tiebreaks=["outlasted_sum"])] == [
        (0.75,),
        (0.75,),
    ]


def test_table_wins_count_shared_first_places_then_fewest_lives_lost():
    # Ann, Bob and Cy score 2 each: Ann 2nd of four, Bob 1st of three, Cy 1st of four
    # shared with two bots (1/2 + 1/2 + 1).
    tables = [
        table(1, 1, (BOT, 1), ("Ann", 2, 1), (BOT, 3), (BOT, 4)),
        table(1, 2, ("Bob", 1, 3), (BOT, 2), (BOT, 3)),
        table(1, 3, ("Cy", 1, 1), (BOT, 1), (BOT, 1), (BOT, 4)),
    ]
    players = ["Ann", "Bob", "Cy"]
    assert [r.points for r in rank(players, tables)] == [2, 2, 2]
    rows = rank(players, tables, tiebreaks=["table_wins"])
    assert order(rows) == [(1, "Bob"), (1, "Cy"), (3, "Ann")]
    rows = rank(players, tables, tiebreaks=["table_wins", "lives_lost"])
    assert order(rows) == [(1, "Cy"), (2, "Bob"), (3, "Ann")]
    assert [r.tiebreaks for r in rows] == [(1, 1), (1, 3), (0, 1)]
    assert [r.lives_lost for r in rows] == [1, 3, 1]
    # Fewest lives lost first, whatever comes later.
    rows = rank(players, tables, tiebreaks=["lives_lost", "table_wins"])
    assert order(rows) == [(1, "Cy"), (2, "Ann"), (3, "Bob")]


# Ann, Bob, Cy and Dee end on 3 each. Among the four, head to head leaves Bob and Cy
# tied (Cy outlasted Dee); once Dee is out of the tie (more lives lost), it is Ann 2,
# Bob 1, Cy 0.
H2H = ["Dee", "Cy", "Bob", "Ann"]
H2H_TABLES = [
    table(1, 1, ("Ann", 1, 0), ("Bob", 2, 1), ("Cy", 3, 1), (BOT, 4)),
    table(1, 2, ("Dee", 1, 2), (BOT, 2), (BOT, 3)),
    table(2, 1, ("Cy", 1, 0), ("Dee", 2, 2), (BOT, 3)),
    table(2, 2, (BOT, 1), (BOT, 2), ("Ann", 3, 1)),
    table(2, 3, (BOT, 1), ("Bob", 2, 0), (BOT, 3)),
]


def test_head_to_head_counts_only_games_among_the_players_still_tied():
    rows = rank(H2H, H2H_TABLES, tiebreaks=["head_to_head"])
    assert [r.points for r in rows] == [3, 3, 3, 3]
    assert order(rows) == [(1, "Ann"), (2, "Cy"), (2, "Bob"), (4, "Dee")]
    assert [r.tiebreaks for r in rows] == [(2,), (1,), (1,), (0,)]
    rows = rank(H2H, H2H_TABLES, tiebreaks=["lives_lost", "head_to_head"])
    assert order(rows) == [(1, "Ann"), (2, "Bob"), (3, "Cy"), (4, "Dee")]
    # Dee was no longer tied when head to head applied: no value shown.
    assert [r.tiebreaks for r in rows] == [(1, 2), (1, 1), (1, 0), (4, None)]


def test_head_to_head_can_leave_part_of_a_three_way_tie_shared():
    tables = [
        table(1, 1, ("Ann", 2), ("Bob", 1), ("Cy", 1), (BOT, 4)),
        table(2, 1, (BOT, 1), ("Ann", 2), (BOT, 2), (BOT, 4)),
        table(2, 2, ("Bob", 3), (BOT, 1), (BOT, 2)),
        table(2, 3, ("Cy", 3), (BOT, 1), (BOT, 2)),
    ]
    # Ann 1 + 1.5, Bob and Cy 2.5 + 0. Among them Bob and Cy each outlasted Ann and
    # tied with each other: 1.5 each, Ann 0.
    rows = rank(["Ann", "Bob", "Cy"], tables, tiebreaks=["head_to_head"])
    assert [r.points for r in rows] == [2.5, 2.5, 2.5]
    assert order(rows) == [(1, "Bob"), (1, "Cy"), (3, "Ann")]
    assert [r.tiebreaks for r in rows] == [(1.5,), (1.5,), (0,)]


def test_lots_break_every_tie_deterministically_for_a_seed():
    players = list(range(10))
    lots = [order(rank(players, tiebreaks=["lots"], seed=seed)) for seed in range(20)]
    assert all(ranks == list(range(1, 11)) for ranks in ([r for r, _ in o] for o in lots))
    assert lots[0] == order(rank(players, tiebreaks=["lots"], seed=0))
    assert any(o != lots[0] for o in lots[1:])
    # The draw does not depend on the order the players are listed in.
    assert order(rank(players[::-1], tiebreaks=["lots"], seed=0)) == lots[0]
    # String seeds draw too; the values shown are the lots drawn.
    rows = rank(players, tiebreaks=["lots"], seed="event-7")
    assert sorted(r.tiebreaks[0] for r in rows) == list(range(1, 11))
    assert [r.tiebreaks[0] for r in rows] == sorted(r.tiebreaks[0] for r in rows)


def test_lots_only_break_ties_left_by_the_earlier_keys():
    for seed in range(10):
        rows = rank(SIX, SIX_TABLES, SIX_BYES, ["opponents_average", "lots"], seed=seed)
        assert [r.player for r in rows[:3]] == ["Ann", "Cy", "Bob"]
        assert [r.rank for r in rows] == [1, 2, 3, 4, 5, 6]
        assert {r.player for r in rows[3:5]} == {"Dee", "Eve"}
        assert [r.tiebreaks[1] for r in rows[:3]] == [None, None, None]


# Validation


@pytest.mark.parametrize(
    ("players", "tables", "byes", "tiebreaks", "message"),
    [
        (["Ann"], [], [], ["buchholz"], "unknown tie-break 'buchholz'"),
        (["Ann"], [], [], ["lots", "lots"], "listed twice"),
        (["Ann", "Ann"], [], [], [], "listed twice"),
        (["Ann"], [table(1, 1, ("Ann", 1), ("Zed", 2))], [], [], "'Zed', who is not"),
        (["Ann"], [], [Bye(1, "Zed", 1, 1)], [], "'Zed', who is not"),
        (
            ["Ann", "Bob"],
            [table(1, 1, ("Ann", 1), ("Bob", 2)), table(1, 2, ("Ann", 1), (BOT, 2))],
            [],
            [],
            "'Ann' is entered twice in round 1",
        ),
        (["Ann"], [table(2, 1, ("Ann", 1), (BOT, 2))], [Bye(2, "Ann", 1, 1)], [], "twice"),
        (["Ann"], [table(1, 1, ("Ann", 1), ("Ann", 2))], [], [], "twice"),
        (["Ann"], [table(1, 1, ("Ann", 0), (BOT, 2))], [], [], "places start at 1"),
    ],
)
def test_bad_results_are_refused_with_a_clear_message(players, tables, byes, tiebreaks, message):
    with pytest.raises(ValueError, match=message):
        rank(players, tables, byes, tiebreaks)


def test_bad_scorings_and_withdrawals_are_refused():
    with pytest.raises(ValueError, match="places scoring needs points"):
        Scoring("places")
    with pytest.raises(ValueError, match="unknown scoring 'elo'"):
        Scoring("elo")
    with pytest.raises(ValueError, match="must not rise"):
        Scoring("places", (1, 2))
    with pytest.raises(ValueError, match="withdrawn 'Zed'"):
        rank(["Ann"], withdrawn=["Zed"])


# Meetings and CSV


def test_meetings_count_human_pairs_over_the_event():
    met = meetings(SIX_TABLES + [table(3, 1, ("Ann", 1), ("Cy", 2), (BOT, 3))])
    assert met[frozenset(("Ann", "Cy"))] == 2
    assert met[frozenset(("Cy", "Eve"))] == 1
    assert frozenset(("Ann", "Bob")) not in met
    assert all(None not in pair for pair in met)
    assert sum(met.values()) == 3 + 3 + 1 + 1 + 1


def test_csv_has_a_header_then_a_row_per_player():
    keys = ["opponents_average", "head_to_head"]
    rows = rank(SIX, SIX_TABLES, SIX_BYES, keys, withdrawn={"Fay"})
    csv = csv_rows(rows, 3, [TIEBREAKS[k] for k in keys], name=str.upper)
    assert csv[0] == [
        "Rank",
        "Player",
        "Points",
        "Percentage",
        "Games",
        "Table wins",
        "Opponents' average",
        "Head to head",
        "Round 1",
        "Round 2",
        "Round 3",
    ]
    assert csv[1] == ["1", "ANN", "3", "75", "1", "1", "2.5", "", "T1 P1 (2)", "bye (1)", ""]
    assert csv[2] == ["2", "CY", "3", "75", "2", "1", "2.33", "", "T1 P2 (1)", "T1 P1 (2)", ""]
    assert csv[4][:2] == ["4", "EVE"] and csv[4][7] == "0"
    assert csv[6][:4] == ["6", "FAY (withdrawn)", "1", "25"]
    assert len(csv) == 7 and all(len(line) == len(csv[0]) for line in csv)


def test_csv_numbers_have_no_trailing_zeros():
    rows = rank(["Ann"], [table(1, 4, ("Ann", 2), (BOT, 1), (BOT, 2))], [Bye(2, "Ann", 1, 3)])
    assert rows[0].percentage == pytest.approx(100 * 1.5 / 5)
    assert csv_rows(rows, 2, [], name=str)[1] == [
        "1",
        "Ann",
        "1.5",
        "30",
        "1",
        "0",
        "T4 P2 (0.5)",
        "bye (1)",
    ]


def test_csv_shows_table_wins_once_and_no_ranks_before_a_game():
    """With table wins a tie-break, their own column is left out (not shown twice);
    with nothing played, the rows are there without ranks."""
    keys = ["table_wins", "head_to_head"]
    rows = rank(SIX, SIX_TABLES, SIX_BYES, keys)
    csv = csv_rows(rows, 3, [TIEBREAKS[k] for k in keys], name=str, table_wins=False)
    assert csv[0][:7] == [
        "Rank",
        "Player",
        "Points",
        "Percentage",
        "Games",
        "Table wins",
        "Head to head",
    ]
    assert csv[0].count("Table wins") == 1
    assert [line[5] for line in csv[1:]] == [str(row.table_wins) for row in rows]
    early = csv_rows(rank(SIX), 3, [], name=str, ranked=False)
    assert [line[0] for line in early[1:]] == [""] * len(SIX)
    assert [line[1] for line in early[1:]] == [str(row.player) for row in rank(SIX)]
