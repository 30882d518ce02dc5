"""Knockout events at several tables (issue 24): table balancing between deals, the
places of players who go out, and "top q of each table go through" rounds. Pure
Python: no Django, no I/O.

A **table** is a row of seats (`Table.seats`, as many as the table has, None for an
empty one) and a **button**: the seat that dealt the last deal. The next deal is dealt
by the first player clockwise after the button (seat numbers rise clockwise), and the
player after the dealer plays first, the dealer last. Players are any hashable values.

**Balancing** (`balance`), between deals, after the players who went out have left
(`remove_players`), by the rules poker tournament directors use (TDA style), in this
order, again and again until nothing applies:

1. **Break** a table with the fewest players as soon as its players fit into the empty
   seats of the other tables. Of several such tables, the one whose players have
   changed tables least (the most any of them has, then their total; then the highest
   number) breaks: poker breaks tables in a fixed order announced in advance, which
   sends the same players on from table to table as one after another breaks; this
   order is just as fixed (no director chooses) and spreads the moves instead. Its
   players draw their new seats at random, in seat order:
   each goes to a table with the fewest players (ties drawn), to a seat drawn among
   that table's empty ones. Filling the shortest tables first means a break never
   causes a balancing move of its own. The last break forms the final table: everyone
   fits at one table.
2. **Move** one player from the largest table (ties: the lowest number) to the
   smallest (ties: the lowest number) while they differ by two players or more.
   The player moved is one moved least so far (breaks count: a player just sent to a
   new table by a break is not the next to move), **to a comparable seat**, defined
   here as the same place in the turn order of the next deal. Poker moves the player
   who would next be in the big blind into the worst seat so that nobody skips or pays
   the blinds twice; 31 has no blinds, but the order of play matters (the first player
   draws blind to what the others keep; the last, the dealer, sees everyone's discards
   and answers a knock last), and the deal rotates one seat a deal at every table. So
   the mover's place in the next deal at the old table (1 = plays first, the table's
   size = deals) is compared with the place they would have at the new table, sitting
   in each empty seat: the pair (player, seat) with the smallest difference is chosen,
   ties drawn. A place is counted in players, not seats, since empty seats are skipped.

Everything random comes from one `random.Random(seed)`, and nothing depends on set or
hash order, so the same layout, counts and seed give the same moves. The result lists
every move in the order made, broken tables' draws included (`Move.reason`), so they can
be recorded and replayed (`apply_moves`).

**Places** (`places_out`): players who go out on the same deal (at any table: every
table plays its n-th deal before the balancing that follows it) rank by their lives at
the start of that deal (more is better), then by the value of the hand they went out
with (higher is better), and are tied after that; tied players share the best place
of those they cover (9, 9, 11).

**Top q rounds** (`top_q`), Board Game Arena's multiplayer elimination: instead of
balancing, each table plays a whole game, the players who finished in the first q
places of their table go through to the next round (reseated from scratch), the others
are out, ranked by their place at their table.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, replace
from typing import Generic, TypeVar

P = TypeVar("P", bound=Hashable)

BALANCE = "balance"
BREAK = "break"


@dataclass(frozen=True)
class Table(Generic[P]):
    """A table between deals: its `seats` (None = empty) and its `button`, the seat that
    dealt last (empty when that player has gone)."""

    number: int
    seats: tuple[P | None, ...]
    button: int = 0

    @property
    def players(self) -> tuple[P, ...]:
        return tuple(p for p in self.seats if p is not None)

    @property
    def size(self) -> int:
        return sum(p is not None for p in self.seats)

    @property
    def empty(self) -> int:
        return len(self.seats) - self.size

    def next_dealer(self) -> int | None:
        """The seat that deals next: the first player clockwise after the button."""
        m = len(self.seats)
        for step in range(1, m + 1):
            seat = (self.button + step) % m
            if self.seats[seat] is not None:
                return seat
        return None

    def turn_place(self, seat: int) -> int:
        """The place of the player at `seat` in the order of play of the next deal:
        1 plays first (after the dealer), the table's size is the dealer."""
        dealer = self.next_dealer()
        if dealer is None or self.seats[seat] is None:
            raise ValueError(f"seat {seat} of table {self.number} is empty")
        m = len(self.seats)
        mine = (seat - dealer - 1) % m
        return sum(p is not None and (i - dealer - 1) % m <= mine for i, p in enumerate(self.seats))


@dataclass(frozen=True)
class Move(Generic[P]):
    """One player changing tables: a balancing move, or a broken table's seat draw."""

    player: P
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str  # BALANCE or BREAK


@dataclass(frozen=True)
class Balancing(Generic[P]):
    """What `balance` decided: the moves in the order made, the tables broken (in that
    order), and the layout after them (broken tables left out)."""

    moves: tuple[Move[P], ...]
    broken: tuple[int, ...]
    tables: tuple[Table[P], ...]


