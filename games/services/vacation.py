"""Vacation at turn-based tables (docs/tables.md#vacation): a person "away until" a day
has the deadline of their move put off to the moment they return, then the full move
time from there -- within what the table allows each player in a game (`Table.
vacation_days`: a casual table's 14, an event's own, 0 by default). What a turn took
beyond the normal move time is counted against it when the turn passes, so a move made
during a vacation costs none of it. Once it is used up, the deadline is as always and the
sweep has a bot play the move (docs/tables.md#timers-and-away-players)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from games.models import Game, GamePlayer

DAY = 24 * 3600
CASUAL_DAYS = 14  # what a table someone hosts allows each player, per game


def put_off(game: Game, seat: int, now: datetime) -> timedelta:
    """How much later the deadline of `seat`'s move is for a vacation: until its person
    returns, within what is left of the table's allowance (zero when not away)."""
    table = game.table
    if not table.turn_based or not table.vacation_days:
        return timedelta(0)
    player = (
        GamePlayer.objects.played_by_person()
        .filter(game=game, position=seat, user__away_returns_at__gt=now)
        .values_list("vacation_seconds", "user__away_returns_at")
        .first()
    )
    if player is None:
        return timedelta(0)
    used, returns = player
    left = max(0, table.vacation_days * DAY - used)
    return min(returns - now, timedelta(seconds=left))


def count_turn(game: Game, seat: int, started: datetime | None, now: datetime) -> None:
    """The turn of `seat` that began at `started` is over: what it took beyond the move
    time is vacation used."""
    if started is None or not game.table.turn_based or not game.table.vacation_days:
        return
    over = int((now - started).total_seconds()) - game.table.turn_seconds
    if over > 0:
        GamePlayer.objects.filter(game=game, position=seat).update(
            vacation_seconds=F("vacation_seconds") + over
        )


def away_changed(user: Any) -> int:
    """`user` set or ended a vacation: the deadline of each turn-based move of theirs now
    waiting is worked out again, as if the turn began now (no sooner than it was, while
    they are away; from now, in full, when they are back early). How many changed."""
    changed = 0
    waiting = GamePlayer.objects.played_by_person().filter(
        user=user, game__status=Game.PLAYING, game__table__move_hours__gt=0
    )
    for game_id, seat in waiting.values_list("game_id", "position"):
        with transaction.atomic():
            # Locked as every change of a game is (games.services.game_log.locked_game).
            game = Game.objects.select_for_update().select_related("table").get(pk=game_id)
            if game.state.get("turn") != seat or game.turn_deadline is None:
                continue
            now = timezone.now()
            pause = put_off(game, seat, now)
            deadline = now + pause + timedelta(seconds=game.table.turn_seconds)
            if user.away_returns_at is not None and user.away_returns_at > now:
                deadline = max(deadline, game.turn_deadline)
            if deadline != game.turn_deadline:
                game.turn_deadline = deadline
                game.save(update_fields=["turn_deadline"])
                changed += 1
    return changed
