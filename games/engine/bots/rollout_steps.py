"""The rollouts one move at a time (`play_out_by_steps`: one `policy_action` and one
`apply_legal` a move, what the plain rounds' short way must match), and how a
rollout's end is judged (a `Scorer`): by the hard bot, the round played out
(`final_equity`) or cut short (`judge_now`, from `standings_now`); the review of a
finished game scores it by its own measure (docs/bots.md#the-review-of-a-finished-game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..game import apply_legal
from ..state import ROUND_OVER, GameState, PlayerState
from ..turns import play_order
from .common import equity, strength
from .knocking import KnockParams
from .policy import policy_action


class Scorer(NamedTuple):
    """How a rollout's end is worth to the seat `me`: the round played out (or the game
    over), and a round cut short at the rollouts' horizon."""

    played_out: Callable[[GameState, int], float]
    cut_short: Callable[[GameState, int], float]


def play_out_by_steps(
    state: GameState,
    me: int,
    params: KnockParams,
    max_actions: int,
    round_no: int,
    scorer: Scorer | None = None,
) -> tuple[float, int]:
    """`play_out`, one `policy_action` and `apply_legal` at a time: what the plain
    rounds' short way must match (tests/engine/test_rollouts.py)."""
    scorer = scorer or EQUITY
    actions = 0
    order = tuple(play_order(state.dealer, [p.out for p in state.players]))
    while state.round_no == round_no and state.phase != ROUND_OVER and state.outcome is None:
        if actions >= max_actions:
            return scorer.cut_short(state, me), actions
        seat = state.seat_on_turn
        state = apply_legal(state, policy_action(state, seat, order, params, seat == me))
        actions += 1
    return scorer.played_out(state, me), actions


def final_equity(state: GameState, me: int) -> float:
    if state.outcome is not None:
        winners = state.outcome.winners
        return 1.0 / len(winners) if me in winners else 0.0
    return equity(state.players, me, state.rules)


def judge_now(state: GameState, me: int) -> float:
    """A round cut short: score it as a showdown without a knocker (`standings_now`)."""
    rules = state.rules
    if rules.no_knock_when_all_on_county and all(
        state.players[s].lives == 0 for s in state.active_seats()
    ):
        keys = {s: strength(state.hands[s], rules) for s in state.active_seats()}
        # The race to 31: the closest is likeliest to get there.
        return 0.5 if keys[me] == max(keys.values()) else 0.0
    return equity(standings_now(state), me, rules)


def standings_now(state: GameState) -> list[PlayerState]:
    """Everyone's standing if the round were shown down now without a knocker: the
    lowest hand loses a life (lives), the highest wins a point (points) or the pot
    (chips). In the race to 31 on the county the closest is taken to win it: the others
    are out."""
    rules = state.rules
    seats = state.active_seats()
    keys = {s: strength(state.hands[s], rules) for s in seats}
    players = list(state.players)
    if rules.no_knock_when_all_on_county and all(players[s].lives == 0 for s in seats):
        best = max(keys.values())
        for s in seats:
            if keys[s] != best:
                players[s] = players[s]._replace(out=True)
    elif rules.scoring == "lives":
        low = min(keys.values())
        for s in seats:
            if keys[s] == low:
                p = players[s]
                players[s] = p._replace(out=True) if p.lives == 0 else p._replace(lives=p.lives - 1)
    elif rules.scoring == "points":
        high = max(keys.values())
        for s in seats:
            if keys[s] == high:
                players[s] = players[s]._replace(points=players[s].points + 1)
    else:
        high = max(keys.values())
        winners = [s for s in seats if keys[s] == high]
        for s in winners:
            players[s] = players[s]._replace(chips=players[s].chips + state.pot // len(winners))
    return players


# The hard bot's: a rollout's end scored by its equity.
EQUITY = Scorer(final_equity, judge_now)
