"""Two phones at one card table at the same moment
(docs/club-night.md#entering-and-confirming), on PostgreSQL with real threads: two
confirmations of one pending result, and two submissions of the last table's result,
leave exactly one confirmed result, and the round is recorded and the next seated
once."""

from __future__ import annotations

import contextlib
import threading
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from games.errors import ServiceError
from tests.tournaments.cards.test_card_tables import players, started_mixed
from tournaments.cards import card_results
from tournaments.models import CardResult, Round


def at_once(steps: list[Any]) -> list[Any]:
    """Run `steps` in threads released together; each one's result or ServiceError."""
    barrier = threading.Barrier(len(steps))
    outcomes: list[Any] = [None] * len(steps)

    def run(k: int) -> None:
        try:
            barrier.wait()
            outcomes[k] = steps[k]()
        except ServiceError as error:
            outcomes[k] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(steps))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


class MeetingClock:
    """timezone for tournaments.cards.card_results whose now() waits (up to a second) for the
    other phone to get there too. It is read after a phone has looked at the table's
    results and before it writes, so without the locks both would look before either
    wrote (two confirmations, two pending results); with them the second cannot get
    there until the first has committed."""

    meeting = threading.Barrier(2)

    @classmethod
    def now(cls) -> Any:
        with contextlib.suppress(threading.BrokenBarrierError):
            cls.meeting.wait(timeout=1)
        return timezone.now()


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_phones_at_once_leave_one_confirmed_result(
    postgres: None, make_event: Any, twelve: list[Any], ann: Any, monkeypatch: Any
) -> None:
    round_ = started_mixed(make_event, twelve[:6], ann, [1, 2])
    table, last = round_.tables.get(number=1), round_.tables.get(number=2)
    a, b, c = players(table)
    pending = card_results.submit_result(round_table=table, by=a, places=[1, 2, 3])
    monkeypatch.setattr(card_results, "timezone", MeetingClock)
    # Two players confirm the same pending result at once.
    outcomes = at_once(
        [
            lambda: card_results.confirm_result(result=pending, by=b),
            lambda: card_results.confirm_result(result=pending, by=c),
        ]
    )
    assert sum(isinstance(o, CardResult) for o in outcomes) == 1
    assert sum(isinstance(o, ServiceError) for o in outcomes) == 1
    assert table.card_results.filter(status=CardResult.CONFIRMED).count() == 1
    # The last table: two players submit the same result at once. One submits, the
    # other's confirms it; the table is recorded once and round 2 seated once.
    x, y, _ = players(last)
    MeetingClock.meeting = threading.Barrier(2)
    outcomes = at_once(
        [
            lambda: card_results.submit_result(round_table=last, by=x, places=[2, 1, 3]),
            lambda: card_results.submit_result(round_table=last, by=y, places=[2, 1, 3]),
        ]
    )
    assert sorted(o.status for o in outcomes) == [CardResult.CONFIRMED, CardResult.PENDING]
    assert last.card_results.filter(status=CardResult.CONFIRMED).count() == 1
    assert Round.objects.get(pk=round_.pk).status == Round.FINISHED
    assert Round.objects.filter(event=round_.event, number=2).count() == 1
    with contextlib.suppress(Exception):
        connection.close()
