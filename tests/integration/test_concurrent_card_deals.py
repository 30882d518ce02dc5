"""A balanced knockout's deal at card tables entered from phones at the same moment
(docs/club-night.md#knockouts-with-cards), on PostgreSQL with real threads: two
confirmations of the last table's pending deal, two players entering the same deal at
once, and two tables' last confirmations of one deal at once. Each time exactly one
result stands per table and the deal ends exactly once: lives carried once, the
balancing's moves made once, the next deal seated once."""

from __future__ import annotations

import contextlib
import threading
from typing import Any

import pytest
from django.db import connection

from clubs.models import Club
from games.errors import ServiceError
from games.models import RuleSet
from tests.integration.test_concurrent_card_results import MeetingClock, at_once
from tests.tournaments.cards.test_card_knockouts import make, two_lives  # noqa: F401
from tournaments import services
from tournaments.cards import card_results
from tournaments.models import (
    CardResult,
    Event,
    KnockoutMove,
    KnockoutPlayer,
    Round,
    RoundSeat,
    RoundTable,
)

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def seven_at_fours(
    club: Club, ann: Any, rules: RuleSet, users: list[Any]
) -> tuple[Event, RoundTable, RoundTable]:
    """Seven players at tables of four seats, started: the event and deal 1's table of
    4 and table of 3."""
    event = make(club, ann, rules, users[:7], format=Event.KNOCKOUT, table_size=4)
    deal = services.start_event(event=event, by=ann)
    four, three = sorted(deal.tables.all(), key=lambda t: -t.seats.count())
    assert (four.seats.count(), three.seats.count()) == (4, 3)
    return event, four, three


def players(table: RoundTable) -> list[Any]:
    return [s.entry.user for s in table.seats.select_related("entry__user").order_by("position")]


def lives(event: Event) -> dict[int, int]:
    return dict(KnockoutPlayer.objects.filter(event=event).values_list("entry_id", "lives"))


def entries(table: RoundTable) -> list[int]:
    return list(table.seats.order_by("position").values_list("entry_id", flat=True))


def fresh_clock(monkeypatch: Any) -> None:
    MeetingClock.meeting = threading.Barrier(2)
    monkeypatch.setattr(card_results, "timezone", MeetingClock)


def ended_once(event: Event, deal: int) -> list[KnockoutMove]:
    """The deal's end ran once: one next deal, its tables and seats written once, the
    moves recorded once (every player moved at most once); the moves."""
    assert Round.objects.filter(event=event, number=deal + 1).count() == 1
    following = Round.objects.get(event=event, number=deal + 1)
    numbers = list(following.tables.values_list("number", flat=True))
    assert len(numbers) == len(set(numbers))
    seated = list(RoundSeat.objects.filter(table__round=following).values_list("entry_id"))
    assert len(seated) == len(set(seated))
    moves = list(KnockoutMove.objects.filter(event=event, after_deal=deal))
    assert len({m.entry_id for m in moves}) == len(moves)
    assert Round.objects.get(event=event, number=deal).status == Round.FINISHED
    return moves


