"""Knockouts played with real cards (docs/club-night.md#knockouts-with-cards): a top-q
event and a balanced knockout played to their winners through results submitted and
confirmed from phones (the Django test client, as a phone without JavaScript posts), the
balancing's moves made on the round seats, and every refused deal writing nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs.models import Club, Membership
from games.errors import ServiceError
from games.models import RuleSet
from tournaments import formats, services
from tournaments.cards import card_results, card_state
from tournaments.models import (
    CardResult,
    Event,
    KnockoutMove,
    KnockoutPlayer,
    Round,
    RoundSeat,
    RoundTable,
)
from tournaments.room import console

pytestmark = pytest.mark.django_db

MOST_DEALS = 40  # two lives each for nine players: one out per table every other deal


@pytest.fixture
def two_lives(presets: None) -> RuleSet:
    """Scat with two lives and no county: out when the second life is lost."""
    return RuleSet.objects.create(
        name="Two lives", preset="scat", changes={"lives": 2, "county": False}
    )


@pytest.fixture
def nine(club: Club, django_user_model: Any) -> list[Any]:
    users = []
    for k in range(1, 10):
        user = django_user_model.objects.create_user(f"n{k}", password="x" * 12)
        Membership.objects.create(club=club, user=user)
        users.append(user)
    return users


def make(club: Club, ann: Any, rule_set: RuleSet, players: list[Any], **options: Any) -> Event:
    options.setdefault("venue", Event.CARDS)
    event = services.create_event(
        club=club,
        by=ann,
        rule_set=rule_set,
        name="Card knockout",
        starts_at=timezone.now() + timedelta(hours=1),
        turn_timer=0,
        bots_fill=False,
        table_min=3,
        table_max=options["table_size"],
        **options,
    )
    for user in players:
        services.register(event=event, user=user)
    return event


def phone(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def url(table: RoundTable) -> str:
    return reverse("tournaments:card_result", args=[table.round.event_id, table.pk])


def seated(table: RoundTable) -> list[RoundSeat]:
    return list(table.seats.select_related("entry__user").order_by("position"))


def submit_and_confirm(table: RoundTable, data: dict[str, str]) -> None:
    """One player of the table submits `data`, another confirms it, as phones do."""
    seats = seated(table)
    first, second = seats[0].entry.user, seats[1].entry.user  # type: ignore[union-attr]
    page = phone(first).post(url(table), {"action": "submit", **data}, follow=True)
    assert "waiting for another player" in page.content.decode()
    pending = CardResult.objects.get(round_table=table, status=CardResult.PENDING)
    page = phone(second).post(
        url(table), {"action": "confirm", "result": str(pending.pk)}, follow=True
    )
    assert "result is recorded" in page.content.decode()


def snapshot(event: Event) -> tuple[Any, ...]:
    event.refresh_from_db()
    return (
        list(CardResult.objects.filter(round_table__round__event=event).values_list("pk")),
        list(RoundSeat.objects.filter(table__round__event=event).values_list("pk", "lives_lost")),
        list(RoundTable.objects.filter(round__event=event).values_list("pk", "finished_at")),
        list(KnockoutPlayer.objects.filter(event=event).values_list("pk", "lives", "place")),
        event.live_version,
    )


# ---- the venue --------------------------------------------------------------------------


def test_knockouts_play_with_cards_but_not_mixed_nor_the_county(
    club: Club, ann: Any, two_lives: RuleSet, scat: RuleSet
) -> None:
    for fmt in (Event.KNOCKOUT, Event.TOP_Q):
        made = make(club, ann, two_lives, [], format=fmt, table_size=3, top_q=1)
        assert made.venue == Event.CARDS
        with pytest.raises(ServiceError, match="all online or all with cards") as mixed:
            make(club, ann, two_lives, [], format=fmt, table_size=3, top_q=1, venue=Event.MIXED)
        assert mixed.value.field == "venue"
    with pytest.raises(ServiceError, match="without the county"):
        make(club, ann, scat, [], format=Event.KNOCKOUT, table_size=3)


# ---- top q ------------------------------------------------------------------------------


def test_a_top_q_event_at_card_tables_is_played_to_its_winner(
    club: Club, ann: Any, two_lives: RuleSet, nine: list[Any]
) -> None:
    event = make(club, ann, two_lives, nine, format=Event.TOP_Q, table_size=3, top_q=1)
    first = services.start_event(event=event, by=ann)
    tables = list(first.tables.order_by("number"))
    assert len(tables) == 3 and all(t.cards and t.table_id is None for t in tables)
    assert all(t.game_id is None for t in tables)
    # Each table's order, by seat: the winner is a different seat at each table.
    orders = [[1, 2, 3], [3, 1, 2], [2, 3, 1]]
    winners, seconds, thirds = [], [], []
    for table, order in zip(tables, orders, strict=True):
        seats = seated(table)
        page = phone(seats[0].entry.user).get(url(table)).content.decode()  # type: ignore[union-attr]
        one = seats[0].position
        assert f'name="place_{one}"' in page and f'name="lost_{one}"' not in page
        places = zip(seats, order, strict=True)
        submit_and_confirm(table, {f"place_{s.position}": str(p) for s, p in places})
        by_place = {p: s.entry_id for s, p in zip(seats, order, strict=True)}
        winners.append(by_place[1])
        seconds.append(by_place[2])
        thirds.append(by_place[3])
    final = Round.objects.get(event=event, number=2)
    (table,) = final.tables.all()
    assert table.cards and {s.entry_id for s in seated(table)} == set(winners)
    kp = {p.entry_id: p for p in KnockoutPlayer.objects.filter(event=event)}
    # Out in round 1: ranked by their place at their table, ties sharing.
    assert {kp[e].place for e in seconds} == {4} and {kp[e].place for e in thirds} == {7}
    assert all(kp[e].out_deal == 1 for e in seconds + thirds)
    seats = seated(table)
    submit_and_confirm(table, {f"place_{s.position}": str(k + 1) for k, s in enumerate(seats)})
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    kp = {p.entry_id: p for p in KnockoutPlayer.objects.filter(event=event)}
    assert [kp[s.entry_id].place for s in seats] == [1, 2, 3]  # type: ignore[index]
    assert Round.objects.filter(event=event).count() == 2


def test_a_top_q_round_between_the_first_and_the_final_is_played_with_cards(
    club: Club, ann: Any, two_lives: RuleSet, nine: list[Any], django_user_model: Any
) -> None:
    """Twelve at tables of three, top 1: round 1 at four tables (one ties for 2nd), round
    2 at two tables of two, then the final; each round's card tables seated from who went
    through, and each result page leading its players on
    (docs/club-night.md#the-result-page-leads-on)."""
    more = [django_user_model.objects.create_user(f"n{k}", password="x" * 12) for k in (10, 11, 12)]
    for user in more:
        Membership.objects.create(club=club, user=user)
    event = make(club, ann, two_lives, nine + more, format=Event.TOP_Q, table_size=3, top_q=1)
    services.start_event(event=event, by=ann)
    orders = {1: [[1, 2, 3], [3, 1, 2], [2, 3, 1], [1, 2, 2]], 2: [[2, 1], [1, 2]], 3: [[1, 2]]}
    through: list[int] = []
    for number, round_orders in orders.items():
        round_ = Round.objects.get(event=event, number=number)
        tables = list(round_.tables.order_by("number"))
        assert len(tables) == len(round_orders)
        assert all(t.cards and t.game_id is None and t.dealer is not None for t in tables)
        if number > 1:  # seated from scratch from who went through, every one of them
            assert sorted(s.entry_id for t in tables for s in seated(t)) == sorted(through)
        through = []
        for table, order in zip(tables, round_orders, strict=True):
            seats = seated(table)
            submit_and_confirm(
                table, {f"place_{s.position}": str(p) for s, p in zip(seats, order, strict=True)}
            )
            through += [s.entry_id for s, p in zip(seats, order, strict=True) if p == 1]  # type: ignore[misc]
        if number == 1:
            # A player through reads where they play round 2; one out, their place.
            winner = RoundSeat.objects.select_related("entry__user").get(
                table=tables[0], entry_id=through[0]
            )
            nxt = RoundSeat.objects.select_related("table").get(
                table__round__event=event, table__round__number=2, entry_id=through[0]
            )
            page = phone(winner.entry.user).get(url(tables[0])).content.decode()  # type: ignore[union-attr]
            where = f"Round 2: table {nxt.table.number}, seat {nxt.position + 1}."
            assert where in page and f'href="{url(nxt.table)}">Enter round 2&#x27;s result' in page
            tied = seated(tables[3])[1]
            page = phone(tied.entry.user).get(url(tables[3])).content.decode()  # type: ignore[union-attr]
            assert "You went out in round 1: =5th of 12." in page
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    places = dict(KnockoutPlayer.objects.filter(event=event).values_list("entry_id", "place"))
    # Round 1: the 2nds (five, one table tied) share 5th, the 3rds 10th; round 2's
    # losers share 3rd; the final's order is the first two places.
    assert sorted(places.values()) == [1, 2, 3, 3] + [5] * 5 + [10] * 3
    assert places[through[0]] == 1


# ---- a balanced knockout ----------------------------------------------------------------


def test_a_balanced_knockout_at_card_tables_is_played_deal_by_deal(
    club: Club, ann: Any, two_lives: RuleSet, nine: list[Any]
) -> None:
    event = make(club, ann, two_lives, nine, format=Event.KNOCKOUT, table_size=4)
    deal = services.start_event(event=event, by=ann)
    lives = {p.entry_id: p.lives for p in KnockoutPlayer.objects.filter(event=event)}
    assert set(lives.values()) == {2}
    expected: dict[int, int] = {}
    broke = False
    for _ in range(MOST_DEALS):
        tables = list(deal.tables.order_by("number"))
        assert all(t.cards and t.table_id is None and t.dealer is not None for t in tables)
        exits: list[tuple[int, int]] = []
        for table in tables:
            seats = seated(table)
            page = phone(seats[0].entry.user).get(url(table)).content.decode()  # type: ignore[union-attr]
            assert f"Table {table.number}, deal {deal.number}" in page
            one = seats[0].position
            assert f'name="lost_{one}"' in page and f'name="place_{one}"' not in page
            assert "(deals)" in page
            # The player after the dealer loses a life (the table's first seat if the
            # dealer is last), so who loses moves round the table deal by deal.
            positions = [s.position for s in seats]
            after = [p for p in positions if p > (table.dealer or 0)] or positions
            loser = after[0]
            submit_and_confirm(
                table,
                {f"lost_{s.position}": "1" if s.position == loser else "0" for s in seats},
            )
            for s in seats:
                assert s.entry_id is not None
                if s.position == loser:
                    if lives[s.entry_id] == 1:
                        exits.append((s.entry_id, lives[s.entry_id]))
                    lives[s.entry_id] -= 1
        # The test's own places: out on one deal, ranked by lives at its start, shared.
        still_in = sum(1 for e in lives if e not in expected)
        first = still_in - len(exits) + 1
        for entry_id, at_start in exits:
            expected[entry_id] = first + sum(o[1] > at_start for o in exits)
        moves = list(KnockoutMove.objects.filter(event=event, after_deal=deal.number))
        event.refresh_from_db()
        if deal.number == 1:  # the pages read card tables mid-event
            manage = phone(ann).get(reverse("tournaments:manage", args=[event.pk]))
            assert manage.status_code == 200 and "cards: no result yet" in manage.content.decode()
            seat = RoundSeat.objects.get(
                table__round__event=event, table__round__number=2, entry__user=nine[0]
            )
            page = phone(nine[0]).get(event.get_absolute_url()).content.decode()
            assert f'href="{url(seat.table)}">Enter the result' in page
        if event.status == Event.FINISHED:
            break
        following = Round.objects.get(event=event, number=deal.number + 1)
        now = {
            s.entry_id: (s.table.number, s.position)
            for s in RoundSeat.objects.filter(table__round=following).select_related("table")
        }
        assert set(now) == {e for e, n in lives.items() if n > 0}
        for move in moves:  # the balancing's moves are made on the next deal's seats
            last = [m for m in moves if m.entry_id == move.entry_id][-1]
            assert now[move.entry_id] == (last.to_table, last.to_seat)
        if any(m.reason == KnockoutMove.BREAK for m in moves):
            broke = True
            assert len(following.tables.all()) < len(tables)
        deal = following
    else:
        pytest.fail("the knockout did not end")
    assert broke, "no table was broken"
    (winner,) = [e for e, n in lives.items() if n > 0]
    expected[winner] = 1
    places = dict(KnockoutPlayer.objects.filter(event=event).values_list("entry_id", "place"))
    assert places == expected
    # The printed table card and the console know the card tables.
    last = Round.objects.get(event=event, number=deal.number)
    printed_tables = formats.of(event).pages.printed_round(event, last).tables
    assert printed_tables[0].cards_id == last.tables.get(number=printed_tables[0].number).pk
    assert all(s.state == "confirmed" for s in card_state.states_of(last).values())


def test_an_impossible_deal_is_refused_and_writes_nothing(
    club: Club, ann: Any, two_lives: RuleSet, nine: list[Any]
) -> None:
    event = make(club, ann, two_lives, nine[:6], format=Event.KNOCKOUT, table_size=3)
    deal = services.start_event(event=event, by=ann)
    table = deal.tables.order_by("number").first()
    assert table is not None
    seats = seated(table)
    player = seats[0].entry.user  # type: ignore[union-attr]
    before = snapshot(event)
    refused = {
        "Someone loses a life in every deal": {f"lost_{s.position}": "0" for s in seats},
        "had 2 lives: they cannot lose 3": {
            f"lost_{s.position}": "3" if k == 0 else "0" for k, s in enumerate(seats)
        },
        "Not everyone at the table can go out": {f"lost_{s.position}": "2" for s in seats},
        f"Give the lives seat {seats[2].position + 1} lost": {
            f"lost_{s.position}": "1" for s in seats[:2]
        },
    }
    for sentence, data in refused.items():
        page = phone(player).post(url(table), {"action": "submit", **data}, follow=True)
        assert sentence in page.content.decode()
        assert snapshot(event) == before
    with pytest.raises(ServiceError, match="for each of the 3 seats"):
        card_results.submit_result(round_table=table, by=player, lives_lost=[1, 0])
    with pytest.raises(ServiceError, match="reason"):  # an organizer gives a reason
        card_results.submit_result(round_table=table, by=ann, lives_lost=[1, 0, 0])
    assert snapshot(event) == before
    # A different version from another player: both disputed, nothing recorded.
    other = seats[1].entry.user  # type: ignore[union-attr]
    card_results.submit_result(round_table=table, by=player, lives_lost=[1, 0, 0])
    card_results.submit_result(round_table=table, by=other, lives_lost=[0, 1, 0])
    assert set(table.card_results.values_list("status", flat=True)) == {CardResult.DISPUTED}
    table.refresh_from_db()
    assert table.finished_at is None
    # The console shows both versions as lives lost, for the organizer to settle.
    (line,) = [t for t in console.console(event).tables if t.number == table.number]
    names = [s.entry.user.get_username() for s in seats]  # type: ignore[union-attr]
    assert line.cards == "cards: disputed —"
    assert f"{names[0]} lost 1, {names[1]} lost 0" in line.versions[0]
    assert f"{names[0]} lost 0, {names[1]} lost 1" in line.versions[1]
    with pytest.raises(ServiceError, match="who dealt"):
        card_results.submit_result(
            round_table=table, by=ann, lives_lost=[0, 2, 0], reason="seen", dealer=99
        )
    assert not table.card_results.filter(status=CardResult.CONFIRMED).exists()
    # The organizer settles it, with a reason, saying another seat dealt than the app
    # named: recorded at once, and the table's button follows who dealt.
    named = table.dealer
    other_seat = next(s.position for s in seats if s.position != named)
    page = (
        phone(ann)
        .post(
            url(table),
            {
                "action": "submit",
                "reason": "seen at the table",
                "dealer": str(other_seat),
                **{f"lost_{s.position}": str(n) for s, n in zip(seats, [0, 2, 0], strict=True)},
            },
            follow=True,
        )
        .content.decode()
    )
    assert "The result is recorded." in page
    dealt_by = next(s for s in seats if s.position == other_seat).entry.user.get_username()  # type: ignore[union-attr]
    assert f"Dealt by {dealt_by}." in page
    lost = list(table.seats.order_by("position").values_list("lives_lost", flat=True))
    assert lost == [0, 2, 0]
    table.refresh_from_db()
    assert table.dealer == other_seat and table.finished_at is not None