def _check(tables: Sequence[Table[P]]) -> None:
    numbers = [t.number for t in tables]
    if len(set(numbers)) != len(numbers):
        raise ValueError(f"a table number is listed twice: {numbers}")
    seen: set = set()
    for t in tables:
        if not t.seats or not 0 <= t.button < len(t.seats):
            raise ValueError(f"table {t.number}: the button must be one of its seats")
        for p in t.players:
            if p in seen:
                raise ValueError(f"{p!r} is seated twice")
            seen.add(p)


def is_balanced(tables: Sequence[Table[P]]) -> bool:
    """Nothing for `balance` to do: no table can break, sizes differ by at most one."""
    return not _breakable(list(tables)) and _spread(tables) <= 1


def _spread(tables: Sequence[Table[P]]) -> int:
    sizes = [t.size for t in tables]
    return max(sizes) - min(sizes) if sizes else 0


def _breakable(tables: list[Table[P]], counts: Mapping[P, int] | None = None) -> Table[P] | None:
    """The table to break now, if any (the module docstring's rule 1)."""
    if len(tables) < 2:
        return None
    counts = counts or {}
    fewest = min(t.size for t in tables)
    room = sum(t.empty for t in tables)
    fits = [t for t in tables if t.size == fewest and t.size <= room - t.empty]
    if not fits:
        return None

    def moved(t: Table[P]) -> tuple[int, int, int]:
        mine = [counts.get(p, 0) for p in t.players]
        return (max(mine, default=0), sum(mine), -t.number)

    return min(fits, key=moved)


def _seat(table: Table[P], seat: int, player: P | None) -> Table[P]:
    seats = list(table.seats)
    seats[seat] = player
    return replace(table, seats=tuple(seats))


def balance(tables: Sequence[Table[P]], moved: Mapping[P, int], seed: int | str) -> Balancing[P]:
    """The breaks and moves to make now so that no table can break and table sizes
    differ by at most one (see the module docstring). `moved` counts each player's
    table changes so far (missing = 0); the caller adds the moves (`record_moves`).
    Raises ValueError for a player seated twice, a repeated table number or a button
    off the table."""
    _check(tables)
    rng = random.Random(seed)
    layout = list(tables)
    counts = dict(moved)
    moves: list[Move[P]] = []
    broken: list[int] = []

    def index(number: int) -> int:
        return next(k for k, t in enumerate(layout) if t.number == number)

    def make(move: Move[P]) -> None:
        source, target = index(move.from_table), index(move.to_table)
        layout[source] = _seat(layout[source], move.from_seat, None)
        layout[target] = _seat(layout[target], move.to_seat, move.player)
        counts[move.player] = counts.get(move.player, 0) + 1
        moves.append(move)

    while True:
        if (gone := _breakable(layout, counts)) is not None:
            for seat, player in enumerate(gone.seats):
                if player is None:
                    continue
                others = [t for t in layout if t.number != gone.number and t.empty]
                fewest = min(t.size for t in others)
                target = rng.choice([t for t in others if t.size == fewest])
                empty = [i for i, p in enumerate(target.seats) if p is None]
                make(Move(player, gone.number, seat, target.number, rng.choice(empty), BREAK))
            layout.pop(index(gone.number))
            broken.append(gone.number)
            continue
        if _spread(layout) <= 1:
            break
        source = max(layout, key=lambda t: (t.size, -t.number))
        target = min(layout, key=lambda t: (t.size, t.number))
        make(_balancing_move(source, target, counts, rng))
    return Balancing(tuple(moves), tuple(broken), tuple(layout))


def _balancing_move(
    source: Table[P], target: Table[P], counts: Mapping[P, int], rng: random.Random
) -> Move[P]:
    """Move a least-moved player of `source` to the empty seat of `target` whose place
    in the next deal's order is nearest to theirs at `source` (ties drawn)."""
    fewest = min(counts.get(p, 0) for p in source.players)
    options = []
    for seat, player in enumerate(source.seats):
        if player is None or counts.get(player, 0) != fewest:
            continue
        place = source.turn_place(seat)
        for to_seat, there in enumerate(target.seats):
            if there is None:
                arrived = _seat(target, to_seat, player)
                options.append((abs(arrived.turn_place(to_seat) - place), seat, to_seat))
    best = min(gap for gap, _, _ in options)
    _, seat, to_seat = rng.choice([o for o in options if o[0] == best])
    return Move(source.seats[seat], source.number, seat, target.number, to_seat, BALANCE)


