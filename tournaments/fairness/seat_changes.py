"""The organizer's changes to a seated round, as pure steps on a layout
(docs/fair-seating.md#everything-that-changes-a-seating-is-recorded): the services make
them on the round's seats, and the verify page makes them again on the round drawn from
the seed, so both follow one rule.

A layout maps a seat, (table number, position), to who sits there: an entry id, or a
bot. Two changes exist: a swap (`services.swap_seats`, recorded as a `SeatSwap`), and
keeping locked players in place when the round is drawn again (a late entry or a
withdrawal while it waits: `services`' reseating, recorded as `Round.kept_seats`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, MutableMapping, Sequence

Where = tuple[int, int]  # (table number, position)


def exchange(layout: MutableMapping[Where, Hashable], a: Where, b: Where) -> None:
    """Swap who sits at `a` and `b` (in place)."""
    layout[a], layout[b] = layout[b], layout[a]


def keeping_exchanges(
    layout: Mapping[Where, Hashable], kept: Sequence[Sequence[int]]
) -> list[tuple[Where, Where]]:
    """The exchanges, in order, that put each kept player ([table, position, entry id],
    in the order given) back at their seat of a round drawn again: the player's seat
    now is exchanged with the kept one. A kept seat the new round lacks (fewer tables
    now), or a player it no longer seats, is passed over."""
    now = dict(layout)
    made: list[tuple[Where, Where]] = []
    for table, position, entry_id in kept:
        target = (table, position)
        current = next((where for where, who in now.items() if who == entry_id), None)
        if target not in now or current is None:
            continue
        if current != target:
            exchange(now, target, current)
            made.append((target, current))
    return made
