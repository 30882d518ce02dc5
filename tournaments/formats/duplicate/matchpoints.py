"""Duplicate 31 (docs/tournaments.md#matchpoints): every table plays the same boards,
and each player is compared only with the players who held the same seat on the same
board elsewhere. Pure Python: no Django, no I/O.

**A board is one deal**: one round of 31 from a recorded deck order with a given
dealer seat, every seat starting it with the same lives (the rules' starting lives).
Seat k at every table of the same size gets the same cards, the same up-card, the same
place in the order of play and the same lives, so the only thing that differs between
the tables is how the players played. The other reading, a board played with the
lives carried over from the boards before, is not fair: a player who lost two lives on
board 1 to a hand nobody could have saved plays board 2 on the county, where a bot or a
person plays differently (and may go out and play nothing at all), so later boards
would depend on the luck of earlier ones and the seats would no longer be comparable.
A board played as a fresh deal keeps every board independent.

**A seat's result** on a board (`Result`) is what the deal cost it and the hand it
ended with. The comparison key (`result_key`) is the lives lost first, fewer better
(the outcome of the round: safe, lost a life, lost two as a failed knocker), then the
value of the hand at the end of the deal, higher better. Most seats lose nothing on a
deal, so the outcome alone would tie nearly everyone; among seats with the same
outcome, the higher hand was further from losing (it would have survived a lower
knock), so it is the better play of the same cards. Equal keys tie.

**Matchpoints** (`matchpoints`): in each comparison (a board and a seat), a result
earns 1 for every result it beats and ½ for every tie: with n results the top is n-1
and the comparison hands out n(n-1)/2 in all. When a comparison has fewer results than
`expected` (the most any comparison in the event has, unless the caller says: a table
that did not play a board, a result cancelled), Neuberg's formula scales it to the
expected number, as in duplicate bridge: MP' = (MP + ½)·N/n − ½, with n the results
in the comparison and N those expected. It treats each of the n results as if it had
been played N/n times: a sole top among n results stays a top among N only if the
missing results were all worse, which is likely but not certain, so it gets a little
less than the full top N-1 (and a sole bottom a little more than 0). The results of a
comparison still average half the top, (N-1)/2, as in a full one, and a result alone
gets exactly that.

**Percentages** (`percentages`): a player's matchpoints over their tops (N-1 per
board), in percent. Bots fill short tables: their results count (they are beaten or
not like anyone) but they are not ranked.

**Seat rotation** (`rotation`): over the rounds (each a set of boards) the players at
a table move round the seats like the rows of a Latin square, so that over as many
rounds as seats every player has held every seat exactly once; optionally they also
change tables (a Mitchell-like movement) so they meet other players.

Matchpoints are added up as exact fractions and handed out as floats.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

P = TypeVar("P", bound=Hashable)


@dataclass(frozen=True)
class Result(Generic[P]):
    """One seat's result on one board at one table; `player` None for a bot."""

    board: int
    table: int
    seat: int
    player: P | None
    lives_lost: int
    hand_value: float


def result_key(lives_lost: int, hand_value: float) -> tuple[int, float]:
    """What results are compared by: a greater key is a better result (fewer lives lost,
    then a higher hand)."""
    return (-lives_lost, hand_value)


def _key(result: Result[P]) -> tuple[int, float]:
    return result_key(result.lives_lost, result.hand_value)


def neuberg(mp: Fraction | float, n: int, expected: int) -> Fraction:
    """Matchpoints `mp` earned among `n` results, scaled to `expected` results:
    (mp + ½)·expected/n − ½ (Neuberg's formula; unchanged when n == expected)."""
    if not 1 <= n <= expected:
        raise ValueError(f"results must be 1..{expected}; got {n}")
    half = Fraction(1, 2)
    return (Fraction(mp) + half) * Fraction(expected, n) - half


@dataclass(frozen=True)
class Scored(Generic[P]):
    """A result with its matchpoints: `raw` among the results there were, `matchpoints`
    after Neuberg's formula, out of `top` (expected − 1)."""

    result: Result[P]
    raw: float
    matchpoints: float
    top: int
    compared: int  # the results in its comparison, itself included


def _groups(results: Iterable[Result[P]]) -> dict[tuple[int, int], list[Result[P]]]:
    groups: dict[tuple[int, int], list[Result[P]]] = defaultdict(list)
    seats: dict[tuple[int, int], set[int]] = defaultdict(set)
    for r in results:
        if r.seat in seats[r.board, r.table]:
            raise ValueError(f"seat {r.seat} of table {r.table} has two results on board {r.board}")
        seats[r.board, r.table].add(r.seat)
        groups[r.board, r.seat].append(r)
    return groups


