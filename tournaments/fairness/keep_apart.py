"""Keep-apart pairs in seating (docs/fair-seating.md#keep-apart-pairs): pure Python, no
Django. A pair is two players an organizer asked the seating not to put at one table (a
household, partners); version 2 of the seating (`commitment.SEATING_2`) honours the
pairs whenever the field allows, version 1 never heard of them.

Here: which versions honour pairs (`honours`), a pair in its one order (`pair`), the
pairs seated together in a layout (`together`), and the bounded repair the formats that
deal players round tables use (`separate`: duplicate round 1, a knockout's opening
layout): swaps between tables, no random draw, so a layout with no pair together is
left exactly as it was and version 2 draws as version 1 wherever no pair applies.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from typing import TypeVar

from tournaments.fairness.commitment import SEATING_2

P = TypeVar("P", bound=Hashable)

# The algorithm versions that honour keep-apart pairs: every one from version 2 on.
HONOURING = frozenset({SEATING_2})

# The repair's bound: passes over the pairs still together, each trying every swap of
# one of the pair with someone at another table. A pass that separates nobody ends it.
PASSES = 8


def honours(algorithm: str) -> bool:
    """Whether an event seated by `algorithm` keeps its pairs apart."""
    return algorithm in HONOURING


def pair(a: P, b: P) -> tuple[P, P]:
    """The pair in its one order (the smaller first), so (a, b) and (b, a) are the same:
    players are ids here, and the records store the pair so."""
    return (a, b) if repr_key(a) <= repr_key(b) else (b, a)


def repr_key(player: Hashable) -> tuple[int, str]:
    """An order for ids and bot names alike: numbers first, by value."""
    return (0, f"{player:020d}") if isinstance(player, int) else (1, str(player))


def canonical(pairs: Iterable[Sequence[P]]) -> list[tuple[P, P]]:
    """The pairs each once, in their one order, sorted; a player with themselves left out."""
    found = {pair(a, b) for a, b in pairs if a != b}
    return sorted(found, key=lambda t: (repr_key(t[0]), repr_key(t[1])))


def partners(pairs: Iterable[Sequence[P]]) -> dict[P, set[P]]:
    """Each player's partners: the pairs as a lookup."""
    found: dict[P, set[P]] = {}
    for a, b in pairs:
        if a != b:
            found.setdefault(a, set()).add(b)
            found.setdefault(b, set()).add(a)
    return found


def together(
    tables: Sequence[Sequence[P | None]], pairs: Iterable[Sequence[P]]
) -> list[tuple[int, P, P]]:
    """The pairs seated at one table: (table index, first, second), in table order, then
    in the pairs' order. Empty seats (None) are skipped."""
    where = {p: k for k, table in enumerate(tables) for p in table if p is not None}
    found = []
    for a, b in pairs:
        if a in where and where.get(b) == where[a]:
            found.append((where[a], a, b))
    return sorted(found, key=lambda t: (t[0], repr_key(t[1]), repr_key(t[2])))


def _conflicts(table: Sequence[P], mates: dict[P, set[P]]) -> int:
    here = set(table)
    return sum(len(mates.get(p, set()) & here) for p in table) // 2


def separate(tables: Sequence[Sequence[P]], pairs: Iterable[Sequence[P]]) -> list[list[P]]:
    """`tables` with the pairs at one table split where a swap between two tables can
    do it (the bounded repair): for each pair still together, in order, the first swap
    of one of the two (the second first) with someone at another table (tables in
    order, seats in order) that lowers the pairs together at both tables. Sizes and
    everyone's seat number are kept, so a bot may be swapped like a player. Nothing is
    drawn: without a pair together the tables come back as they were."""
    layout = [list(t) for t in tables]
    listed = canonical(pairs)
    mates = partners(listed)
    if not mates:
        return layout
    for _ in range(PASSES):
        improved = False
        for k, a, b in together(layout, listed):
            if b not in layout[k]:  # moved earlier in this pass
                continue
            improved |= _swap_out(layout, k, b, mates) or _swap_out(layout, k, a, mates)
        if not improved:
            break
    return layout


def _swap_out(layout: list[list[P]], k: int, mover: P, mates: dict[P, set[P]]) -> bool:
    """Swap `mover` out of table `k` with the first player elsewhere that lowers the
    pairs together at both tables; whether one was found."""
    if mover not in layout[k]:
        return False
    here = layout[k]
    at = here.index(mover)
    before_here = _conflicts(here, mates)
    for u, there in enumerate(layout):
        if u == k:
            continue
        before = before_here + _conflicts(there, mates)
        for bt, other in enumerate(there):
            new_here = here[:at] + [other] + here[at + 1 :]
            new_there = there[:bt] + [mover] + there[bt + 1 :]
            if _conflicts(new_here, mates) + _conflicts(new_there, mates) < before:
                layout[k], layout[u] = new_here, new_there
                return True
    return False


def separable(sizes: Sequence[int], pairs: Iterable[Sequence[P]]) -> bool:
    """Whether some seating at tables of `sizes` seats puts no pair at one table (an
    exact search over the players in pairs, the others filling any seat left): what
    "the field did not allow" means. Cheap for the few pairs an event has."""
    mates = partners(pairs)
    people = sorted(mates, key=lambda p: (-len(mates[p]), repr_key(p)))
    if len(people) > sum(sizes):
        return False
    room = list(sizes)
    placed: dict[P, int] = {}

    def place(i: int) -> bool:
        if i == len(people):
            return True
        p = people[i]
        tried: set[tuple[int, int]] = set()
        for k, free in enumerate(room):
            # Tables alike so far (the same room, nobody placed there) are one try.
            shape = (free, sum(1 for q in placed.values() if q == k))
            if not free or any(placed.get(m) == k for m in mates[p]):
                continue
            if shape[1] == 0 and shape in tried:
                continue
            tried.add(shape)
            room[k] -= 1
            placed[p] = k
            if place(i + 1):
                return True
            room[k] += 1
            del placed[p]
        return False

    return place(0)
