"""Seating for Swiss tournaments at multi-seat tables (docs/tournaments.md#pure-parts):
pure Python, no Django.

A round splits the players into tables (`table_sizes`), seats them (`seat_round`) and
says who deals first at each table (`first_dealers`). Players are any hashable values
(user ids, names, bot tokens); who has met whom is a mapping of frozenset pairs to
counts, kept up to date by `record_meetings`.

`seat_round` fills the tables from the top of the standings (score groups), then swaps
players between tables to avoid repeat meetings. Everything random comes from one
`random.Random(seed)`, and nothing depends on set or hash order, so the same inputs
always give the same seating.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

P = TypeVar("P", bound=Hashable)

# Seats a table of 31 has in this app: three to eight.
MIN_SEATS = 3
MAX_SEATS = 8

# The cost of a seating is the sum over its tables of
#   REPEAT_WEIGHT * sum over pairs of (times met)^2 + SPREAD_WEIGHT * (max - min score).
# A score is opponents outlasted (up to 3 a game at four seats), so one repeat pair is
# worth widening a table's score range by 8 points, nearly three games' worth: Swiss
# pairing avoids rematches first and keeps scores close second. Squaring the count
# makes a third meeting much worse than two second ones.
REPEAT_WEIGHT = 8.0
SPREAD_WEIGHT = 1.0
# Version 2 (docs/fair-seating.md#keep-apart-pairs): a keep-apart pair at one table
# costs this much, more than any repeats and spreads a table can have, so the search
# separates pairs first whenever the field allows; without pairs nothing changes.
APART_WEIGHT = 10_000.0
# Random kicks (swap, then descend again) tried when the swap search stops with repeats
# left: a fixed count, not a time limit, so the result does not depend on the machine.
KICKS = 40


@dataclass(frozen=True)
class TablePlan:
    """How to split a field into tables: `sizes` (largest first) add up to the players
    plus `bots_needed` bot seats, which are zero whenever the bounds allow it."""

    sizes: tuple[int, ...]
    bots_needed: int

    @property
    def seats(self) -> int:
        return sum(self.sizes)


def table_sizes(n_players: int, preferred: int, minimum: int, maximum: int) -> TablePlan:
    """Split `n_players` into tables of `minimum`..`maximum` seats, as close to
    `preferred` as possible: the fewest squared differences from `preferred`, then the
    average size nearest it, then fewer tables. For a given number of tables the sizes
    are as even as they can be (they differ by at most one).

    When no split fits (fewer players than `minimum`, or bounds such as 4..4 for 6
    players), the field is topped up with the fewest bot seats that make one fit; the
    plan says how many. Raises ValueError for bounds outside 3 <= minimum <= preferred
    <= maximum <= 8 or fewer than two players.
    """
    if not MIN_SEATS <= minimum <= preferred <= maximum <= MAX_SEATS:
        raise ValueError(
            f"table bounds must satisfy {MIN_SEATS} <= minimum <= preferred <= maximum"
            f" <= {MAX_SEATS}; got minimum={minimum}, preferred={preferred},"
            f" maximum={maximum}"
        )
    if n_players < 2:
        raise ValueError(f"a tournament needs at least two players; got {n_players}")
    bots = 0
    while (sizes := _best_split(n_players + bots, preferred, minimum, maximum)) is None:
        bots += 1
    return TablePlan(sizes=sizes, bots_needed=bots)


def _best_split(n: int, preferred: int, minimum: int, maximum: int) -> tuple[int, ...] | None:
    best: tuple[tuple[float, ...], tuple[int, ...]] | None = None
    for tables in range(-(-n // maximum), n // minimum + 1):
        small, extra = divmod(n, tables)
        sizes = (small + 1,) * extra + (small,) * (tables - extra)
        if sizes[-1] < minimum or sizes[0] > maximum:
            continue
        key = (sum((s - preferred) ** 2 for s in sizes), abs(n / tables - preferred), tables)
        if best is None or key < best[0]:
            best = (key, sizes)
    return None if best is None else best[1]


def record_meetings(met: MutableMapping[frozenset[P], int], tables: Iterable[Sequence[P]]) -> None:
    """Count one more meeting for every pair seated together at `tables` (in place)."""
    for table in tables:
        for i, a in enumerate(table):
            for b in table[i + 1 :]:
                pair = frozenset((a, b))
                met[pair] = met.get(pair, 0) + 1


def first_dealers(tables: Iterable[Sequence[P]], dealer_counts: Mapping[P, int]) -> list[P]:
    """Who deals first at each table: the player who has dealt first least often so far
    (missing players count 0), the earliest seat on a tie. The caller adds one to the
    chosen players' counts (`record_dealers`)."""
    return [min(table, key=lambda p: dealer_counts.get(p, 0)) for table in tables]


