"""Knockout events at several tables
(docs/tournaments.md#balancing-with-the-fewest-moves): table balancing between deals,
the places of players who go out, and "top q of each table go through" rounds. Pure
Python: no Django, no I/O.

A **table** is a row of seats (`Table.seats`, as many as the table has, None for an
empty one) and a **button**: the seat that dealt the last deal. The next deal is dealt
by the first player clockwise after the button (seat numbers rise clockwise), and the
player after the dealer plays first, the dealer last. Players are any hashable values.

**Balancing** (`balance`), between deals, after the players who went out have left
(`remove_players`), by the rules poker tournament directors use (TDA style), planned as
a whole so that it makes the fewest moves those rules allow
(docs/tournaments.md#balancing-with-the-fewest-moves):

1. **Break** a table with the fewest players as soon as its players fit into the empty
   seats of the other tables; several tables may break at once. The plan decides them
   one after another, counting the players of tables already breaking as seated in the
   others' empty seats: a table with the fewest players (of those it has now) breaks
   while everyone fits at the other tables left. Of several such tables, the one whose
   players have changed tables least (the most any of them has, then their total; then
   the highest number) breaks: poker breaks tables in a fixed order announced in
   advance, which sends the same players on from table to table as one after another
   breaks; this order is just as fixed (no director chooses) and spreads the moves
   instead. The last break forms the final table: everyone fits at one table.
2. **Sizes.** The N players over the K tables that stay: sizes within one of each other
   (N // K, and N % K tables one more), each within its seats. A table that has more
   than N // K players now keeps one more if it can (that spares a move), the highest
   numbers first; if more tables must have one more, the lowest numbers of the others.
   Without a break these are the sizes that moving one player at a time from the
   largest table (ties: the lowest number) to the smallest (ties: the lowest number)
   ends with, the rule of poker; with a break the broken table's players fill the
   seats the staying tables lack, so nobody is sent to a table that will break or that
   has to give players away. Tables of different seats (never a knockout's) may be
   unable to hold N players within one: then the sizes are as even as the seats
   allow, a table too small for the others' level full. Either way, when a table with
   the fewest players of the planned sizes fits into the others, it breaks too (it
   would after the moves) and the plan starts again; when none does and the sizes are
   not within one, the layout is refused with a ValueError.
3. **Moves.** Each player of a broken table, in the order broken and then in seat
   order, draws a staying table still short of its size with the fewest players (ties
   drawn) and a seat drawn among its empty ones (reason BREAK). Then, while a table has
   more players than its size, one player moves from the largest such table (ties: the
   lowest number) to the smallest table still short (ties: the lowest number) (reason
   BALANCE). The player moved is one moved least so far, **to a comparable seat**,
   defined here as the same place in the turn order of the next deal. Poker moves the
   player who would next be in the big blind into the worst seat so that nobody skips
   or pays the blinds twice; 31 has no blinds, but the order of play matters (the first
   player draws blind to what the others keep; the last, the dealer, sees everyone's
   discards and answers a knock last), and the deal rotates one seat a deal at every
   table. So the mover's place in the next deal at the old table (1 = plays first, the
   table's size = deals) is compared with the place they would have at the new table,
   sitting in each empty seat: the pair (player, seat) with the smallest difference is
   chosen, ties drawn. A place is counted in players, not seats, since empty seats are
   skipped.

**Why this is the fewest moves.** Every player of a broken table has to move, and a
staying table that ends with s players loses at least (players now - s) of its own. The
sizes of rule 2 make the sum of those shortfalls the smallest any sizes within one do
(a table keeping one more spares a move only if it has more than N // K players now),
and the moves of rule 3 reach them with exactly that many moves: each player moves
once, from a broken table or a table over its size to a table under it, which never
gives anyone away. With tables of the same seats the rule-1 tables are also the ones
to break (exactly ceil(N / seats) tables can stay with none able to break, and the
largest keep the most players), so no balanced layout, whichever tables break, takes
fewer moves. With tables of different seats, breaking another table than rule 1's can
take fewer moves or even make sizes within one possible; rule 1 is kept all the same.

Everything random comes from one `random.Random(seed)`, and nothing depends on set or
hash order, so the same layout, counts and seed give the same moves. The result lists
every move in the order made, broken tables' draws included (`Move.reason`), so they can
be recorded and replayed (`apply_moves`).

**Keep-apart pairs** (version 2, docs/fair-seating.md#keep-apart-pairs): `apart`
changes only choices the rules above leave open, never the fewest moves. The opening
layout's tables are split by `keep_apart.separate` before seats are drawn; a broken
table's player draws among the short tables without a partner of theirs (the fewest
players of those), and a balancing move goes to the first short table (fewest players,
then the lowest number) that some least-moved player can reach without meeting a
partner, that player preferring one who leaves a partner behind. Where no choice avoids
it, the move is the one without pairs. No pair among the players: as without `apart`.

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

from tournaments.fairness import keep_apart

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
    seen: set[P] = set()
    for t in tables:
        if not t.seats or not 0 <= t.button < len(t.seats):
            raise ValueError(f"table {t.number}: the button must be one of its seats")
        for p in t.players:
            if p in seen:
                raise ValueError(f"{p!r} is seated twice")
            seen.add(p)


def is_balanced(tables: Sequence[Table[P]]) -> bool:
    """Nothing for `balance` to do: no table can break, sizes differ by at most one."""
    sizes = {t.number: t.size for t in tables}
    everyone = sum(sizes.values())
    return _to_break(list(tables), sizes, everyone, {}) is None and _spread(tables) <= 1


def _spread(tables: Sequence[Table[P]]) -> int:
    sizes = [t.size for t in tables]
    return max(sizes) - min(sizes) if sizes else 0


def _to_break(
    tables: Sequence[Table[P]], sizes: Mapping[int, int], everyone: int, counts: Mapping[P, int]
) -> Table[P] | None:
    """The table to break next, if any (the module docstring's rule 1): of the tables
    with the fewest players (`sizes`, by table number), one whose players fit into the
    other tables' empty seats when all `everyone` players sit at those others, the one
    moved least. With `sizes` the tables' own and `everyone` their sum, that is "its
    players fit into the others' empty seats" of a layout as it stands."""
    if len(tables) < 2:
        return None
    fewest = min(sizes[t.number] for t in tables)
    seats = sum(len(t.seats) for t in tables)
    fits = [t for t in tables if sizes[t.number] == fewest and everyone <= seats - len(t.seats)]
    if not fits:
        return None

    def moved(t: Table[P]) -> tuple[int, int, int]:
        mine = [counts.get(p, 0) for p in t.players]
        return (max(mine, default=0), sum(mine), -t.number)

    return min(fits, key=moved)


@dataclass(frozen=True)
class _Plan:
    """What the balancing comes to before any seat is drawn: the tables to break, in
    the order decided, and the size each staying table ends with (by table number)."""

    broken: tuple[int, ...]
    sizes: dict[int, int]


def _plan(tables: Sequence[Table[P]], counts: Mapping[P, int]) -> _Plan:
    """Rules 1 and 2 of the module docstring: which tables break, the sizes of the
    others. Players of a table that breaks count as seated in the empty seats of the
    tables left, so the next break is judged on those tables' own players; then on the
    sizes planned, since a table too small for the others' level ends with the fewest
    players. Raises ValueError when no table breaks and the sizes cannot be within one
    (tables of different seats)."""
    everyone = sum(t.size for t in tables)
    staying = list(tables)
    broken: list[int] = []
    while True:
        now = {t.number: t.size for t in staying}
        gone = _to_break(staying, now, everyone, counts)
        if gone is None:
            sizes = _sizes(staying, everyone)
            gone = _to_break(staying, sizes, everyone, counts)
            if gone is None:
                if max(sizes.values()) - min(sizes.values()) > 1:
                    raise ValueError(_unseatable(staying, everyone))
                return _Plan(tuple(broken), sizes)
        staying.remove(gone)
        broken.append(gone.number)


def _sizes(staying: Sequence[Table[P]], everyone: int) -> dict[int, int]:
    """The sizes `everyone` players end with at the `staying` tables with the fewest
    moves (rule 2): as even as the seats allow, a level L at every table (a table of
    fewer seats full) and one more at as many tables of more seats as players are left,
    first those with more than L players now (highest numbers first), then the others
    (lowest numbers first). With seats for L + 1 everywhere, that is within one."""
    level = max(
        level
        for level in range(max(len(t.seats) for t in staying) + 1)
        if sum(min(len(t.seats), level) for t in staying) <= everyone
    )
    extra = everyone - sum(min(len(t.seats), level) for t in staying)
    roomy = [t for t in staying if len(t.seats) > level]
    over = sorted((t for t in roomy if t.size > level), key=lambda t: -t.number)
    rest = sorted((t for t in roomy if t.size <= level), key=lambda t: t.number)
    plus = {t.number for t in (over + rest)[:extra]}
    return {t.number: min(len(t.seats), level) + (t.number in plus) for t in staying}


def _unseatable(staying: Sequence[Table[P]], everyone: int) -> str:
    seats = ", ".join(str(len(t.seats)) for t in staying)
    return (
        f"{everyone} players cannot sit within one of each other at the tables that stay "
        f"(seats: {seats})"
    )


def _seat(table: Table[P], seat: int, player: P | None) -> Table[P]:
    seats = list(table.seats)
    seats[seat] = player
    return replace(table, seats=tuple(seats))


def balance(
    tables: Sequence[Table[P]],
    moved: Mapping[P, int],
    seed: int | str,
    apart: Iterable[Sequence[P]] = (),
) -> Balancing[P]:
    """The breaks and moves to make now so that no table can break and table sizes
    differ by at most one, with the fewest moves (see the module docstring). `moved`
    counts each player's table changes so far (missing = 0); the caller adds the moves
    (`record_moves`). Raises ValueError for a player seated twice, a repeated table
    number, a button off the table, or tables of different seats that cannot hold the
    players within one of each other. `apart`: keep-apart pairs (version 2)."""
    _check(tables)
    mates = keep_apart.partners(apart)
    counts = dict(moved)
    plan = _plan(tables, counts)
    rng = random.Random(seed)
    layout = {t.number: t for t in tables}
    moves: list[Move[P]] = []

    def make(move: Move[P]) -> None:
        layout[move.from_table] = _seat(layout[move.from_table], move.from_seat, None)
        layout[move.to_table] = _seat(layout[move.to_table], move.to_seat, move.player)
        counts[move.player] = counts.get(move.player, 0) + 1
        moves.append(move)

    def short() -> list[Table[P]]:
        return [layout[n] for n, size in plan.sizes.items() if layout[n].size < size]

    for number in plan.broken:
        for seat, player in enumerate(layout[number].seats):
            if player is None:
                continue
            open_tables = short()
            alone = [t for t in open_tables if mates.get(player, set()).isdisjoint(t.players)]
            open_tables = alone or open_tables
            fewest = min(t.size for t in open_tables)
            target = rng.choice([t for t in open_tables if t.size == fewest])
            empty = [i for i, p in enumerate(target.seats) if p is None]
            make(Move(player, number, seat, target.number, rng.choice(empty), BREAK))
    while over := [layout[n] for n, size in plan.sizes.items() if layout[n].size > size]:
        source = max(over, key=lambda t: (t.size, -t.number))
        target = min(short(), key=lambda t: (t.size, t.number))
        movers = None
        if mates:
            target, movers = _apart_choice(source, short(), counts, mates, target)
        make(_balancing_move(source, target, counts, rng, movers))
    return Balancing(tuple(moves), plan.broken, tuple(layout[n] for n in plan.sizes))


def _apart_choice(
    source: Table[P],
    shorts: Sequence[Table[P]],
    counts: Mapping[P, int],
    mates: Mapping[P, set[P]],
    target: Table[P],
) -> tuple[Table[P], set[P] | None]:
    """Version 2's balancing move (the module docstring): the first short table that a
    least-moved player of `source` reaches without meeting a partner, and who may move
    (those leaving a partner behind, if any); else `target` and anyone."""
    fewest = min(counts.get(p, 0) for p in source.players)
    least = [p for p in source.players if counts.get(p, 0) == fewest]
    for table in sorted(shorts, key=lambda t: (t.size, t.number)):
        free = {p for p in least if mates.get(p, set()).isdisjoint(table.players)}
        if free:
            leaving = {p for p in free if not mates.get(p, set()).isdisjoint(source.players)}
            return table, leaving or free
    return target, None


def _balancing_move(
    source: Table[P],
    target: Table[P],
    counts: Mapping[P, int],
    rng: random.Random,
    movers: set[P] | None = None,
) -> Move[P]:
    """Move a least-moved player of `source` (one of `movers`, when given) to the empty
    seat of `target` whose place in the next deal's order is nearest to theirs at
    `source` (ties drawn)."""
    fewest = min(counts.get(p, 0) for p in source.players)
    options = []
    for seat, player in enumerate(source.seats):
        if player is None or counts.get(player, 0) != fewest:
            continue
        if movers is not None and player not in movers:
            continue
        place = source.turn_place(seat)
        for to_seat, there in enumerate(target.seats):
            if there is None:
                arrived = _seat(target, to_seat, player)
                options.append((abs(arrived.turn_place(to_seat) - place), seat, to_seat))
    best = min(gap for gap, _, _ in options)
    _, seat, to_seat = rng.choice([o for o in options if o[0] == best])
    mover = source.seats[seat]
    assert mover is not None  # options hold occupied seats only
    return Move(mover, source.number, seat, target.number, to_seat, BALANCE)


def apply_moves(tables: Sequence[Table[P]], moves: Iterable[Move[P]]) -> tuple[Table[P], ...]:
    """The layout after `moves`, made in order; tables left with nobody are dropped.
    Raises ValueError for a move whose player is not at its seat, or whose seat is
    taken."""
    layout = {t.number: t for t in tables}
    for move in moves:
        source, target = layout.get(move.from_table), layout.get(move.to_table)
        if source is None or _at(source, move.from_seat) != move.player:
            raise ValueError(f"{move.player!r} is not at table {move.from_table}")
        taken = target is not None and _at(target, move.to_seat) is not None
        if target is None or not 0 <= move.to_seat < len(target.seats) or taken:
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


def first_tables(
    players: Sequence[P], seats: int, seed: int | str, apart: Iterable[Sequence[P]] = ()
) -> tuple[Table[P], ...]:
    """The opening layout: as few tables of `seats` seats as hold everyone, numbered
    from 1, sizes within one, players in random seats, and a random button; `apart`'s
    pairs split between tables where swaps can (version 2, `keep_apart.separate`)."""
    if seats < 2 or not players:
        raise ValueError("a knockout needs players and tables of two seats or more")
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    rng = random.Random(seed)
    drawn = rng.sample(list(players), len(players))
    count = -(-len(drawn) // seats)
    groups = keep_apart.separate([drawn[k::count] for k in range(count)], apart)
    tables = []
    for k in range(count):
        mine = groups[k]
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
