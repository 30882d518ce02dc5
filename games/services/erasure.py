"""A deleted member's traces in games (docs/privacy.md#deleting-an-account): their seats,
places and results stay, so the others' games, standings and ratings stand; their name
goes from every stored copy (a game's seats, its snapshot and its log's first event, an
unnamed table's host) and their chat lines go. Safe to run twice: the second finds
nothing left to change."""

from __future__ import annotations

import contextlib
from typing import Any

from django.db import transaction

from games.errors import ServiceError
from games.models import (
    ChatMessage,
    Game,
    GameEvent,
    GamePlayer,
    ImportedTranscript,
    Table,
    TableMute,
)

from .table_life import leave_table


def forget_player(*, user: Any, token: str) -> int:
    """Replace `user`'s name by `token` in every game and table they were in, delete
    their chat lines, and free their seats at tables waiting between games. Returns how
    many games were renamed."""
    for table in Table.objects.filter(seats__user=user, closed_at__isnull=True).distinct():
        # A game in play there: the seat stays, and the turn timer hands it to a bot.
        with contextlib.suppress(ServiceError):
            leave_table(table=table, by=user)
    with transaction.atomic():
        renamed = 0
        for player in GamePlayer.objects.filter(user=user).exclude(name=token):
            _rename(player.game_id, player.position, token)
            renamed += 1
        GamePlayer.objects.filter(user=user).update(name=token)
        Table.objects.filter(owner=user).exclude(host_name="").update(host_name=token)
        ChatMessage.objects.filter(user=user).delete()
        TableMute.objects.filter(user=user).delete()
        ImportedTranscript.objects.filter(created_by=user).update(created_by=None)
    return renamed


def _rename(game_id: int, position: int, token: str) -> None:
    """The seat's name in the game's snapshot and in the log's first event (where the
    replay and the transcript read the players' names): the only copies of it there."""
    game = Game.objects.select_for_update().get(pk=game_id)
    names = list(game.state.get("names", []))
    if position < len(names):
        names[position] = token
        game.state["names"] = names
        game.save(update_fields=["state"])
    first = GameEvent.objects.filter(game_id=game_id).order_by("seq").first()
    if first is not None and position < len(first.data.get("names", ())):
        first.data["names"][position] = token
        first.save(update_fields=["data"])
