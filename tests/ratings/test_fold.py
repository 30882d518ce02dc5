"""The fold's arithmetic is openskill's: a hand-computed four-player game with a tie
matches openskill called directly, and bots play at fixed ratings."""

from __future__ import annotations

import math
from datetime import UTC, datetime

from openskill.models import PlackettLuce

from ratings.bots import BOT_RATINGS
from ratings.fold import MU, SIGMA, Player, Record, Skill, displayed, fold, provisional, rate

AT = datetime(2026, 11, 24, tzinfo=UTC)


def four_with_a_tie() -> Record:
    """Ann first, Bob and Cy out on the same deal (a shared second place), Dee last."""
    return Record(
        game_id=1,
        family="lives",
        finished_at=AT,
        players=tuple(Player(place=p, user_id=u) for u, p in ((1, 1), (2, 2), (3, 2), (4, 4))),
    )


def by_hand(places: list[int], mu: float = MU, sigma: float = SIGMA) -> list[tuple[float, float]]:
    """Weng–Lin's Plackett–Luce update (their Algorithm 4) for newcomers, one per team,
    with openskill's two additions: τ added to σ first, and tied players sharing the
    mean of their μ changes."""
    beta, tau, kappa = 25 / 6, 25 / 300, 0.0001
    sigma2 = sigma**2 + tau**2
    n = len(places)
    c = math.sqrt(n * (sigma2 + beta**2))
    exp = math.exp(mu / c)  # every player has the same μ
    # C_q: the sum of exp(μ/c) over players placed at q's place or worse.
    sum_q = [sum(exp for r in places if r >= places[q]) for q in range(n)]
    a = [sum(1 for r in places if r == places[q]) for q in range(n)]
    out = []
    for i in range(n):
        omega = delta = 0.0
        for q in range(n):
            if places[q] <= places[i]:
                p = exp / sum_q[q]
                delta += p * (1 - p) / a[q]
                omega += ((1 - p) if q == i else -p) / a[q]
        omega *= sigma2 / c
        delta *= sigma2 / c**2 * (math.sqrt(sigma2) / c)  # γ = σ/c
        out.append((mu + omega, math.sqrt(sigma2 * max(1 - delta, kappa))))
    for place in set(places):
        tied = [i for i in range(n) if places[i] == place]
        shared = sum(out[i][0] - mu for i in tied) / len(tied)
        for i in tied:
            out[i] = (mu + shared, out[i][1])
    return out


def test_a_four_player_game_with_a_tie_matches_openskill_and_the_hand_computation() -> None:
    changes = rate(four_with_a_tie(), lambda user_id: Skill())
    model = PlackettLuce()
    direct = model.rate([[model.rating()] for _ in range(4)], ranks=[1, 2, 2, 4])
    assert [(c.after.mu, c.after.sigma) for c in changes] == [
        (team[0].mu, team[0].sigma) for team in direct
    ]
    for change, (mu, sigma) in zip(changes, by_hand([1, 2, 2, 4]), strict=True):
        assert math.isclose(change.after.mu, mu, rel_tol=1e-12)
        assert math.isclose(change.after.sigma, sigma, rel_tol=1e-12)
    first, second, third, last = changes
    assert first.after.mu > MU > last.after.mu
    assert second.after.mu == third.after.mu  # the tie shares its change
    assert [c.after.games for c in changes] == [1, 1, 1, 1]


def test_bots_play_at_their_fixed_rating_and_get_no_change() -> None:
    record = Record(
        game_id=2,
        family="points",
        finished_at=AT,
        players=(Player(place=1, bot_level="hard"), Player(place=2, user_id=1)),
    )
    (change,) = rate(record, lambda user_id: Skill())
    model = PlackettLuce()
    bot = model.rating(*BOT_RATINGS["points"]["hard"])
    direct = model.rate([[bot], [model.rating()]], ranks=[1, 2])
    assert (change.after.mu, change.after.sigma) == (direct[1][0].mu, direct[1][0].sigma)


def test_a_player_a_bot_played_for_gains_less_and_loses_more() -> None:
    def game(bot_moves: int) -> Record:
        return Record(
            game_id=3,
            family="lives",
            finished_at=AT,
            players=(
                Player(place=1, user_id=1, bot_moves=bot_moves, moves=40),
                Player(place=2, user_id=2),
                Player(place=3, user_id=3, bot_moves=bot_moves, moves=40),
            ),
        )

    full = rate(game(0), lambda user_id: Skill())
    half = rate(game(20), lambda user_id: Skill())
    assert half[0].weight == 0.75 and full[0].weight == 1.0
    assert MU < half[0].after.mu < full[0].after.mu
    assert half[2].after.mu < full[2].after.mu < MU
    assert Player(place=1, user_id=1, bot_moves=40, moves=40).weight == 0.5


def test_the_fold_carries_each_players_rating_from_game_to_game() -> None:
    state: dict = {}
    first, second = four_with_a_tie(), Record(2, "lives", AT, four_with_a_tie().players[:2])
    folded = list(fold([first, second], state))
    ann_after_first = folded[0][1][0].after
    assert folded[1][1][0].before == ann_after_first
    assert state[("lives", 1)] == folded[1][1][0].after
    assert state[("lives", 1)].games == 2


def test_the_displayed_rating_and_when_it_is_provisional() -> None:
    assert displayed(MU, 5.5) == 1500  # the prior's μ, just settled
    assert displayed(MU, SIGMA) == 1245  # a newcomer: shown "1245?"
    assert displayed(MU + 1, 5.5) == 1530
    assert provisional(SIGMA, 0) and provisional(5.0, 9) and provisional(5.6, 30)
    assert not provisional(5.5, 10)