def record_dealers(dealer_counts: MutableMapping[P, int], dealers: Iterable[P]) -> None:
    """Count one more first deal for each of `dealers` (in place)."""
    for player in dealers:
        dealer_counts[player] = dealer_counts.get(player, 0) + 1


def seat_round(
    players: Sequence[P],
    scores: Mapping[P, float],
    met: Mapping[frozenset[Hashable], int],
    sizes: Sequence[int],
    seed: int | str,
    dealer_counts: Mapping[P, int] | None = None,
    apart: Iterable[Sequence[P]] = (),
) -> list[list[P]]:
    """Seat `players` at tables of `sizes` (which must add up to the players: bots the
    plan asks for are passed in as players) for one round.

    Players are sorted by score, ties in random order, and tables are filled from the
    top; with no scores or meetings yet (round one) that is a random seating. A local
    search then swaps players between tables while that lowers the cost (see
    REPEAT_WEIGHT). Seats within a table are in random order; with `dealer_counts`,
    each table is rotated (keeping its order round the table) so that its first dealer
    (`first_dealers`) is at seat 0. Pass a different seed each round: the same inputs
    and seed give the same seating. `apart`: keep-apart pairs (version 2), each a heavy
    cost (APART_WEIGHT) at a table that seats both; pairs with someone not seated now
    are left out.
    """
    players = list(players)
    index = _checked_index(players, sizes)
    rng = random.Random(seed)
    score = [float(scores.get(player, 0)) for player in players]
    counts = _meeting_counts(met, index)
    mates = _apart_index(apart, index)
    tiebreak = list(range(len(players)))
    rng.shuffle(tiebreak)
    order = sorted(range(len(players)), key=lambda i: (-score[i], tiebreak[i]))
    tables = _filled_from_the_top(order, sizes)
    if mates or any(any(row) for row in counts):
        tables = _Search(tables, score, counts, rng, mates).run()
    seated = []
    for table in tables:
        rng.shuffle(table)
        seated.append([players[i] for i in table])
    if dealer_counts is not None:
        seated = _dealers_first(seated, dealer_counts)
    return seated


def _checked_index(players: Sequence[P], sizes: Sequence[int]) -> dict[Hashable, int]:
    """Each player's position in `players`, once the tables seat exactly them, at
    least two a table, and nobody is listed twice."""
    n = len(players)
    if sum(sizes) != n:
        raise ValueError(f"table sizes {list(sizes)} seat {sum(sizes)}, not {n} players")
    if any(size < 2 for size in sizes):
        raise ValueError(f"every table needs at least two seats; got {list(sizes)}")
    index: dict[Hashable, int] = {player: i for i, player in enumerate(players)}
    if len(index) != n:
        raise ValueError("a player is listed twice")
    return index


def _meeting_counts(
    met: Mapping[frozenset[Hashable], int], index: Mapping[Hashable, int]
) -> list[list[int]]:
    """Who has met whom, as dense counts by position: the search looks pairs up
    millions of times. Pairs with someone not seating now are left out."""
    n = len(index)
    counts = [[0] * n for _ in range(n)]
    for pair, times in met.items():
        if len(pair) == 2 and times:
            a, b = (index.get(p) for p in pair)
            if a is not None and b is not None:
                counts[a][b] = counts[b][a] = times
    return counts


def _apart_index(
    apart: Iterable[Sequence[Hashable]], index: Mapping[Hashable, int]
) -> dict[int, frozenset[int]]:
    """Each seated player's keep-apart partners, by position (pairs with someone not
    seating now left out)."""
    found: dict[int, set[int]] = {}
    for a, b in apart:
        i, j = index.get(a), index.get(b)
        if i is not None and j is not None and i != j:
            found.setdefault(i, set()).add(j)
            found.setdefault(j, set()).add(i)
    return {i: frozenset(js) for i, js in found.items()}


def _filled_from_the_top(order: list[int], sizes: Sequence[int]) -> list[list[int]]:
    """The tables of `sizes`, filled in `order` (the best score first)."""
    tables: list[list[int]] = []
    start = 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables


def _dealers_first(seated: list[list[P]], dealer_counts: Mapping[P, int]) -> list[list[P]]:
    """Each table turned round, its order kept, so its first dealer sits at seat 0."""
    turned = []
    for table, dealer in zip(seated, first_dealers(seated, dealer_counts), strict=True):
        at = table.index(dealer)
        turned.append(table[at:] + table[:at])
    return turned