def apply_moves(tables: Sequence[Table[P]], moves: Iterable[Move[P]]) -> tuple[Table[P], ...]:
    """The layout after `moves`, made in order; tables left with nobody are dropped.
    Raises ValueError for a move whose player is not at its seat, or whose seat is
    taken."""
    layout = {t.number: t for t in tables}
    for move in moves:
        source, target = layout.get(move.from_table), layout.get(move.to_table)
        if source is None or _at(source, move.from_seat) != move.player:
            raise ValueError(f"{move.player!r} is not at table {move.from_table}")
        if target is None or not 0 <= move.to_seat < len(target.seats) or _at(target, move.to_seat):
            raise ValueError(f"seat {move.to_seat} of table {move.to_table} is not free")
        layout[move.from_table] = _seat(source, move.from_seat, None)
        layout[move.to_table] = _seat(layout[move.to_table], move.to_seat, move.player)
    return tuple(t for t in layout.values() if t.size)


def _at(table: Table[P], seat: int) -> P | None:
    return table.seats[seat] if 0 <= seat < len(table.seats) else None


def remove_players(tables: Sequence[Table[P]], gone: Iterable[P]) -> tuple[Table[P], ...]:
    """`tables` with the players in `gone` (out of the event) taken off their seats.
    Every table stays, even an empty one: `balance` breaks it."""
    out = set(gone)
    return tuple(replace(t, seats=tuple(None if p in out else p for p in t.seats)) for t in tables)


def record_moves(moved: MutableMapping[P, int], moves: Iterable[Move[P]]) -> None:
    """Count one more table change for each move's player (in place)."""
    for move in moves:
        moved[move.player] = moved.get(move.player, 0) + 1


def first_tables(players: Sequence[P], seats: int, seed: int | str) -> tuple[Table[P], ...]:
    """The opening layout: as few tables of `seats` seats as hold everyone, numbered
    from 1, sizes within one, players in random seats, and a random button."""
    if seats < 2 or not players:
        raise ValueError("a knockout needs players and tables of two seats or more")
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    rng = random.Random(seed)
    drawn = rng.sample(list(players), len(players))
    count = -(-len(drawn) // seats)
    tables = []
    for k in range(count):
        mine = drawn[k::count]
        chairs = sorted(rng.sample(range(seats), len(mine)))
        row: list[P | None] = [None] * seats
        for chair, player in zip(chairs, mine, strict=True):
            row[chair] = player
        tables.append(Table(k + 1, tuple(row), rng.choice(chairs)))
    return tuple(tables)


@dataclass(frozen=True)
class Exit(Generic[P]):
    """A player who went out on a deal, with their lives at the start of that deal and
    the value of the hand they went out with."""

    player: P
    lives: int
    hand_value: float


def places_out(exits: Sequence[Exit[P]], still_in: int) -> dict[P, int]:
    """The event places of the players who went out on one deal (`exits`, at every
    table), `still_in` being the players in the event at the start of that deal (the
    exits included): the worst `len(exits)` places, shared by ties (module docstring).
    When one player is left, they are 1st; the caller knows them."""
    if len({e.player for e in exits}) != len(exits):
        raise ValueError("a player goes out twice")
    if len(exits) > still_in:
        raise ValueError(f"{len(exits)} players cannot go out of {still_in}")
    first = still_in - len(exits) + 1
    places = {}
    for e in exits:
        ahead = sum((o.lives, o.hand_value) > (e.lives, e.hand_value) for o in exits)
        places[e.player] = first + ahead
    return places


@dataclass(frozen=True)
class Cut(Generic[P]):
    """A top-q round's outcome: who goes through, and the event places of the rest."""

    through: tuple[P, ...]
    places: dict[P, int]


def top_q(tables: Sequence[Sequence[tuple[P, int]]], q: int) -> Cut[P]:
    """Each table's (player, place at the table) after a whole game: the players placed
    q or better go through (a tie at the cut lets all of them through: nobody goes out
    on a tie they could not break), in table order and then by place. The others are
    out, ranked after everyone who went through by their place at their table, players
    with the same table place sharing an event place.

    When every table ties at the cut, q would put nobody out and the event would never
    end: the cut moves up a place at a time until somebody goes out (the event page's
    rules say so, templates/tournaments/_knockout_about.html). q = 1 always does, but
    for a table whose game had two winners. Raises ValueError for q < 1, or a round
    that no cut puts anybody out of."""
    if q < 1:
        raise ValueError(f"at least one player per table must go through; got q={q}")
    for cut_at in range(q, 0, -1):
        cut = _cut(tables, cut_at)
        if cut.places or len(cut.through) <= 1:
            return cut
    raise ValueError(f"top {q} (or fewer) of every table puts nobody out")


def _cut(tables: Sequence[Sequence[tuple[P, int]]], q: int) -> Cut[P]:
    through: list[P] = []
    out: list[tuple[P, int]] = []
    for table in tables:
        for player, place in sorted(table, key=lambda pair: pair[1]):
            if place <= q:
                through.append(player)
            else:
                out.append((player, place))
    first = len(through) + 1
    places = {p: first + sum(other < place for _, other in out) for p, place in out}
    return Cut(tuple(through), places)
