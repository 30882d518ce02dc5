"""The console's "share a network" lines (docs/privacy.md#the-network-fingerprint): the
pairs of people seated at one online table of the round in play who signed in from the
same network lately (`accounts.networks.shared_pairs`, one query for the whole round).

For the event's organizers only: the console is their page (tournaments.views.manage
checks it), and nothing here is sent anywhere else. A hint, not proof: people who play
from one home, or from the club's Wi-Fi in the club room itself, share one. A table
played with real cards is left out: its players sit face to face anyway."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from django.utils.translation import gettext as _

from accounts.networks import KEPT_DAYS, shared_pairs
from tournaments.room.console import Console


@dataclass(frozen=True)
class Shared:
    table: int  # the table's number
    text: str  # "Ann and Bob share a network"


@dataclass(frozen=True)
class Panel:
    lines: list[Shared]
    days: int = KEPT_DAYS  # how far back "lately" reaches


def shared_at_tables(console: Console) -> Panel:
    """Each table's pairs who share a network, in table and seat order."""
    tables = [
        (t.number, [(s.entry.user_id, s.name) for s in t.seats if s.entry is not None])
        for t in console.tables
        if not t.cards
    ]
    pairs = shared_pairs(user for _number, people in tables for user, _name in people)
    lines = [
        Shared(number, _("%(first)s and %(second)s share a network") % {"first": a, "second": b})
        for number, people in tables
        for (first, a), (second, b) in combinations(people, 2)
        if frozenset((first, second)) in pairs
    ]
    return Panel(lines)
