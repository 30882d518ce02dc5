"""A simulated multi-table knockout (issue 24's balancing figure), played by bots with
the real engine, balanced by `tournaments.formats.knockout.balancing.balance` or by a
naive balancer.

Every table plays its deals in step: deal 1 at every table, then the players who lost
their last life leave (`places_out` ranks them), then the layout is balanced, then deal
2, and so on until one player is left. A deal is a one-round game of the engine
(`new_game` with the table's players in seat order and the next dealer), the players'
lives set to what they have in the event before the first move (lives carry with a
moved player). When the round ends on the deal itself (a blitz dealt), the lives could
not be set in time; that does not matter, since what the deal costs each seat
(`RoundResult.lives_lost`) does not depend on their lives under these rules, and the
event applies it itself like the engine does (a player at 0 lives is on the county; a
loss there puts them out).

The naive balancer breaks tables by the same rule, but sends the broken table's
players to empty seats drawn anywhere, and balances by moving a random player of the
largest table to a random empty seat of the smallest. Both see the same deals on the
same seeds until their layouts differ.

Checked at every step: no deal starts while a move is pending (`is_balanced` holds
before every deal), table sizes differ by at most one whenever there is more than one
table, and nobody is lost or seated twice.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from games.engine.bots import make_bot
from games.engine.game import new_game
from games.engine.randomness import SeededDeckSource
from games.engine.rules import Rules
from games.engine.state import PlayerState
from lab.simulate import play_move
from tournaments.formats.knockout.balancing import (
    BALANCE,
    BREAK,
    Balancing,
    Exit,
    Move,
    Table,
    apply_moves,
    balance,
    first_tables,
    is_balanced,
    places_out,
    record_moves,
    remove_players,
)

RULES = Rules.preset("scat")  # three lives and the county
LEVEL = "medium"
PLAYERS = 50
SEATS = 6

Balancer = Callable[[Sequence[Table[int]], Mapping[int, int], str], Balancing[int]]


def naive_balance(tables: Sequence[Table[int]], moved: Mapping[int, int], seed: str):
    """The same breaks, with seats drawn anywhere; then random players of the largest
    table to random empty seats of the smallest, until sizes are within one."""
    rng = random.Random(seed)
    layout = list(tables)
    moves: list[Move[int]] = []
    broken: list[int] = []
    while True:
        smallest = min(layout, key=lambda t: (t.size, -t.number))
        others = [t for t in layout if t is not smallest]
        if others and smallest.size <= sum(t.empty for t in others):
            free = [(t.number, s) for t in others for s, p in enumerate(t.seats) if p is None]
            step = []
            for seat, player in enumerate(smallest.seats):
                if player is not None:
                    to_table, to_seat = free.pop(rng.randrange(len(free)))
                    step.append(Move(player, smallest.number, seat, to_table, to_seat, BREAK))
            layout = [t for t in apply_moves(layout, step) if t.number != smallest.number]
            moves += step
            broken.append(smallest.number)
            continue
        sizes = [t.size for t in layout]
        if max(sizes) - min(sizes) <= 1:
            break
        source = max(layout, key=lambda t: (t.size, -t.number))
        target = min(layout, key=lambda t: (t.size, t.number))
        seat = rng.choice([s for s, p in enumerate(source.seats) if p is not None])
        to_seat = rng.choice([s for s, p in enumerate(target.seats) if p is None])
        move = Move(source.seats[seat], source.number, seat, target.number, to_seat, BALANCE)
        layout = list(apply_moves(layout, [move]))
        moves.append(move)
    return Balancing(tuple(moves), tuple(broken), tuple(layout))


BALANCERS: dict[str, Balancer] = {"TDA": balance, "naive": naive_balance}


def play_deal(
    players: Sequence[int], lives: Sequence[int], dealer: int, seed: str
) -> tuple[tuple[int, ...], tuple[float, ...]]:
    """One deal at a table: what it cost each seat and the hands' values at the end."""
    names = [f"P{p}" for p in players]
    state, _ = new_game(RULES, names, SeededDeckSource(seed), dealer=dealer)
    if state.last_round is None:  # not ended on the deal: give everyone their lives
        chips = RULES.chips
        state = state._replace(players=tuple(PlayerState(n, 0, chips) for n in lives))
        bots = [make_bot(LEVEL, seed=p) for p in players]
        while state.last_round is None:
            _, state, _ = play_move(bots, state)
    result = state.last_round
    return result.lives_lost, tuple(v or 0.0 for v in result.values)


@dataclass
class Run:
    """One knockout: table changes per player, deals, and the invariants checked."""

    moves: dict[int, int] = field(default_factory=dict)
    balancing_moves: int = 0
    break_moves: int = 0
    breaks: int = 0
    deals: int = 0
    checks: int = 0
    seat_gaps: list[int] = field(default_factory=list)  # |turn place before - after|
    places: dict[int, int] = field(default_factory=dict)


