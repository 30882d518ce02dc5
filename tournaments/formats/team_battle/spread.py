"""Spreading a team battle's teams over a round's tables
(docs/tournaments.md#team-battles): pure Python, no Django.

A round is first seated as a Swiss round is (`tournaments.formats.swiss.rounds.draw`),
every pair of teammates a keep-apart pair, so the swap search parts them while it keeps
scores close and meetings new. The search is local: when it leaves two of one team at a
table though every team has no more players in the round than there are tables, the
round is dealt again (`deal`): each team's players, strongest first, dealt table by table
in turn, so no table holds two of a team. Everything is a function of its inputs.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

P = TypeVar("P", bound=Hashable)


def clashes(tables: Sequence[Sequence[P]], team: Mapping[P, int]) -> int:
    """How many seats share their table with an earlier seat of their team (bots and
    players on no team have none)."""
    count = 0
    for table in tables:
        seen: set[int] = set()
        for who in table:
            if (k := team.get(who)) is not None:
                count += k in seen
                seen.add(k)
    return count


def spreadable(players: Sequence[P], team: Mapping[P, int], tables: int) -> bool:
    """Whether the field allows no table two of a team: no team has more of `players`
    than there are tables."""
    counts: dict[int, int] = {}
    for who in players:
        if (k := team.get(who)) is not None:
            counts[k] = counts.get(k, 0) + 1
    return all(count <= tables for count in counts.values())


def deal(tables: Sequence[Sequence[P]], team: Mapping[P, int], order: Sequence[P]) -> list[list[P]]:
    """The round's seats dealt again to tables of the same sizes: the players grouped by
    team (the largest team first, then the order of their teams' first player in
    `order`), each group in `order` (the standings' order), then those on no team (bots),
    dealt one to each table in turn, skipping a full table. With no team larger than the
    tables and sizes that differ by at most one (the table plan's), each team's players
    fall at different tables. Seat order within a table is the dealing order."""
    sizes = [len(table) for table in tables]
    seated = [who for table in tables for who in table]
    rank = {who: k for k, who in enumerate(order)}
    ranked = sorted(seated, key=lambda who: rank.get(who, len(rank)))
    groups: dict[int, list[P]] = {}
    loose: list[P] = []
    for who in ranked:
        if (k := team.get(who)) is None:
            loose.append(who)
        else:
            groups.setdefault(k, []).append(who)
    dealt: list[P] = [
        who for group in sorted(groups.values(), key=len, reverse=True) for who in group
    ]
    dealt += loose
    out: list[list[P]] = [[] for _ in sizes]
    at = 0
    for who in dealt:
        while len(out[at]) >= sizes[at]:
            at = (at + 1) % len(sizes)
        out[at].append(who)
        at = (at + 1) % len(sizes)
    return out


def spread(
    tables: Sequence[Sequence[P]], team: Mapping[P, int], order: Sequence[P]
) -> list[list[P]]:
    """`tables` as seated, unless they hold two of a team where the field allows none:
    then dealt again (`deal`)."""
    seated = [list(table) for table in tables]
    everyone = [who for table in seated for who in table]
    if clashes(seated, team) and spreadable(everyone, team, len(seated)):
        return deal(seated, team, order)
    return seated


def teammate_pairs(players: Sequence[P], team: Mapping[P, int]) -> list[tuple[P, P]]:
    """Every pair of `players` on one team, in the players' order: the keep-apart pairs
    the Swiss search is given."""
    return [
        (a, b)
        for i, a in enumerate(players)
        for b in players[i + 1 :]
        if team.get(a) is not None and team.get(a) == team.get(b)
    ]
