"""Two workers record the last two tables of a duplicate board at the same moment: the
board is revealed once, each table is dealt its next board once (PostgreSQL row locks)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection

from games.models import Game
from games.signals import game_finished
from tests.games.playing import play_out
from tests.integration.test_concurrent_rounds import MeetingClock
from tournaments import receivers, services
from tournaments.formats.duplicate import rounds as duplicate_rounds
from tournaments.models import BoardPlay, Event

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_the_last_two_tables_of_a_board_at_once_reveal_it_once(
    postgres: None, make_event: Any, ann: Any, members: list[Any], monkeypatch: Any
) -> None:
    event = make_event(
        format=Event.DUPLICATE, rounds=1, boards=2, table_size=3, table_min=3, table_max=3
    )
    for user in [ann, *members[:5]]:
        services.register(event=event, user=user)
    first = services.start_event(event=event, by=ann)
    plays = list(BoardPlay.objects.filter(board__round=first, board__number=1))
    assert len(plays) == 2
    # Play both games out without the receiver, so nothing records them yet.
    game_finished.disconnect(dispatch_uid="tournaments.game_finished")
    try:
        for play in plays:
            play_out(play.game)
    finally:
        game_finished.connect(receivers.game_finished, dispatch_uid="tournaments.game_finished")
    monkeypatch.setattr(duplicate_rounds, "timezone", MeetingClock)
    barrier = threading.Barrier(len(plays))
    outcomes: list[bool] = []

    def record(game_id: int) -> None:
        try:
            barrier.wait()
            outcomes.append(services.record_table(game_id=game_id))
        finally:
            connection.close()

    threads = [threading.Thread(target=record, args=(p.game_id,)) for p in plays]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes == [True, True]
    board = first.boards.get(number=1)
    assert board.revealed_at is not None
    assert not Game.objects.filter(board_play__board=board, sealed=True).exists()
    assert BoardPlay.objects.filter(board__round=first, board__number=2).count() == 2
    # A late, repeated delivery changes nothing.
    assert [services.record_table(game_id=p.game_id) for p in plays] == [False, False]
    assert BoardPlay.objects.filter(board__round=first).count() == 4