def knockout(seed: int, balancer: Balancer, players: int = PLAYERS, seats: int = SEATS) -> Run:
    tables = first_tables(list(range(players)), seats, f"ko-{seed}")
    lives = dict.fromkeys(range(players), RULES.lives)
    run = Run(moves=dict.fromkeys(range(players), 0))
    moved: dict[int, int] = {}
    while len(lives) > 1:
        # Invariants: nothing pending, sizes within one, everyone seated once.
        if not is_balanced(tables):
            raise AssertionError(f"deal {run.deals + 1} would start with a move pending")
        seated = sorted(p for t in tables for p in t.players)
        if seated != sorted(lives):
            raise AssertionError("a player was lost or seated twice")
        run.checks += 1
        run.deals += 1
        exits, after = [], []
        for t in tables:
            order = [s for s, p in enumerate(t.seats) if p is not None]
            at = [t.seats[s] for s in order]
            dealer = t.next_dealer()
            lost, values = play_deal(
                at, [lives[p] for p in at], order.index(dealer), f"{seed}-{run.deals}-{t.number}"
            )
            for p, cost, value in zip(at, lost, values, strict=True):
                if cost and lives[p] == 0:  # on the county: out
                    exits.append(Exit(p, 0, value))
                elif cost:
                    lives[p] = max(0, lives[p] - cost)
            after.append(Table(t.number, t.seats, dealer))
        if len(exits) == len(lives):  # cannot happen in 31: someone survives a round
            raise AssertionError("everyone went out on one deal")
        run.places.update(places_out(exits, len(lives)))
        for e in exits:
            del lives[e.player]
        tables = remove_players(after, [e.player for e in exits])
        result = balancer(tables, moved, f"{seed}-{run.deals}")
        layout = tables
        for move in result.moves:
            if move.reason == BALANCE:
                source = next(t for t in layout if t.number == move.from_table)
                before = source.turn_place(move.from_seat)
                layout = apply_moves(layout, [move])
                target = next(t for t in layout if t.number == move.to_table)
                run.seat_gaps.append(abs(target.turn_place(move.to_seat) - before))
                run.balancing_moves += 1
            else:
                layout = apply_moves(layout, [move])
                run.break_moves += 1
            run.moves[move.player] += 1
        run.breaks += len(result.broken)
        record_moves(moved, result.moves)
        tables = tuple(t for t in result.tables if t.size)
        if len(tables) > 1 and max(t.size for t in tables) - min(t.size for t in tables) > 1:
            raise AssertionError("table sizes differ by two after balancing")
    (winner,) = lives
    run.places[winner] = 1
    return run


def figures(seeds: int, say: Callable[[str], None]) -> list[str]:
    """Run both balancers on `seeds` events; print progress; return the summary lines."""
    runs: dict[str, list[Run]] = {name: [] for name in BALANCERS}
    for seed in range(seeds):
        for name, balancer in BALANCERS.items():
            runs[name].append(knockout(seed, balancer))
        if (seed + 1) % 5 == 0 or seed + 1 == seeds:
            so_far = "  ".join(
                f"{n} max {statistics.fmean(max(r.moves.values()) for r in rs):.2f}"
                for n, rs in runs.items()
            )
            say(f"  {seed + 1}/{seeds} knockouts; mean of the most moves of a player: {so_far}")
    lines = [
        f"Knockout: {PLAYERS} players at {SEATS}-seat tables, {LEVEL} bots, "
        f"{RULES.lives} lives and the county, {seeds} events per balancer:"
    ]
    for name, rs in runs.items():
        per_player = [m for r in rs for m in r.moves.values()]
        maxima = [max(r.moves.values()) for r in rs]
        lines.append(
            f"  {name:<5}  table changes per player: mean {statistics.fmean(per_player):.2f},"
            f" max per event mean {statistics.fmean(maxima):.2f} (worst {max(maxima)});"
            f" players moved 2+ times {sum(m >= 2 for m in per_player) / len(rs):.1f}/event"
        )
        lines.append(
            f"         per event: {statistics.fmean(r.balancing_moves for r in rs):.1f}"
            f" balancing moves, {statistics.fmean(r.break_moves for r in rs):.1f} break"
            f" seats over {statistics.fmean(r.breaks for r in rs):.1f} breaks,"
            f" {statistics.fmean(r.deals for r in rs):.1f} deals; turn place kept by"
            f" {_share(r.seat_gaps for r in rs)} of balancing moves"
            f" (mean gap {statistics.fmean(g for r in rs for g in r.seat_gaps):.2f})"
        )
    checks = sum(r.checks for rs in runs.values() for r in rs)
    lines.append(
        f"  checked before each of {checks} deals: no move pending, sizes within 1 while"
        " more than one table, every player seated once (all held)"
    )
    return lines


def _share(gaps) -> str:
    flat = [g for part in gaps for g in part]
    return f"{sum(g == 0 for g in flat) / len(flat):.0%}" if flat else "n/a"
