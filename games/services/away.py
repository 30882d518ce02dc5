"""Away players and games ended early (docs/tables.md#timers-and-away-players): the policy and its
numbers are `games.absence`'s; these carry it out, each leaving a table event in the
log. A player is marked away by the sweep (gone on their turn), by the host or staff,
or by a tournament they withdrew from; the host or staff, or the sweep (an abandoned
game), end a game before anyone has won."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import absence, access, engine, notify
from games.errors import ServiceError
from games.models import Game, GamePlayer
from games.services.game_log import append, check_seq, locked_game, store_results


def mark_absent(*, game_id: int, expected_seq: int) -> bool:
    """At a table without a timer, the person whose turn it is has been gone for longer
    than `absence.ABSENT_SECONDS` (the sweep saw no sign of them): they are away
    (reason "absent") and a bot plays for them. The caller checks that they are gone;
    this checks, under the lock, that the game is still where it was seen, at a table
    without a timer, on a turn that began long enough ago, of a person not yet away.
    Returns whether they were marked away: a late or repeated call does nothing."""
    with transaction.atomic():
        game = locked_game(game_id)
        started = game.turn_started_at
        seat = game.state.get("turn")
        if (
            game.seq != expected_seq
            or not game.in_play
            or game.table.turn_seconds
            or seat is None
            or started is None
            or started > timezone.now() - timedelta(seconds=absence.ABSENT_SECONDS)
        ):
            return False
        player = game.players.get(position=seat)
        if player.is_bot or player.away:
            return False
        _mark_away(game, player, "absent", seconds=absence.ABSENT_SECONDS)
    return True


def replace_with_bot(*, game_id: int, by: Any, position: int, expected_seq: int) -> GamePlayer:
    """The host (the table's owner) or staff lets a bot play for the person at
    `position`, who is marked away (reason "host" or "staff") until they press "I'm
    back". Refused, with nothing written, to anyone else, at a game that is over, for a
    bot or a player out of the game, for a player a bot already plays for, and when the
    game has moved on since the asker's view (`expected_seq`)."""
    with transaction.atomic():
        game = locked_game(game_id)
        reason = _manager(game, by)
        if not game.in_play:
            raise ServiceError(_("This game is over."))
        player = game.players.filter(position=position).first()
        if player is None:
            raise ServiceError(_("There is no such seat in this game."))
        if player.is_bot:
            raise ServiceError(_("%(name)s is a bot already.") % {"name": player.name})
        if player.away:
            raise ServiceError(_("A bot already plays for %(name)s.") % {"name": player.name})
        if game.engine_state().players[position].out:
            raise ServiceError(
                _("%(name)s is out of this game: there is nothing to play.") % {"name": player.name}
            )
        check_seq(game, expected_seq)
        _mark_away(game, player, reason)
    return player


# The away reason of a player who withdrew from the event the game belongs to.
WITHDRAWN = "withdrawn"


def let_bot_finish(*, game_id: int, user: Any) -> bool:
    """The system's (a tournament the player withdrew from): a bot plays `user`'s
    seat to the end of the game, and they cannot take it back. Their results stand as
    the game gives them. False, with nothing written, when the game is over, `user` is
    not playing in it, is out of it already, or is already played for for this reason."""
    with transaction.atomic():
        game = locked_game(game_id)
        if not game.in_play:
            return False
        player = game.players.filter(user=user).first()
        if player is None or player.away_reason == WITHDRAWN:
            return False
        if game.engine_state().players[player.position].out:
            return False
        _mark_away(game, player, WITHDRAWN)
    return True


# The away reason of every person of a game whose deadline passed: a turn-based event's
# round (docs/tournaments.md#turn-based-events). Bots finish the game.
DEADLINE = "deadline"

# Why a player away for good cannot play their own turns again (`absence.TO_THE_END`).
TO_THE_END_REFUSALS = {
    WITHDRAWN: gettext_lazy("You withdrew from the event: a bot plays this game for you."),
    DEADLINE: gettext_lazy(
        "The deadline for this game has passed: a bot plays it to the end for you."
    ),
}


def finish_with_bots(*, game_id: int) -> bool:
    """The system's (a turn-based event's round whose deadline passed): bots play every
    person's seat to the end, as they play an away player's, and nobody takes a seat
    back; the results stand as the game gives them. Every person still in the game and
    not away for good already is marked away (reason "deadline"), in one change under
    the game's lock, and a bot plays the turn in play if it was a person's. Returns
    whether anyone was marked: a repeated call, or one on two workers at once, finds
    them marked (or the game over) and writes nothing."""
    with transaction.atomic():
        game = locked_game(game_id)
        if not game.in_play:
            return False
        state = game.engine_state()
        marked = [
            player
            for player in game.players.filter(user__isnull=False, bot_level="")
            if player.away_reason not in absence.TO_THE_END
            and not state.players[player.position].out
        ]
        if not marked:
            return False
        GamePlayer.objects.filter(pk__in=[p.pk for p in marked]).update(
            away=True, away_reason=DEADLINE
        )
        events = [engine.Event("player_away", p.position, {"reason": DEADLINE}) for p in marked]
        # A bot's turn is due from now: the stalled-bot clock (`updated_at`) starts here.
        append(game, events, ["updated_at"])
        notify.game_changed(game, timer=0)
    return True


# The away reason of a player an event's organizer let a bot stand in for (a no-show).
STAND_IN = "event"


def stand_in(*, game_id: int, user: Any, on: bool) -> bool:
    """The system's (an event's organizer, for a no-show): `on`, a bot plays `user`'s
    seat (reason "event") until they say "I'm back" or the organizer gives the seat back;
    off, the seat is theirs again if it was played for this reason. Their results stand
    as played. False, with nothing written, when the game is over, `user` is not playing
    in it or is out of it, or there is nothing to change (already so, or away for
    another reason: withdrawn, the timer)."""
    with transaction.atomic():
        game = locked_game(game_id)
        if not game.in_play:
            return False
        player = game.players.filter(user=user).first()
        if player is None or game.engine_state().players[player.position].out:
            return False
        if on:
            if player.away:
                return False
            _mark_away(game, player, STAND_IN)
            return True
        if player.away_reason != STAND_IN:
            return False
        GamePlayer.objects.filter(pk=player.pk).update(
            away=False, away_reason="", turns_timed_out=0
        )
        append(game, [engine.Event("player_back", player.position)], [])
        # As coming back (`come_back`): what is left of a turn of theirs, never a fresh clock.
        timer = 0.0
        if game.state.get("turn") == player.position and game.turn_deadline is not None:
            timer = max(0.0, (game.turn_deadline - timezone.now()).total_seconds())
        notify.game_changed(game, bot_moves_next=False, timer=timer)
    return True


def end_game(*, game_id: int, by: Any, expected_seq: int) -> Game:
    """The host or staff ends the game now: the standings stand and no one wins (status
    ENDED, reason "host" or "staff"). Refused, with nothing written, to anyone else, at
    a game that is over (or already ended), and when the game has moved on since the
    asker's view: of an end and a move made at the same moment, the row lock lets one
    go first, and the other finds the seq (or the status) changed."""
    with transaction.atomic():
        game = locked_game(game_id)
        reason = _manager(game, by)
        if game.status == Game.ENDED:
            raise ServiceError(_("This game has already been ended."))
        if not game.in_play:
            raise ServiceError(_("This game is over: it was played to the end."))
        check_seq(game, expected_seq)
        _end_early(game, reason)
    return game


def end_abandoned(*, game_id: int) -> bool:
    """The sweep's: a game in which no person has moved (or said "I'm back") for
    `absence.abandoned_after` its table ends itself, reason "abandoned". Returns whether it did: a
    repeated call, or one on two workers at once, ends it once (the second finds it
    ended under the lock), and a game someone has moved in since is left alone."""
    with transaction.atomic():
        game = locked_game(game_id)
        people = game.players.filter(user__isnull=False, bot_level="").count()
        after = absence.abandoned_after(game.table.move_hours, people)
        if not game.in_play or game.human_moved_at > timezone.now() - after:
            return False
        hours = int(after.total_seconds() // 3600)
        _end_early(game, "abandoned", hours=hours)
    return True


def _manager(game: Game, user: Any) -> str:
    """Why `user` may manage `game`'s players ("host" or "staff"), or a refusal."""
    role = access.manager_role(user, game.table)
    if role is not None:
        return role
    raise ServiceError(_("Only the table's host or staff can do that."))


def _mark_away(game: Game, player: GamePlayer, reason: str, **data: Any) -> None:
    """`player` is away from now on, and the log says why; a bot plays their turn if it
    is theirs now. The turn's deadline and start stay: the timer keeps running."""
    GamePlayer.objects.filter(pk=player.pk).update(away=True, away_reason=reason)
    # A bot's turn is due from now: the stalled-bot clock (`updated_at`) starts here.
    event = engine.Event("player_away", player.position, {"reason": reason, **data})
    append(game, [event], ["updated_at"])
    # A bot plays their turn if it is theirs now; the timer of the turn runs on.
    notify.game_changed(game, bot_moves_next=game.state.get("turn") == player.position, timer=0)


def _end_early(game: Game, reason: str, **data: Any) -> None:
    """End `game` before anyone has won: the snapshot (the standings) stays as it is, no
    one is marked a winner, and the round in play's deck stays hidden (its hands were
    never shown). No timer or bot moves again: they find the game over."""
    game.status = Game.ENDED
    game.end_reason = reason
    game.finished_at = timezone.now()
    game.turn_deadline = None
    game.turn_started_at = None
    store_results(game, game.engine_state(), ended_early=True)
    event = engine.Event("game_ended_early", None, {"reason": reason, **data})
    append(
        game,
        [event],
        ["status", "end_reason", "finished_at", "turn_deadline", "turn_started_at"],
    )
    notify.game_changed(game)
