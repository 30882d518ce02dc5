"""Tables played with real cards (docs/club-night.md#card-tables): the venue each format allows, a
mixed Swiss evening played through with card results entered and confirmed from
phones (the Django test client, as a phone without JavaScript posts), disputes, every
refusal writing nothing, corrections, the console and the printed cards, and two
phones at once on PostgreSQL."""

from __future__ import annotations

import csv
import html
import io
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Membership
from games.errors import ServiceError
from tests.games.playing import play_out
from tournaments import services
from tournaments.cards import card_results, card_tables, table_links
from tournaments.formats.cards import places_refusal
from tournaments.formats.swiss import results
from tournaments.models import CardResult, Correction, Event, Round, RoundSeat, RoundTable
from tournaments.pushes import live
from tournaments.room import console

pytestmark = pytest.mark.django_db


# ---- helpers -----------------------------------------------------------------------------


@pytest.fixture
def twelve(club: Any, ann: Any, django_user_model: Any) -> list[Any]:
    """Twelve members c1..c12 (ann, the organizer, does not play)."""
    users = []
    for k in range(1, 13):
        user = django_user_model.objects.create_user(f"c{k}", password="x" * 12)
        Membership.objects.create(club=club, user=user)
        users.append(user)
    return users


def phone(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def result_url(table: RoundTable) -> str:
    return reverse("tournaments:card_result", args=[table.round.event_id, table.pk])


def post_places(user: Any, table: RoundTable, places: list[int], **extra: str) -> Any:
    data = {"action": "submit", **{f"place_{k}": str(p) for k, p in enumerate(places)}, **extra}
    return phone(user).post(result_url(table), data, follow=True)


def players(table: RoundTable) -> list[Any]:
    return [s.entry.user for s in table.seats.select_related("entry__user").order_by("position")]


def snapshot(event: Event) -> tuple[Any, ...]:
    """Everything a refused result must leave as it was."""
    event.refresh_from_db()
    return (
        list(
            CardResult.objects.filter(round_table__round__event=event).values_list("pk", "status")
        ),
        list(
            RoundSeat.objects.filter(table__round__event=event).values_list("pk", "place", "entry")
        ),
        list(RoundTable.objects.filter(round__event=event).values_list("pk", "finished_at")),
        list(Round.objects.filter(event=event).values_list("pk", "status")),
        event.live_version,
        event.status,
    )


def outlasted(places: list[int]) -> list[float]:
    """The test's own count: a point per opponent placed worse, half for a tie."""
    return [
        sum(1.0 if q > p else 0.5 if q == p else 0.0 for k, q in enumerate(places) if k != i)
        for i, p in enumerate(places)
    ]


def cards_event(make_event: Any, users: list[Any], venue: str, **options: Any) -> Event:
    options.setdefault("table_size", 3)
    options.setdefault("table_min", 3)
    options.setdefault("table_max", 3)
    event = make_event(venue=venue, advance=Event.MANUAL, bots_fill=False, **options)
    for user in users:
        services.register(event=event, user=user)
    return event


# ---- the venue, per format ---------------------------------------------------------------


def test_swiss_may_play_with_cards_and_the_others_say_why_not(make_event: Any) -> None:
    for venue in (Event.CARDS, Event.MIXED):
        made = make_event(venue=venue, bots_fill=False, advance=Event.MANUAL)
        assert made.venue == venue
    assert make_event().venue == Event.ONLINE
    # A mixed event's rounds wait for the organizer to choose their card tables.
    with pytest.raises(ServiceError, match="A mixed event waits for the organizer") as auto:
        make_event(venue=Event.MIXED, advance=Event.AUTO)
    assert auto.value.field == "advance"
    # A bot cannot play real cards: an all-cards event does not let bots fill seats.
    with pytest.raises(ServiceError, match="A bot cannot play with real cards") as bots:
        make_event(venue=Event.CARDS)
    assert bots.value.field == "bots_fill"
    refusals = {
        Event.DUPLICATE: "A duplicate board deals every table the same cards from the same "
        "stock order; a shuffled real deck cannot, so duplicate is played online.",
    }
    for fmt, sentence in refusals.items():
        for venue in (Event.CARDS, Event.MIXED):
            with pytest.raises(ServiceError) as refused:
                make_event(format=fmt, venue=venue, rounds=2, top_q=1)
            assert refused.value.message == sentence
            assert refused.value.field == "venue"
    # The knockouts play all with cards or all online (tests/tournaments/
    # test_card_knockouts.py plays them): never mixed.
    for fmt in (Event.KNOCKOUT, Event.TOP_Q):
        with pytest.raises(ServiceError, match="all online or all with cards"):
            make_event(format=fmt, venue=Event.MIXED, rounds=2, top_q=1)
        # Online they are made as before.
        assert make_event(format=fmt, rounds=2, top_q=1).venue == Event.ONLINE
    with pytest.raises(ServiceError):
        make_event(venue="garden")


def test_the_create_form_offers_the_venue_and_shows_a_refusal(
    club: Any, ann: Any, scat: Any
) -> None:
    client = phone(ann)
    url = reverse("tournaments:create", args=[club.slug])
    page = client.get(url).content.decode()
    assert 'name="venue"' in page and "Real cards" in page
    before = Event.objects.count()
    response = client.post(
        url,
        {
            "name": "Cards night",
            "format": Event.DUPLICATE,
            "venue": Event.CARDS,
            "rule_set": scat.pk,
            "rounds": 2,
            "table_size": 4,
            "table_min": 3,
            "table_max": 5,
            "scoring": Event.OUTLASTED,
            "starts_at": "2030-01-01T19:00",
            "time_zone": "UTC",
            "checkin_minutes": 0,
            "entry": Event.OPEN,
            "advance": Event.AUTO,
            "turn_timer": 60,
        },
    )
    assert response.status_code == 200
    assert "a shuffled real deck cannot" in response.content.decode()
    assert Event.objects.count() == before


# ---- what a result may be ----------------------------------------------------------------


def test_places_as_the_engine_gives_them() -> None:
    assert places_refusal([1, 2, 3], 3, first_shared=False) is None
    assert places_refusal([2, 1, 2], 3, first_shared=False) is None  # 1st, =2nd, =2nd
    assert places_refusal([1, 2, 2, 4], 4, first_shared=False) is None
    assert places_refusal([1, 1, 3], 3, first_shared=True) is None  # a drawn game (points)
    assert "only one seat 1st" in (places_refusal([1, 1, 3], 3, first_shared=False) or "")
    assert "give one seat 1st" in (places_refusal([2, 2, 3], 3, first_shared=False) or "")
    assert "the next place is 2nd" in (places_refusal([1, 3, 3], 3, first_shared=False) or "")
    assert "the next place is 3rd" in (places_refusal([1, 2, 4, 4], 4, first_shared=False) or "")
    assert (
        places_refusal([1, 2, 4], 3, first_shared=False) == "A place at this table is 1st to 3rd."
    )
    assert places_refusal([1, 2], 3, first_shared=False) == "Give a place for each of the 3 seats."


# ---- a mixed evening, played through -----------------------------------------------------


def choose(ann: Any, round_: Round, numbers: list[int]) -> Any:
    return phone(ann).post(
        reverse("tournaments:manage", args=[round_.event_id]),
        {"action": "cards", "round": round_.pk, "cards": [str(n) for n in numbers]},
        follow=True,
    )


def test_a_mixed_swiss_evening_with_three_card_tables_and_one_online(
    make_event: Any, twelve: list[Any], ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    event = cards_event(make_event, twelve, Event.MIXED, rounds=3)
    services.start_event(event=event, by=ann)
    expected: dict[int, float] = {}
    entered: list[tuple[int, int, list[int]]] = []
    for number in range(1, 4):
        round_ = Round.objects.get(event=event, number=number)
        assert round_.status == Round.SEATED
        # Round 1: none by default; later rounds as the round before played
        # (docs/club-night.md#card-tables-carried-round-to-round).
        ticked = list(round_.tables.filter(cards=True).values_list("number", flat=True))
        assert ticked == ([] if number == 1 else [1, 2, 3])
        page = choose(ann, round_, [1, 2, 3]).content.decode()
        assert f"Round {number}: tables 1, 2, 3 play with cards." in page
        services.start_round(round_=round_, by=ann)
        tables = list(round_.tables.order_by("number"))
        assert [t.cards for t in tables] == [True, True, True, False]
        # A card table has no games table and no game; the online one has both.
        assert all(t.table_id is None and t.game_id is None for t in tables[:3])
        assert tables[3].game_id is not None
        for k, table in enumerate(tables[:3]):
            sitting = players(table)
            # A different result each time, ties below 1st as the engine gives them.
            places = [[1, 2, 3], [3, 1, 2], [2, 3, 1], [1, 2, 2]][(number + k) % 4]
            first, second = sitting[(number + k) % 3], sitting[(number + k + 1) % 3]
            page = post_places(first, table, places).content.decode()
            assert "Waiting for another player at the table to confirm" in page
            pending = CardResult.objects.get(round_table=table)
            assert pending.status == CardResult.PENDING and pending.places == places
            # The second player's phone shows the result and confirms it.
            shown = phone(second).get(result_url(table)).content.decode()
            assert "Confirm this result" in shown
            phone(second).post(
                result_url(table), {"action": "confirm", "result": pending.pk}, follow=True
            )
            pending.refresh_from_db()
            assert pending.status == CardResult.CONFIRMED and pending.confirmed_by == second
            table.refresh_from_db()
            assert table.finished_at is not None
            seats = list(table.seats.order_by("position"))
            assert [s.place for s in seats] == places
            entered.append((number, table.number, places))
            for seat, points in zip(seats, outlasted(places), strict=True):
                expected[seat.entry_id] = expected.get(seat.entry_id, 0) + points
        round_.refresh_from_db()
        assert round_.status == Round.PLAYING  # the online table plays on
        with django_capture_on_commit_callbacks(execute=True):
            play_out(tables[3].game)
        online = list(tables[3].seats.order_by("position"))
        game_places = [
            p.place for p in tables[3].game.players.order_by("position")
        ]  # what the engine decided
        for seat, points in zip(online, outlasted(game_places), strict=True):
            expected[seat.entry_id] = expected.get(seat.entry_id, 0) + points
        round_.refresh_from_db()
        assert round_.status == Round.FINISHED
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    rows = results.standings(event)
    assert {row.player: row.points for row in rows} == expected
    assert all(row.games == 3 for row in rows)
    # The CSV says the same, by name.
    names = {e.pk: e.user.get_username() for e in event.entries.select_related("user")}
    body = phone(ann).get(reverse("tournaments:standings_csv", args=[event.pk])).content
    table_rows = list(csv.reader(io.StringIO(body.decode())))
    header = table_rows[0]
    by_name = {r[header.index("Player")]: float(r[header.index("Points")]) for r in table_rows[1:]}
    assert by_name == {names[p]: points for p, points in expected.items()}
    assert len(entered) == 9


def test_venue_cards_makes_every_table_a_card_table(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    event = cards_event(make_event, twelve[:6], Event.CARDS, rounds=2)
    services.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    assert list(round_.tables.values_list("cards", flat=True)) == [True, True]
    # Only a mixed event chooses: the manage page offers no checkboxes, and the service says why.
    assert (
        "Tables played with real cards"
        not in phone(ann).get(reverse("tournaments:manage", args=[event.pk])).content.decode()
    )
    with pytest.raises(ServiceError, match="Every table of this event plays with cards."):
        card_tables.choose_card_tables(round_=round_, by=ann, numbers=[1])
    services.start_round(round_=round_, by=ann)
    for table in round_.tables.all():
        assert table.table_id is None and table.game_id is None
        sitting = players(table)
        card_results.submit_result(round_table=table, by=sitting[0], places=[2, 1, 3])
        card_results.confirm_result(result=table.card_results.get(), by=sitting[2])
    # The round's last card table started round 2 (seated: the event advances by hand).
    assert Round.objects.get(event=event, number=1).status == Round.FINISHED
    assert Round.objects.get(event=event, number=2).tables.filter(cards=False).count() == 0


# ---- a dispute, settled by the organizer -------------------------------------------------


def started_mixed(make_event: Any, users: list[Any], ann: Any, cards: list[int]) -> Round:
    event = cards_event(make_event, users, Event.MIXED, rounds=2)
    services.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    card_tables.choose_card_tables(round_=round_, by=ann, numbers=cards)
    services.start_round(round_=round_, by=ann)
    return round_


def test_a_dispute_shows_both_versions_and_the_organizer_settles_it(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    round_ = started_mixed(make_event, twelve[:6], ann, [1, 2])
    table = round_.tables.get(number=2)
    a, b, c = players(table)
    manage = reverse("tournaments:manage", args=[round_.event_id])
    assert "cards: no result yet (0 min)" in phone(ann).get(manage).content.decode()
    post_places(a, table, [1, 2, 3])
    assert "cards: waiting for confirmation" in phone(ann).get(manage).content.decode()
    page = post_places(b, table, [2, 1, 3]).content.decode()
    assert "differs from another player" in page
    assert set(table.card_results.values_list("status", flat=True)) == {CardResult.DISPUTED}
    console_page = phone(ann).get(manage + "?part=tables").content.decode()
    assert "cards: disputed —" in console_page
    na, nb, nc = (u.get_username() for u in (a, b, c))
    assert f"{na} 1st, {nb} 2nd, {nc} 3rd (by {na})" in console_page
    assert f"{na} 2nd, {nb} 1st, {nc} 3rd (by {nb})" in console_page
    assert result_url(table) in console_page
    # The organizer's entry needs a reason, then confirms at once and supersedes both.
    before = snapshot(table.round.event)
    assert "Give the reason" in post_places(ann, table, [1, 3, 2]).content.decode()
    assert snapshot(table.round.event) == before
    post_places(ann, table, [1, 3, 2], reason="Seen by the organizer")
    statuses = sorted(table.card_results.values_list("status", flat=True))
    assert statuses == [CardResult.CONFIRMED, CardResult.SUPERSEDED, CardResult.SUPERSEDED]
    settled = table.card_results.get(status=CardResult.CONFIRMED)
    assert settled.reason == "Seen by the organizer" and settled.confirmed_by == ann
    assert [s.place for s in table.seats.order_by("position")] == [1, 3, 2]
    assert "cards: confirmed" in phone(ann).get(manage).content.decode()


def test_a_player_entering_the_same_result_confirms_it(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    round_ = started_mixed(make_event, twelve[:6], ann, [1])
    table = round_.tables.get(number=1)
    a, b, _ = players(table)
    card_results.submit_result(round_table=table, by=a, places=[3, 1, 2], scores=[3, 0, 1])
    done = card_results.submit_result(round_table=table, by=b, places=[3, 1, 2])
    assert done.status == CardResult.CONFIRMED and done.scores == [3, 0, 1]
    assert table.card_results.count() == 1


# ---- refusals write nothing --------------------------------------------------------------


def test_every_refusal_writes_nothing(make_event: Any, twelve: list[Any], ann: Any) -> None:
    event = cards_event(make_event, twelve[:6], Event.MIXED, rounds=2)
    services.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    card_tables.choose_card_tables(round_=round_, by=ann, numbers=[1])
    table, other = round_.tables.get(number=1), round_.tables.get(number=2)
    a, b, c = players(table)
    outsider = players(other)[0]
    # The round is seated, not started.
    before = snapshot(event)
    page = post_places(a, table, [1, 2, 3]).content.decode()
    assert "Round 1 has not started" in page
    assert snapshot(event) == before
    services.start_round(round_=round_, by=ann)
    # Choosing card tables once the round has started.
    before = snapshot(event)
    assert "its tables are fixed" in choose(ann, round_, [1, 2]).content.decode()
    assert snapshot(event) == before
    refused = {
        "missing": ({"place_0": "1", "place_1": "2"}, "Give seat 3's place."),
        "out of range": ({"place_0": "1", "place_1": "2", "place_2": "4"}, "1st to 3rd"),
        "two 1st": ({"place_0": "1", "place_1": "1", "place_2": "3"}, "only one seat 1st"),
        "no 1st": ({"place_0": "2", "place_1": "3", "place_2": "2"}, "give one seat 1st"),
        "a gap": ({"place_0": "1", "place_1": "3", "place_2": "3"}, "the next place is 2nd"),
        "not a number": ({"place_0": "x", "place_1": "2", "place_2": "3"}, "not a place"),
        "a bad score": (
            {"place_0": "1", "place_1": "2", "place_2": "3", "score_1": "-1"},
            "A score is 0 or more.",
        ),
    }
    for what, (data, sentence) in refused.items():
        before = snapshot(event)
        response = phone(a).post(result_url(table), {"action": "submit", **data})
        assert sentence in html.unescape(response.content.decode()), what
        assert snapshot(event) == before, what
    # A seat given twice.
    before = snapshot(event)
    response = phone(a).post(
        result_url(table),
        {"action": "submit", "place_0": ["1", "2"], "place_1": "2", "place_2": "3"},
    )
    assert "Seat 1 was given 2 places" in response.content.decode()
    assert snapshot(event) == before
    # Someone not at the table: no page, and the service refuses.
    assert phone(outsider).get(result_url(table)).status_code == 403
    assert phone(outsider).post(result_url(table), {"action": "submit"}).status_code == 403
    with pytest.raises(ServiceError, match="Only the players at table 1"):
        card_results.submit_result(round_table=table, by=outsider, places=[1, 2, 3])
    assert snapshot(event) == before
    # An online table has no result page; its service refuses.
    assert phone(outsider).get(result_url(other)).status_code == 404
    with pytest.raises(ServiceError, match="plays online"):
        card_results.submit_result(round_table=other, by=outsider, places=[1, 2, 3])
    # The submitter cannot confirm their own result.
    mine = card_results.submit_result(round_table=table, by=a, places=[1, 2, 3])
    before = snapshot(event)
    page = phone(a).post(result_url(table), {"action": "confirm", "result": mine.pk}, follow=True)
    assert "Another player at the table must confirm your result." in page.content.decode()
    assert "Confirm this result" not in page.content.decode()
    assert snapshot(event) == before
    # Once confirmed: no second result, no second confirmation.
    card_results.confirm_result(result=mine, by=b)
    before = snapshot(event)
    with pytest.raises(ServiceError, match="recorded: an organizer can correct it"):
        card_results.submit_result(round_table=table, by=c, places=[3, 2, 1])
    with pytest.raises(ServiceError, match="recorded"):
        card_results.confirm_result(result=mine, by=c)
    assert snapshot(event) == before


def test_a_card_tables_result_is_corrected_with_the_audit_log(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    round_ = started_mixed(make_event, twelve[:6], ann, [1])
    table = round_.tables.get(number=1)
    a, b, _ = players(table)
    card_results.submit_result(round_table=table, by=a, places=[1, 2, 3])
    card_results.confirm_result(result=table.card_results.get(), by=b)
    seat = table.seats.get(position=2)
    before = {row.player: row.points for row in results.standings(round_.event)}
    services.correct_result(seat=seat, by=ann, place=2, reason="Counted again")
    correction = Correction.objects.get(seat=seat)
    assert (correction.old_place, correction.new_place) == (3, 2)
    after = {row.player: row.points for row in results.standings(round_.event)}
    assert after[seat.entry_id] == before[seat.entry_id] + 0.5
    # The result page says what counts now.
    page = html.unescape(phone(a).get(result_url(table)).content.decode())
    assert "Corrected by the organizer since" in page
    assert f"Seat 3, {seat.entry.user.get_username()}: <strong>2nd</strong>" in page


def test_the_table_card_of_a_card_table_leads_to_its_result_page(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    round_ = started_mixed(make_event, twelve[:6], ann, [2])
    # The organizer's card carries the table's own link (docs/club-night.md#a-tables-own-link),
    # anyone else's the result page, which asks them to log in.
    response = Client().get(reverse("tournaments:print_cards", args=[round_.event_id]))
    cards = {c["table"].number: c for c in response.context["cards"]}
    assert cards[2]["url"].endswith(result_url(round_.tables.get(number=2)))
    response = phone(ann).get(reverse("tournaments:print_cards", args=[round_.event_id]))
    cards = {c["table"].number: c for c in response.context["cards"]}
    assert cards[2]["url"] == table_links.url_for(round_.tables.get(number=2))
    online = round_.tables.get(number=1)
    assert cards[1]["url"].endswith(reverse("table", args=[online.table_id]))
    assert "Scan to enter its result" in response.content.decode()


def test_the_console_and_the_players_page_show_only_what_they_should(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    round_ = started_mixed(make_event, twelve[:6], ann, [1])
    table = round_.tables.get(number=1)
    lines = {t.number: t for t in console.console(round_.event).tables}
    assert lines[1].cards.startswith("cards: no result yet") and not lines[2].cards
    a = players(table)[0]
    page = phone(a).get(round_.event.get_absolute_url()).content.decode()
    assert result_url(table) in page
    # The result page names this table's players only.
    other = {u.get_username() for u in players(round_.tables.get(number=2))}
    shown = phone(a).get(result_url(table)).content.decode()
    assert not any(f">{name}<" in shown or f" {name} " in shown for name in other)


def test_a_round_seated_again_keeps_its_card_tables(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    """A late entry seats the waiting round again: the tables the organizer chose to play
    with cards (by number: the room's tables with a deck) stay so; the others online."""
    event = cards_event(make_event, twelve[:6], Event.MIXED, rounds=2)
    services.start_event(event=event, by=ann)
    waiting = Round.objects.get(event=event, number=1)
    card_tables.choose_card_tables(round_=waiting, by=ann, numbers=[2])
    services.add_entry(event=event, user=twelve[6], by=ann)
    reseated = Round.objects.get(event=event, number=1)
    assert reseated.pk != waiting.pk  # seated again
    assert dict(reseated.tables.values_list("number", "cards")) == {1: False, 2: True}


def test_a_mixed_round_with_a_bot_keeps_that_table_online(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    event = make_event(venue=Event.MIXED, advance=Event.MANUAL, rounds=2, table_size=3, table_max=3)
    for user in twelve[:5]:  # five players at tables of three: a bot fills a seat
        services.register(event=event, user=user)
    services.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    with_bot = round_.tables.filter(seats__entry__isnull=True).get()
    page = phone(ann).get(reverse("tournaments:manage", args=[event.pk])).content.decode()
    assert f"Table {with_bot.number}: A bot sits here: it plays online." in page
    assert f'id="cards-{with_bot.number}"' not in page  # not offered
    before = snapshot(event)
    with pytest.raises(ServiceError, match="A bot sits here"):
        card_tables.choose_card_tables(round_=round_, by=ann, numbers=[with_bot.number])
    assert snapshot(event) == before


def test_the_console_says_which_tables_the_round_waits_for_and_since_when(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    round_ = started_mixed(make_event, twelve[:9], ann, [1, 2])
    a, b, _ = players(round_.tables.get(number=2))
    card_results.submit_result(round_table=round_.tables.get(number=2), by=a, places=[1, 2, 3])
    card_results.submit_result(round_table=round_.tables.get(number=2), by=b, places=[2, 1, 3])
    started = Round.objects.get(pk=round_.pk).started_at
    Round.objects.filter(pk=round_.pk).update(started_at=started - timedelta(minutes=14))
    shown = console.console(round_.event)
    assert shown.summary == (
        "Round 1 started 14 min ago. Not finished: table 1 (no result yet), "
        "table 2 (disputed), table 3 (playing)."
    )
    manage = reverse("tournaments:manage", args=[round_.event_id])
    assert shown.summary in phone(ann).get(manage + "?part=tables").content.decode()
    table = round_.tables.get(number=1)
    c, d, _ = players(table)
    card_results.submit_result(round_table=table, by=c, places=[1, 2, 3])
    assert "table 1 (waiting for confirmation)" in console.console(round_.event).summary
    card_results.confirm_result(result=table.card_results.get(), by=d)
    assert "table 1" not in console.console(round_.event).summary


def test_a_card_result_tells_the_events_pages_as_an_online_games_end_does(
    make_event: Any,
    twelve: list[Any],
    ann: Any,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    """The standings, projector and console are redrawn on `tournaments.pushes.live.push`
    (docs/realtime.md#event-pages): a result entered and a result confirmed send it, after the
    commit, as the end of an online table's game does."""
    round_ = started_mixed(make_event, twelve[:6], ann, [1])
    event = round_.event
    pushed: list[int] = []
    monkeypatch.setattr(live, "push", pushed.append)
    cards, online = round_.tables.get(number=1), round_.tables.get(number=2)
    a, b, _ = players(cards)
    version = Event.objects.get(pk=event.pk).live_version
    with django_capture_on_commit_callbacks(execute=True):
        card_results.submit_result(round_table=cards, by=a, places=[1, 2, 3])
    assert pushed == [event.pk]
    with django_capture_on_commit_callbacks(execute=True):
        card_results.confirm_result(result=cards.card_results.get(), by=b)
    assert pushed == [event.pk, event.pk]
    assert Event.objects.get(pk=event.pk).live_version == version + 2
    pushed.clear()
    with django_capture_on_commit_callbacks(execute=True):
        play_out(online.game)
    assert pushed == [event.pk]  # the game's end, recorded: the same notice
    assert Round.objects.get(pk=round_.pk).status == Round.FINISHED


def test_a_mixed_round_is_seated_with_cards_where_the_round_before_played_them(
    make_event: Any, twelve: list[Any], ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """The room's decks stay on their tables: round 2 is seated with cards at the tables
    that played with cards in round 1, and the organizer's change to the waiting round
    is kept when it is seated again (a late entry)."""
    round_ = started_mixed(make_event, twelve[:6], ann, [2])
    for table in round_.tables.filter(cards=True):
        a, b, _ = players(table)
        card_results.submit_result(round_table=table, by=a, places=[1, 2, 3])
        card_results.confirm_result(result=table.card_results.get(), by=b)
    with django_capture_on_commit_callbacks(execute=True):
        play_out(round_.tables.get(number=1).game)
    event = round_.event
    waiting = Round.objects.get(event=event, number=2)
    assert dict(waiting.tables.values_list("number", "cards")) == {1: False, 2: True}
    page = phone(ann).get(reverse("tournaments:manage", args=[event.pk])).content.decode()
    assert "Ticked as in round 1: change them before you start it." in page
    assert 'id="cards-2" name="cards" value="2" checked' in page
    # The organizer plays table 1 with cards instead; a late entry seats it again.
    card_tables.choose_card_tables(round_=waiting, by=ann, numbers=[1])
    services.add_entry(event=event, user=twelve[6], by=ann)
    reseated = Round.objects.get(event=event, number=2)
    assert reseated.pk != waiting.pk
    assert dict(reseated.tables.values_list("number", "cards"))[2] is False
    assert dict(reseated.tables.values_list("number", "cards"))[1] is True


def test_lives_lost_are_recorded_and_needed_where_ties_are_broken_by_them(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    """With "fewest lives lost" among the tie-breaks (chosen, not the default of an event
    with card tables), a card table gives each seat's lives lost, and they are recorded
    as a game's rounds lost are: card and online tables count alike
    (docs/club-night.md#card-results)."""
    assert "lives_lost" not in cards_event(make_event, twelve[:3], Event.CARDS).tiebreaks
    event = cards_event(
        make_event, twelve[:6], Event.MIXED, tiebreaks=["lives_lost", "lots"], name="Lives"
    )
    services.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    card_tables.choose_card_tables(round_=round_, by=ann, numbers=[1])
    services.start_round(round_=round_, by=ann)
    table = round_.tables.get(number=1)
    a, b, _ = players(table)
    before = snapshot(event)
    with pytest.raises(ServiceError, match="Give each seat's lives lost"):
        card_results.submit_result(round_table=table, by=a, places=[1, 2, 3])
    assert snapshot(event) == before
    assert "needed for every seat" in phone(a).get(result_url(table)).content.decode()
    card_results.submit_result(round_table=table, by=a, places=[1, 2, 3], scores=[1, 3, 3])
    card_results.submit_result(round_table=table, by=b, places=[1, 2, 3], scores=[1, 3, 3])
    lost = list(table.seats.order_by("position").values_list("lives_lost", flat=True))
    assert lost == [1, 3, 3]


def test_an_unreadable_id_or_a_score_too_large_is_a_sentence_and_never_blocks_the_table(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    event = cards_event(
        make_event, twelve[:6], Event.MIXED, tiebreaks=["lives_lost", "lots"], name="Lives"
    )
    services.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    card_tables.choose_card_tables(round_=round_, by=ann, numbers=[1])
    services.start_round(round_=round_, by=ann)
    table = round_.tables.get(number=1)
    a, b, c = players(table)
    before = snapshot(event)
    # The result to confirm, named by something that is not an id.
    for given in ("abc", "1e3", "1.5", "+1", " 1", "9" * 5000, str(2**70)):
        response = phone(b).post(result_url(table), {"action": "confirm", "result": given})
        assert response.status_code == 200
        assert "That result is no longer there" in response.content.decode()
    # A score no seat's column holds: a sentence, nothing written.
    fields = {f"place_{k}": str(k + 1) for k in range(3)}
    for too_large in ("32768", "9" * 5000, "1e3"):
        scores = {"score_0": too_large, "score_1": "3", "score_2": "3"}
        page = phone(a).post(result_url(table), {"action": "submit", **fields, **scores})
        assert page.status_code == 200
        assert "A score is at most 32,767." in page.content.decode() or (
            "score is not a whole number" in page.content.decode()
        )
    assert snapshot(event) == before
    # A result kept before scores had a ceiling is refused on confirmation with a
    # sentence, and the table goes on: a new version is entered and confirmed.
    stored = CardResult.objects.create(
        round_table=table, places=[1, 2, 3], scores=[40000, 3, 3], submitted_by=a
    )
    page = phone(b).post(
        result_url(table), {"action": "confirm", "result": str(stored.pk)}, follow=True
    )
    assert "too large to record" in page.content.decode()
    card_results.submit_result(round_table=table, by=b, places=[1, 2, 3], scores=[1, 3, 3])
    card_results.submit_result(round_table=table, by=c, places=[1, 2, 3], scores=[1, 3, 3])
    table.refresh_from_db()
    assert table.finished_at is not None
