"""Signals `games` sends for other apps, which connect to them in their
`AppConfig.ready` (so `games` never imports them).

`game_finished`: a game is over, sent once, after the commit that ended it (by
`games.notify`), whether it was played to the end or ended early. Keyword arguments
(`sender` is `games.models.Game`):

- `game_id` (int): the game's id;
- `status` (str): `Game.FINISHED` (played to the end) or `Game.ENDED` (stopped early);
- `end_reason` (str): why it was ended early ("host", "staff", "abandoned"), else "";
- `winners` (tuple[int, ...]): the engine seats that won (several for a drawn game;
  none for a game ended early);
- `seq` (int): the seq of the game's last event.

A receiver's exception is logged, not raised: the game is over whatever it does.

`game_started`: a game was dealt at a table, sent once after the commit that started
it (by `games.notify`). Keyword arguments: `game_id` (int), `table_id` (int) and
`user_ids` (tuple[int, ...]: the people seated, in seat order).

`player_arrived`: a seated person opened the table of a game in play for the first
time during it (`games.services.arrival`), after the commit. Keyword arguments:
`game_id` (int) and `user_id` (int).

`player_back`: a player who was away said "I'm back" (`games.services.come_back`), sent
after the commit. Keyword arguments (`sender` is `games.models.Game`): `game_id` (int),
`user_id` (int), and `reason` (str): why they had been away (`AWAY_REASONS`). An event
whose organizer let a bot stand in for them ("event") ends the stand-in for the round.

`turn_waiting`: at a turn-based table (`Table.move_hours`, docs/tables.md#your-turn) the turn
passed to a person -- not a bot, not a player a bot plays for -- sent once per turn,
after the commit that began it (by `games.notify`), and only if it is still theirs
then. Never at a live table. Keyword arguments (`sender` is `games.models.Game`):
`game_id` (int), `table_id` (int) and `user_id` (int): whose move it is. The
`notifications` app tells the person ("your turn") through the channels they chose; a
receiver's exception is logged, not raised.

`game_reviewed`: the bots' review of a finished game was kept
(docs/bots.md#the-review-of-a-finished-game), sent once, after the commit that wrote
it (by `games.services.reviews`). Keyword argument: `game_id` (int).
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import transaction
from django.dispatch import Signal

log = logging.getLogger(__name__)

game_finished = Signal()
game_started = Signal()
player_arrived = Signal()

player_back = Signal()
turn_waiting = Signal()
game_reviewed = Signal()


def send_on_commit(signal: Signal, sender: Any, **kwargs: Any) -> None:
    """Send `signal` once the current transaction commits (at once outside one), so no
    receiver hears of a change that is not in the database. A receiver's failure is
    logged, not raised: what the signal tells of has happened whatever it does. (The
    apps beside `games` send their own signals this way too: `tournaments.signals`,
    `clubs.signals`.)"""

    def send() -> None:
        for receiver, response in signal.send_robust(sender=sender, **kwargs):
            if isinstance(response, Exception):
                log.error("receiver %r failed", receiver, exc_info=response)

    transaction.on_commit(send)
