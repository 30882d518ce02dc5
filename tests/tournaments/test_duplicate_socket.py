"""The event socket of a duplicate event: the frames pushed while a board is still
being played at a table carry its commitment only; the frame after its last table
carries its deck and salt."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async

from tests.games.playing import play_out
from tests.tournaments.test_consumer import _latest, _socket
from tests.tournaments.test_duplicate_rounds import duplicate_event
from tournaments import services
from tournaments.models import Board, BoardPlay, Event

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_socket_shows_a_board_only_after_its_last_table(
    make_event: Any, members: list, ann: Any
) -> None:
    event = duplicate_event(make_event, boards=2, advance=Event.MANUAL)
    for player in members[:6]:
        services.register(event=event, user=player)
    services.start_event(event=event, by=ann)
    path = f"/ws/tournaments/{event.pk}/"

    def play_board_one(table: int) -> Board:
        play = BoardPlay.objects.get(board__number=1, table__number=table)
        assert play.game.in_play, "the board's game ended as it was dealt"
        play_out(play.game)
        return Board.objects.get(number=1)

    async def scenario() -> None:
        socket = _socket(path)
        assert (await socket.connect())[0]
        round_ = await database_sync_to_async(lambda: event.round_set.get())()
        await database_sync_to_async(services.start_round)(round_=round_, by=ann)
        await _latest(socket)
        board = await database_sync_to_async(play_board_one)(1)
        html = await _latest(socket)
        assert board.revealed_at is None
        assert board.commitment in html and "Table 1: board 2 of 2" in html
        for secret in (board.deck, board.reshuffle, board.salt):
            assert secret not in html
        assert "Traveller of board 1" not in html
        board = await database_sync_to_async(play_board_one)(2)
        html = await _latest(socket)
        assert board.revealed_at is not None
        assert board.deck in html and board.salt in html and "Traveller of board 1" in html
        await socket.disconnect()

    async_to_sync(scenario)()