def test_two_phones_at_the_last_table_of_a_deal_end_it_once(
    postgres: None,
    club: Club,
    ann: Any,
    two_lives: RuleSet,  # noqa: F811  (the fixture imported above)
    twelve: list[Any],
    monkeypatch: Any,
) -> None:
    event, four, three = seven_at_fours(club, ann, two_lives, twelve)
    a, b, *_ = players(four)
    card_results.submit_result(round_table=four, by=a, lives_lost=[1, 0, 0, 0])
    assert card_results.confirm_result(
        result=four.card_results.get(status=CardResult.PENDING), by=b
    ).status == (CardResult.CONFIRMED)
    # The last table: one player has entered the deal, the two others confirm at once.
    x, y, z = players(three)
    pending = card_results.submit_result(round_table=three, by=x, lives_lost=[2, 1, 0])
    before = lives(event)
    fresh_clock(monkeypatch)
    outcomes = at_once(
        [
            lambda: card_results.confirm_result(result=pending, by=y),
            lambda: card_results.confirm_result(result=pending, by=z),
        ]
    )
    assert sum(isinstance(o, CardResult) for o in outcomes) == 1
    assert sum(isinstance(o, ServiceError) for o in outcomes) == 1
    assert three.card_results.filter(status=CardResult.CONFIRMED).count() == 1
    # Lives carried once (2 - 1 is 1, not 0), the out player out once.
    after = lives(event)
    gone, hurt, kept = entries(three)
    first = entries(four)[0]
    assert (after[gone], after[hurt], after[kept], after[first]) == (0, 1, 2, 1)
    assert before[hurt] == 2
    out = KnockoutPlayer.objects.get(event=event, entry_id=gone)
    assert (out.out_deal, out.place) == (1, 7)
    # Six left at tables of 4 and 2: the balancing moved one player, once.
    moves = ended_once(event, 1)
    assert [(m.reason, m.from_table, m.to_table) for m in moves] == [
        (KnockoutMove.BALANCE, four.number, three.number)
    ]
    assert sum(p.moves for p in KnockoutPlayer.objects.filter(event=event)) == 1

    # Deal 2: two players of the last table enter the same deal at the same moment.
    deal = Round.objects.get(event=event, number=2)
    first_table, last = sorted(deal.tables.all(), key=lambda t: t.number)
    p, q, _ = players(first_table)
    card_results.submit_result(round_table=first_table, by=p, lives_lost=[0, 1, 0])
    card_results.submit_result(round_table=first_table, by=q, lives_lost=[0, 1, 0])
    u, v, _ = players(last)
    before = lives(event)
    lost = [0, 0, 1]
    fresh_clock(monkeypatch)
    outcomes = at_once(
        [
            lambda: card_results.submit_result(round_table=last, by=u, lives_lost=lost),
            lambda: card_results.submit_result(round_table=last, by=v, lives_lost=lost),
        ]
    )
    # One entered it; the other's, the same, confirmed it: one result stands.
    assert sorted(o.status for o in outcomes) == [CardResult.CONFIRMED, CardResult.PENDING]
    assert last.card_results.filter(status=CardResult.CONFIRMED).count() == 1
    after = lives(event)
    loser = entries(last)[2]
    assert after[loser] == before[loser] - 1
    ended_once(event, 2)
    with contextlib.suppress(Exception):
        connection.close()


def test_two_tables_last_confirmations_of_one_deal_at_once_end_it_once(
    postgres: None,
    club: Club,
    ann: Any,
    two_lives: RuleSet,  # noqa: F811  (the fixture imported above)
    twelve: list[Any],
    monkeypatch: Any,
) -> None:
    event, four, three = seven_at_fours(club, ann, two_lives, twelve)
    a, b, *_ = players(four)
    x, y, _ = players(three)
    # Both tables' deals entered: one player out at the four, two at the three.
    at_four = card_results.submit_result(round_table=four, by=a, lives_lost=[2, 0, 0, 0])
    at_three = card_results.submit_result(round_table=three, by=x, lives_lost=[2, 2, 0])
    fresh_clock(monkeypatch)
    outcomes = at_once(
        [
            lambda: card_results.confirm_result(result=at_four, by=b),
            lambda: card_results.confirm_result(result=at_three, by=y),
        ]
    )
    # Both are recorded (they are different tables) ...
    assert [o.status for o in outcomes] == [CardResult.CONFIRMED, CardResult.CONFIRMED]
    # ... and whichever came second ended the deal, once: three out, sharing 5th.
    places = dict(
        KnockoutPlayer.objects.filter(event=event, out_deal=1).values_list("entry_id", "place")
    )
    assert sorted(places.values()) == [5, 5, 5]
    # Four left at tables of 3 and 1: the table of one broke into the other, once.
    moves = ended_once(event, 1)
    left = entries(three)[2]
    assert [(m.reason, m.entry_id, m.from_table) for m in moves] == [
        (KnockoutMove.BREAK, left, three.number)
    ]
    (final,) = Round.objects.get(event=event, number=2).tables.all()
    assert final.number == four.number and left in entries(final)
    assert lives(event)[left] == 2
    with contextlib.suppress(Exception):
        connection.close()
