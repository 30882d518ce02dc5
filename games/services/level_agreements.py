"""Levels added to the bus by agreement (`engine.levels`, docs/engine.md#agreements): a player
proposes new levels, the bots at the table agree at once, and the people answer. An
agreement changes nothing of the board: whose turn it is, and its deadline, stay."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine, notify
from games.engine import events as engine_events
from games.engine import levels
from games.errors import ServiceError, StaleMove
from games.models import Game, GameEvent, GamePlayer
from games.services.game_log import locked_game, players_seat
from games.wording import refusal


def propose_levels(*, game_id: int, user: Any, names: list[str]) -> Game:
    """`user`, a player still in the game, proposes adding levels named `names` to the
    bus (`levels_by_agreement`). The bots at the table agree at once; the people must
    answer (`answer_levels`). Refused, with nothing written, to a spectator, at a game
    that is over or whose rules have no such levels, while another proposal is open,
    and for names that make no sense (the engine's messages)."""
    with transaction.atomic():
        game = locked_game(game_id)
        player = _playing(game, user)
        state = game.engine_state()
        state, events = _agreement(state, engine.ProposeLevels(player.position, tuple(names)))
        bots = game.players.exclude(bot_level="").values_list("position", flat=True)
        for position in sorted(bots):
            if state.proposal is None:  # the bots' agreement completed it
                break
            if not state.players[position].out:
                state, more = _agreement(state, engine.AnswerLevels(position, True))
                events += more
        _record_agreement(game, state, events)
    return game


def answer_levels(*, game_id: int, user: Any, agree: bool, key: str) -> Game:
    """`user` agrees to (or declines) the open proposal to add levels, the one whose
    `engine.levels.proposal_key` they saw. When the last player still in agrees, the levels are
    added. Refused, with nothing written, to a spectator or a player out of the game,
    when no proposal is open or it is not the one they saw, and to a second answer."""
    with transaction.atomic():
        game = locked_game(game_id)
        player = _playing(game, user)
        state = game.engine_state()
        if state.proposal is not None and levels.proposal_key(state.proposal) != key:
            raise StaleMove(_("That proposal is no longer open: here is the one on the table now."))
        state, events = _agreement(state, engine.AnswerLevels(player.position, agree))
        _record_agreement(game, state, events)
    return game


def _playing(game: Game, user: Any) -> GamePlayer:
    return players_seat(
        game, user, _("You are not playing in this game: only its players decide on levels.")
    )


def _agreement(
    state: engine.GameState, action: engine.Action
) -> tuple[engine.GameState, list[engine.Event]]:
    try:
        return engine.apply_action(state, action)
    except engine.IllegalAction as error:
        raise ServiceError(refusal(error)) from error


def _record_agreement(game: Game, state: engine.GameState, events: list[engine.Event]) -> None:
    """Append the agreement's events and save the snapshot. Whose turn it is, its start
    and its deadline stay as they were: the player on turn keeps what is left of their
    time, and a bot on turn is given its turn again (the task queued for it was for the
    seq before)."""
    first = game.seq + 1
    GameEvent.objects.bulk_create(
        GameEvent(game=game, seq=first + offset, **engine_events.to_dict(event))
        for offset, event in enumerate(events)
    )
    game.seq = first + len(events) - 1
    game.keep_state(state)
    game.human_moved_at = timezone.now()
    game.save(update_fields=["seq", "state", "human_moved_at", "updated_at"])
    bot_moves_next = game.machine_moves_next()
    timer = 0.0
    if not bot_moves_next and game.turn_deadline is not None:
        timer = max(0.0, (game.turn_deadline - timezone.now()).total_seconds())
    notify.game_changed(game, bot_moves_next=bot_moves_next, timer=timer)
