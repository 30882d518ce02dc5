"""A player opening their table (docs/tables.md#the-first-turn-waits-for-the-player):
the first time a seated person opens the page or socket of a game in play,
`GamePlayer.arrived_at` is set. A table with a first-turn grace (an event's: players
walk over from wherever they were called) gives a person who has not arrived yet until
the grace ends before their turn's timer starts (`game_log._deadline`); arriving starts
it now, as at any other table."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games import notify
from games.models import Game, GamePlayer
from games.services.game_log import locked_game
from games.signals import player_arrived


def arrive(*, game_id: int, user: Any) -> bool:
    """`user` opened game `game_id`'s table. Returns whether this was their first time
    during the game (one UPDATE when it was not). Safe to run twice or from two sockets
    at once: the UPDATE of a null `arrived_at` lets one of them through."""
    if user is None or not user.is_authenticated:
        return False
    now = timezone.now()
    first = GamePlayer.objects.filter(
        game_id=game_id, user=user, arrived_at__isnull=True, game__status=Game.PLAYING
    ).update(arrived_at=now)
    if not first:
        return False
    # Only a table with a grace and a timer may have put a timer off for them.
    timed = Game.objects.filter(pk=game_id).values_list(
        "table__first_turn_grace", "table__turn_timer", "table__move_hours"
    )
    grace, timer, hours = timed.first() or (0, 0, 0)
    if grace and (timer or hours):  # a timer may have been put off for them: it starts now
        with transaction.atomic():
            _start_timer_now(locked_game(game_id), user)
    user_id = user.pk
    transaction.on_commit(
        lambda: player_arrived.send_robust(sender=Game, game_id=game_id, user_id=user_id)
    )
    return True


def _start_timer_now(game: Game, user: Any) -> None:
    """If it is `user`'s turn and its deadline was put off for them (the grace), it runs
    from now: the timer's length, no more."""
    seconds = game.table.turn_seconds
    turn = game.state.get("turn")
    if not game.in_play or not seconds or turn is None or game.turn_deadline is None:
        return
    on_turn = game.players.filter(position=turn, user=user, away=False).exists()
    soonest = timezone.now() + timedelta(seconds=seconds)
    if on_turn and game.turn_deadline > soonest:
        game.turn_deadline = soonest
        game.save(update_fields=["turn_deadline"])
        # the sweep finds the deadline (docs/tables.md#the-deadline-is-found-by-the-sweep)
        if game.table.turn_based:
            return
        game_id, seq = game.pk, game.seq
        transaction.on_commit(
            lambda: notify.enqueue(
                notify.TURN_TIMEOUT, game_id, seq, countdown=seconds + 0.5, deadline=True
            )
        )