def _matchpoints(
    results: Iterable[Result[P]], expected: int | None
) -> list[tuple[Result[P], Fraction, Fraction, int, int]]:
    groups = _groups(results)
    most = max((len(g) for g in groups.values()), default=0)
    if expected is None:
        expected = most
    elif expected < most:
        raise ValueError(f"a comparison has {most} results, more than the {expected} expected")
    scored = []
    for _, group in sorted(groups.items(), key=lambda item: item[0]):
        keys = [_key(r) for r in group]
        for r, mine in zip(group, keys, strict=True):
            raw = sum(
                (Fraction(1) if mine > k else Fraction(1, 2) if mine == k else Fraction(0))
                for k in keys
            ) - Fraction(1, 2)  # itself counted as a tie above
            scored.append((r, raw, neuberg(raw, len(group), expected), expected - 1, len(group)))
    return scored


def matchpoints(results: Iterable[Result[P]], expected: int | None = None) -> list[Scored[P]]:
    """Every result's matchpoints against the results of the same seat on the same board
    (module docstring), by board, seat and then the order given. `expected`: the results
    a comparison should have (default: the most any has). Raises ValueError for two
    results of one seat at one table on a board, or a comparison bigger than `expected`.
    Tables of different sizes play different boards: give each size its own board
    numbers, since seat k of a four-seat deal is not seat k of a five-seat one."""
    return [
        Scored(r, float(raw), float(mp), top, n)
        for r, raw, mp, top, n in _matchpoints(results, expected)
    ]


def travellers(scored: Iterable[Scored[P]]) -> dict[tuple[int, int], list[Scored[P]]]:
    """The results of each (board, seat) across the tables, best first (table order on
    a tie): what a traveller slip shows."""
    found: dict[tuple[int, int], list[Scored[P]]] = defaultdict(list)
    for s in scored:
        found[s.result.board, s.result.seat].append(s)
    return {
        key: sorted(rows, key=lambda s: (-s.matchpoints, s.result.table))
        for key, rows in sorted(found.items())
    }


@dataclass(frozen=True)
class Standing(Generic[P]):
    player: P
    matchpoints: float
    top: int  # the most they could have had: (expected − 1) per board
    percentage: float
    boards: int


def percentages(results: Iterable[Result[P]], expected: int | None = None) -> list[Standing[P]]:
    """Each player's matchpoints over their tops, best first (first seen first on a tie;
    bots are left out). A player whose boards had no one to compare with (one table)
    gets 50%."""
    totals: dict[P, tuple[Fraction, int, int]] = {}  # matchpoints, tops, boards
    for r, _, mp, top, _ in _matchpoints(results, expected):
        if r.player is None:
            continue
        mps, tops, boards = totals.get(r.player, (Fraction(0), 0, 0))
        totals[r.player] = (mps + mp, tops + top, boards + 1)
    rows = [
        Standing(p, float(mp), top, float(mp / top * 100) if top else 50.0, boards)
        for p, (mp, top, boards) in totals.items()
    ]
    return sorted(rows, key=lambda s: -s.percentage)


def rotation(
    tables: Sequence[Sequence[P]], rounds: int, move_tables: bool = False
) -> list[list[list[P]]]:
    """Who sits where in each round: `result[r][t][k]` is the player in seat k of table
    t in round r (0-based), from the first round's `tables`. In round r the player who
    started in seat j holds seat (j + r) mod the table's size, so over `size` rounds
    everyone holds every seat once (a Latin square), and over more rounds every seat
    equally often, give or take one. With `move_tables` (all tables the same size),
    that player also moves j·r tables on (mod the tables): the players of a seat keep
    moving together, as in a Mitchell movement, so tables mix from round to round
    while every table and seat still has exactly one player."""
    if rounds < 1:
        raise ValueError(f"a duplicate event needs a round at least; got {rounds}")
    count = len(tables)
    sizes = {len(t) for t in tables}
    if move_tables and len(sizes) > 1:
        raise ValueError("moving tables needs tables of one size")
    schedule = []
    for r in range(rounds):
        now: list[list[P | None]] = [[None] * len(t) for t in tables]
        for t, table in enumerate(tables):
            size = len(table)
            for j, player in enumerate(table):
                there = (t + j * r) % count if move_tables else t
                now[there][(j + r) % size] = player
        schedule.append([[p for p in row if p is not None] for row in now])
    return schedule
