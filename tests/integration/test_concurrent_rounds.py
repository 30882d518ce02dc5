"""Two workers record the last two tables of a round at the same moment: the round is
finished, and the next one seated and started, exactly once (PostgreSQL row locks)."""

from __future__ import annotations

import contextlib
import threading
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from games.signals import game_finished
from tests.games.playing import play_out
from tournaments import receivers, services
from tournaments.models import Round, RoundTable
from tournaments.services import clock

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


class MeetingClock:
    """timezone for tournaments.services.clock whose now() waits (up to a second) for the other
    worker to get there too. It is read after a worker writes its own table and before
    it looks at the round's other tables, so without the event's lock both workers would
    look before either commits, and neither would advance the round. With the lock the
    second worker cannot get there: the first waits out the second and goes on."""

    meeting = threading.Barrier(2)

    @classmethod
    def now(cls) -> Any:
        with contextlib.suppress(threading.BrokenBarrierError):
            cls.meeting.wait(timeout=1)
        return timezone.now()


def test_the_last_two_tables_at_once_start_the_next_round_once(
    postgres: None, make_event: Any, ann: Any, members: list[Any], monkeypatch: Any
) -> None:
    event = make_event(rounds=2, table_size=3, table_min=3, table_max=3)
    for user in [ann, *members[:5]]:
        services.register(event=event, user=user)
    first = services.start_event(event=event, by=ann)
    tables = list(first.tables.all())
    # Play both games out without the receiver, so nothing records them yet.
    game_finished.disconnect(dispatch_uid="tournaments.game_finished")
    try:
        for table in tables:
            play_out(table.game)
    finally:
        game_finished.connect(receivers.game_finished, dispatch_uid="tournaments.game_finished")
    monkeypatch.setattr(clock, "timezone", MeetingClock)
    barrier = threading.Barrier(len(tables))
    outcomes: list[bool] = []

    def record(game_id: int) -> None:
        try:
            barrier.wait()
            outcomes.append(services.record_table(game_id=game_id))
        finally:
            connection.close()

    threads = [threading.Thread(target=record, args=(t.game_id,)) for t in tables]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert outcomes == [True, True]
    assert Round.objects.filter(event=event).count() == 2
    second = Round.objects.get(event=event, number=2)
    assert second.status == Round.PLAYING
    assert RoundTable.objects.filter(round=second, game__isnull=False).count() == 2
    assert Round.objects.get(pk=first.pk).status == Round.FINISHED
    # A late, repeated delivery changes nothing.
    assert [services.record_table(game_id=t.game_id) for t in tables] == [False, False]
    assert Round.objects.filter(event=event).count() == 2
