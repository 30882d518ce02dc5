"""Pushes of the calls bar (calls/, docs/club-night.md#calls-to-a-card-table) for
players at tables played with real cards, which have no game whose start calls them
(docs/club-night.md#calls-to-a-card-table). Apart from `seat_calls`, which words the
calls from the event's format, so the formats can push without importing what reads
them."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from calls import push
from tournaments.models import RoundSeat


def card_players_changed(**where: Any) -> None:
    """After the commit: the bars of the players at the card tables `where` says (round
    seats' lookups: `table__round=…`, `table=…`) show their calls again: a round with
    card tables started (they have no game whose start calls them), a result entered
    or recorded. Read after the commit, so a round's tables written later in the same
    transaction (a knockout deals its tables after making the round) are found."""

    def tell() -> None:
        seats = RoundSeat.objects.filter(table__cards=True, entry__isnull=False, **where)
        push.changed(list(seats.values_list("entry__user_id", flat=True)))

    transaction.on_commit(tell)
