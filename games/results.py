"""A game's results as data: who came where, with what, and who played their turns.

Written on `GamePlayer` by `games.services` in the same transaction as the game's last
event (the one that finishes it, or `game_ended_early`), and backfilled for older games
by migration 0007 from their event logs. Read them with
`GamePlayer.objects.results_of(game)` (best first) or the columns themselves.

**Place** (1 = best; players who tie share a place, and the next place skips: 1, 2, 2,
4). It follows what the engine decided, never a judgement of its own:

1. The engine's winners (`Outcome.winners`) come first, and share place 1 when there
   are several (a drawn game). A game ended early has no winners.
2. Then players still in the game before those who went out.
3. Then by what they have at the end in the game's scoring: lives (a player on the
   county has 0), points, or chips.
4. Then, among players who went out, the later out the better. Players out in the same
   round tie: the engine breaks no such tie (its one tie-break, the final two's on card
   ranks, decides the winner, which rule 1 has).

So with lives it is the order of going out; with points, the score (the engine's
winners reached the target first); with banking, the chips, then the order out.

**Rounds lost**: rounds a player was dealt into and lost: with lives, a round that cost
them a life (or put them out); with points or banking, a round someone else took
(scored a point, won the pot) and they did not. Drawn rounds count for no one.

**bot_moves**: the moves a bot made for a person (away, or out of time): the log's
`GameEvent.by_bot` rows (a draw and a discard are two moves). **turns_timed_out_total**:
the turns whose time ran out (`turn_timed_out`), in the whole game (the player's
`turns_timed_out` counts only those in a row, for the away rule). Bots' own seats have 0.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from games.engine.events import MOVE_KINDS, EventData
from games.engine.state import GameState, PlayerState

# The log rows the results read (besides the final state).
RESULT_KINDS = ("round_ended", "player_out", "turn_timed_out")


@dataclass(frozen=True)
class Result:
    place: int
    lives: int | None
    points: int | None
    chips: int | None
    out_in_round: int | None
    rounds_lost: int
    bot_moves: int
    turns_timed_out_total: int

    def fields(self) -> dict[str, Any]:
        return dict(self.__dict__)


FIELDS = tuple(Result.__dataclass_fields__)


def compute(
    state: GameState,
    rows: Iterable[tuple[str, int | None, EventData, bool]],
    *,
    ended_early: bool,
) -> list[Result]:
    """The results of the game whose final state is `state`, one per seat, from its log
    `rows` in order, as (kind, seat, data, by_bot) (rows of other kinds are ignored).
    `ended_early`: the game was stopped before the engine's outcome (no winners)."""
    scoring = state.rules.scoring
    tally = _tally(rows, scoring, len(state.players))
    winners = () if ended_early or state.outcome is None else tuple(state.outcome.winners)
    places = _places(state.players, scoring, winners, tally.out_in_round)
    return [
        Result(
            place=places[s],
            lives=p.lives if scoring == "lives" else None,
            points=p.points if scoring == "points" else None,
            chips=p.chips if scoring == "banking" else None,
            out_in_round=tally.out_in_round[s] if p.out else None,
            rounds_lost=tally.rounds_lost[s],
            bot_moves=tally.bot_moves[s],
            turns_timed_out_total=tally.timed_out[s],
        )
        for s, p in enumerate(state.players)
    ]


class _Tally(NamedTuple):
    """What the log says of each seat: rounds lost, moves a bot made for them, turns
    timed out, and the round they went out in (None: never out)."""

    rounds_lost: list[int]
    bot_moves: list[int]
    timed_out: list[int]
    out_in_round: list[int | None]


def _tally(
    rows: Iterable[tuple[str, int | None, EventData, bool]], scoring: str, count: int
) -> _Tally:
    tally = _Tally([0] * count, [0] * count, [0] * count, [None] * count)
    last_round = 0
    for kind, seat, data, by_bot in rows:
        if by_bot and seat is not None and kind in MOVE_KINDS:
            tally.bot_moves[seat] += 1
        if kind == "turn_timed_out" and seat is not None:
            tally.timed_out[seat] += 1
        elif kind == "player_out" and seat is not None:
            tally.out_in_round[seat] = last_round
        elif kind == "round_ended":
            last_round = data["round_no"]
            for s in _losers(scoring, data, count):
                tally.rounds_lost[s] += 1
    return tally


def _places(
    players: Sequence[PlayerState],
    scoring: str,
    winners: tuple[int, ...],
    out_in_round: Sequence[int | None],
) -> list[int]:
    """Each seat's place, by the rules above (1 = best, ties share a place)."""
    keys = [
        (
            s in winners,
            not p.out,
            _score(scoring, p),
            out_in_round[s] if p.out and out_in_round[s] is not None else -1,
        )
        for s, p in enumerate(players)
    ]
    return [1 + sum(other > key for other in keys) for key in keys]


def _score(scoring: str, player: PlayerState) -> int:
    if scoring == "points":
        return player.points
    if scoring == "banking":
        return player.chips
    return player.lives


def _losers(scoring: str, data: EventData, count: int) -> list[int]:
    """The seats that lost the round `data` (a `round_ended` event's)."""
    hands = data.get("hands") or (None,) * count
    dealt = [s for s in range(count) if hands[s] is not None]
    if scoring == "lives":
        lost = data.get("lives_lost") or (0,) * count
        return [s for s in dealt if lost[s] > 0 or s in (data.get("eliminated") or ())]
    won = data.get("points_won") if scoring == "points" else data.get("chips_won")
    won = won or (0,) * count
    if not any(won[s] > 0 for s in dealt):
        return []  # a drawn round (or a pot no one could take)
    return [s for s in dealt if won[s] <= 0]