class _Search:
    """Swap search over tables of player positions (see seat_round)."""

    def __init__(
        self,
        tables: list[list[int]],
        score: list[float],
        counts: list[list[int]],
        rng: random.Random,
        mates: Mapping[int, frozenset[int]] | None = None,
    ) -> None:
        self.score = score
        self.counts = counts
        self.rng = rng
        self.mates = dict(mates or {})
        self.restore(tables)

    def restore(self, tables: list[list[int]]) -> None:
        """Make `tables` the current seating (a copy of them)."""
        self.tables = [list(t) for t in tables]
        self.where = {p: k for k, t in enumerate(self.tables) for p in t}
        self.cost = [self.table_cost(t) for t in self.tables]

    def table_cost(self, table: list[int]) -> float:
        repeats = 0
        for i, a in enumerate(table):
            row = self.counts[a]
            for b in table[i + 1 :]:
                repeats += row[b] * row[b]
        scores = [self.score[p] for p in table]
        cost = REPEAT_WEIGHT * repeats + SPREAD_WEIGHT * (max(scores) - min(scores))
        if self.mates:
            cost += APART_WEIGHT * self.apart_at(table)
        return cost

    def apart_at(self, table: list[int]) -> int:
        """The keep-apart pairs `table` seats."""
        here = set(table)
        return sum(len(self.mates[a] & here) for a in table if a in self.mates) // 2

    def troubled(self) -> list[int]:
        """Players who have met someone at their table before, in seat order."""
        return [
            a
            for table in self.tables
            for a in table
            if any(self.counts[a][b] for b in table if b != a)
            or (a in self.mates and not self.mates[a].isdisjoint(table))
        ]

    def swap(self, a: int, b: int) -> None:
        ka, kb = self.where[a], self.where[b]
        ta, tb = self.tables[ka], self.tables[kb]
        ta[ta.index(a)] = b
        tb[tb.index(b)] = a
        self.where[a], self.where[b] = kb, ka
        self.cost[ka] = self.table_cost(ta)
        self.cost[kb] = self.table_cost(tb)

    def best_swap(self, a: int) -> tuple[float, int | None]:
        """The swap of `a` with a player at another table that lowers the cost most."""
        ka = self.where[a]
        ta = self.tables[ka]
        at = ta.index(a)
        best, partner = 0.0, None
        for kb, tb in enumerate(self.tables):
            if kb == ka:
                continue
            before = self.cost[ka] + self.cost[kb]
            for bt, b in enumerate(tb):
                new_a = ta[:at] + [b] + ta[at + 1 :]
                new_b = tb[:bt] + [a] + tb[bt + 1 :]
                delta = self.table_cost(new_a) + self.table_cost(new_b) - before
                # Strictly better by a margin: float noise must not make it cycle.
                if delta < best - 1e-9:
                    best, partner = delta, b
        return best, partner

    def repeats(self) -> tuple[int, int]:
        """The keep-apart pairs together, then the weighted repeat meetings of the
        seating (sum over pairs of (times met)^2): what a kick must lower to be kept."""
        total = 0
        for table in self.tables:
            for i, a in enumerate(table):
                row = self.counts[a]
                total += sum(row[b] * row[b] for b in table[i + 1 :])
        together = sum(self.apart_at(t) for t in self.tables) if self.mates else 0
        return together, total

    def descend(self, movers: Callable[[], list[int]]) -> None:
        """Apply the best swap of each of `movers()` in turn until no swap helps."""
        improved = True
        while improved:
            improved = False
            for a in movers():
                _, b = self.best_swap(a)
                if b is not None:
                    self.swap(a, b)
                    improved = True

    def run(self) -> list[list[int]]:
        """Swaps for players with a repeat at their table; random kicks while repeats are
        left; finally swaps for everyone, which only narrow score ranges by then. Only
        the troubled players move until the end because trying every player's swaps
        with every other player is what costs time (0.3 s a pass at 200 players)."""
        self.descend(self.troubled)
        best_repeats = self.repeats()
        best = [list(t) for t in self.tables]
        for _ in range(KICKS):
            troubled = self.troubled()
            if not troubled:
                break
            # Move one troubled player anywhere: out of the local minimum, then down again.
            a = self.rng.choice(troubled)
            others = [p for p in range(len(self.score)) if self.where[p] != self.where[a]]
            if not others:  # one table: everyone meets everyone, nothing to swap
                break
            self.swap(a, self.rng.choice(others))
            self.descend(self.troubled)
            # Kept for fewer repeats alone: the last pass below narrows the ranges.
            if (repeats := self.repeats()) < best_repeats:
                best_repeats, best = repeats, [list(t) for t in self.tables]
            else:
                self.restore(best)
        everyone = list(range(len(self.score)))
        self.descend(lambda: everyone)
        return self.tables
