"""The calls bar (docs/club-night.md#calls-led-to-your-seat): an event's players are
called to their tables at the top of every page, by push over their own socket and on
any page drawn after; the first turn's timer waits for them (the grace)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from calls import push
from calls.registry import Call
from games import services as games
from games.models import Game, GamePlayer, RuleSet
from tests.games.test_consumers import ORIGIN, _cookie_for
from tests.tournaments.test_consumer import _socket
from tests.tournaments.test_knockout import MOST_DEALS, knockout, play_deal
from tournaments import services
from tournaments.cards import card_results, card_tables
from tournaments.models import Announcement, Event, KnockoutMove, RoundSeat

pytestmark = pytest.mark.django_db


def _bar(html: str) -> str:
    found = re.search(r'<div id="calls".*?</div>', html, re.S)
    assert found, "every page draws the bar"
    return found.group(0)


def _logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _started_swiss(make_event: Any, members: list, ann: Any, **options: Any) -> Event:
    event = make_event(advance=Event.MANUAL, **options)
    for player in members[:4]:
        services.register(event=event, user=player)
    services.start_event(event=event, by=ann)
    services.start_round(round_=event.round_set.get(), by=ann)
    return event


def test_a_started_round_calls_each_player_to_their_table_on_every_page_but_that_one(
    make_event: Any, members: list, ann: Any
) -> None:
    event = _started_swiss(make_event, members, ann)
    seat = RoundSeat.objects.select_related("table__table").get(entry__user=members[0])
    table_url = seat.table.table.get_absolute_url()
    client = _logged_in(members[0])
    for page in (reverse("lobby"), event.get_absolute_url(), reverse("my_profile")):
        html = client.get(page).content.decode()
        bar = _bar(html)
        called = f"Your game is ready: table {seat.table.number}, seat {seat.position + 1}"
        assert called in bar and f'href="{table_url}"' in bar, page
        assert f"<title>▶ {called} — " in html, "the tab says so too"
    # On the table's own page the call is not repeated; opening it ends the call.
    assert "Your game is ready" not in _bar(client.get(table_url).content.decode())
    assert "Your game is ready" not in _bar(client.get(reverse("lobby")).content.decode())
    # Each player is called to their own seat; someone not playing is not called.
    theirs = RoundSeat.objects.select_related("table").get(entry__user=members[1])
    other = _bar(_logged_in(members[1]).get(reverse("lobby")).content.decode())
    assert f"table {theirs.table.number}, seat {theirs.position + 1}" in other
    idle = _logged_in(members[5]).get(reverse("lobby")).content.decode()
    assert "Your game is ready" not in _bar(idle)
    assert 'id="calls"' in Client().get(reverse("lobby")).content.decode()
    assert "ws/calls" not in Client().get(reverse("lobby")).content.decode(), (
        "no socket for a guest"
    )


def test_the_first_turn_waits_for_a_player_who_has_not_opened_the_table(
    make_event: Any, members: list, ann: Any
) -> None:
    event = _started_swiss(make_event, members, ann, turn_timer=15)
    assert event.first_turn_grace == 60
    game = Game.objects.filter(table__seats__user=members[0]).get()
    on_turn = GamePlayer.objects.get(game=game, position=game.state["turn"])
    assert on_turn.user_id is not None and on_turn.arrived_at is None
    waits = (game.turn_deadline - game.started_at).total_seconds()
    assert 60 + 15 - 1 <= waits <= 60 + 15 + 1, "the grace, then the timer"
    # Opening the table starts the timer now: the timer's length, no more.
    _logged_in(on_turn.user).get(game.table.get_absolute_url())
    game.refresh_from_db()
    left = (game.turn_deadline - timezone.now()).total_seconds()
    assert 13 <= left <= 15
    on_turn.refresh_from_db()
    assert on_turn.arrived_at is not None
    # A second visit changes nothing.
    before = game.turn_deadline
    _logged_in(on_turn.user).get(game.table.get_absolute_url())
    game.refresh_from_db()
    assert game.turn_deadline == before


def test_a_player_already_at_the_table_gets_the_plain_timer_and_a_table_without_grace_too(
    ann: Any, bob: Any, scat: Any
) -> None:
    table = games.create_table(owner=ann, name="Home", rule_set=scat, seat_count=2, turn_timer=30)
    games.join_table(table=table, user=bob)
    game = games.start_game(table=table, by=ann)
    assert table.first_turn_grace == 0
    waits = (game.turn_deadline - game.started_at).total_seconds()
    assert 29 <= waits <= 31


def knockout_until_a_move(
    club: Any, ann: Any, rule_set: Any, field: list, capture: Any
) -> tuple[Event, Any, KnockoutMove]:
    """A knockout of seven at tables of 4 and 3, its deals played (their on-commit hooks
    run) until one moved a player: the event, the deal being played and the move."""

    def make(**options: Any) -> Event:
        options.setdefault("starts_at", timezone.now() + timedelta(hours=1))
        return services.create_event(club=club, by=ann, turn_timer=0, **options)

    event = knockout(make, rule_set, field[:7], size=4)  # tables of 4 and 3
    with capture(execute=True):
        round_ = services.start_event(event=event, by=field[0])
    for _ in range(MOST_DEALS):
        if KnockoutMove.objects.filter(event=event).exists():
            break
        play_deal(round_, capture)
        event.refresh_from_db()
        if event.status == Event.FINISHED:
            pytest.skip("the deals this seed gave moved no one")  # pragma: no cover
        round_ = event.round_set.order_by("-number").first()
    move = KnockoutMove.objects.filter(event=event).select_related("entry__user").first()
    return event, round_, move


def test_a_moved_knockout_player_is_told_they_move_and_the_others_that_their_deal_is_ready(
    club: Any, ann: Any, quick: Any, field: list, django_capture_on_commit_callbacks: Any
) -> None:
    event, round_, move = knockout_until_a_move(
        club, ann, quick, field, django_capture_on_commit_callbacks
    )
    mover = move.entry.user
    bar = _bar(_logged_in(mover).get(reverse("lobby")).content.decode())
    assert f"You move to table {move.to_table}, seat {move.to_seat + 1}" in bar
    stayed = (
        RoundSeat.objects.filter(table__round=round_, entry__isnull=False)
        .exclude(entry__knockout_moves__after_deal=round_.number - 1)
        .select_related("entry__user", "table")
        .first()
    )
    bar = _bar(_logged_in(stayed.entry.user).get(reverse("lobby")).content.decode())
    assert f"Your game is ready: table {stayed.table.number}" in bar


def test_a_break_and_an_announcement_call_the_players_but_not_on_the_events_pages(
    make_event: Any, members: list, ann: Any
) -> None:
    event = _started_swiss(make_event, members, ann)
    event.break_until = timezone.now() + timedelta(minutes=10)
    event.save(update_fields=["break_until"])
    Announcement.objects.create(event=event, text="Pizza is here", by=ann)
    client = _logged_in(members[2])
    bar = _bar(client.get(reverse("lobby")).content.decode())
    assert "Break at Tuesday Swiss: round 2 starts at" in bar and "data-countdown" in bar
    assert "Tuesday Swiss: Pizza is here" in bar
    assert "Pizza is here" not in _bar(client.get(event.get_absolute_url()).content.decode())
    # An hour later the announcement is old news; a past break is over.
    Announcement.objects.update(at=timezone.now() - timedelta(hours=1))
    event.break_until = timezone.now() - timedelta(minutes=1)
    event.save(update_fields=["break_until"])
    bar = _bar(client.get(reverse("lobby")).content.decode())
    assert "Pizza" not in bar and "Break" not in bar


def test_a_call_is_not_shown_on_the_page_it_leads_to() -> None:
    call = Call(key="k", text="t", url="/tables/5/", shown_under="/tournaments/3/")
    assert not call.belongs_on("/tables/5/")
    assert not call.belongs_on("/tournaments/3/manage/")
    assert call.belongs_on("/")


def test_the_sound_is_off_until_the_player_turns_it_on(members: list) -> None:
    client = _logged_in(members[0])
    assert 'data-call-sound="on"' not in client.get(reverse("lobby")).content.decode()
    response = client.post(reverse("preferences"), {"call_sound": "on"})
    assert response.status_code == 302
    assert 'data-call-sound="on"' in client.get(reverse("lobby")).content.decode()
    client.post(reverse("preferences"), {})
    assert 'data-call-sound="on"' not in client.get(reverse("lobby")).content.decode()
    assert Client().post(reverse("preferences"), {"call_sound": "on"}).status_code == 302
    members[1].refresh_from_db()
    assert not members[1].call_sound


@pytest.mark.django_db(transaction=True)
def test_the_socket_sends_the_bar_on_opening_and_again_when_a_round_starts(
    make_event: Any, members: list, ann: Any
) -> None:
    event = make_event(advance=Event.MANUAL)
    for player in members[:4]:
        services.register(event=event, user=player)
    services.start_event(event=event, by=ann)
    cookie = _cookie_for(members[0])
    path = "/ws/calls/?on=/"

    async def scenario() -> None:
        guest = _socket(path)
        connected, code = await guest.connect()
        assert not connected and code == 4403, "a guest has no calls"
        mine = _socket(path, cookie)
        assert (await mine.connect())[0]
        opening = await mine.receive_from(timeout=3)
        assert opening.startswith('<div id="calls" hx-swap-oob="innerHTML">')
        assert "Your game is ready" not in opening
        round_ = await database_sync_to_async(lambda: event.round_set.get())()
        await database_sync_to_async(services.start_round)(round_=round_, by=ann)
        # The bar, and after it what the same socket carries for the notifications
        # (docs/notifications.md#the-browser-while-a-tab-is-open): the fragments that
        # arrive within a moment.
        html = await mine.receive_from(timeout=3)
        while not await mine.receive_nothing(timeout=0.5):
            html += await mine.receive_from(timeout=3)
        assert "Your game is ready: table" in html and "csrfmiddlewaretoken" not in html
        await mine.send_to(text_data="hello")
        assert (await mine.receive_output(timeout=1))["code"] == 4400
        await mine.disconnect()

    async_to_sync(scenario)()
    assert ORIGIN


def test_a_break_or_an_announcement_redraws_every_registered_players_bar(
    make_event: Any,
    members: list,
    ann: Any,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = _started_swiss(make_event, members, ann)
    told: list[set[int]] = []
    monkeypatch.setattr(push, "changed", lambda ids: told.append(set(ids)))
    with django_capture_on_commit_callbacks(execute=True):
        services.announce(event=event, by=ann, text="Pizza is here")
    with django_capture_on_commit_callbacks(execute=True):
        services.call_break(event=event, by=ann, minutes=10)
    players = {user.pk for user in members[:4]}
    assert told == [players, players]
    bar = _bar(_logged_in(members[0]).get(reverse("my_profile")).content.decode())
    assert "Break at Tuesday Swiss: round 2 starts at" in bar


def test_a_players_event_page_reloads_often_enough_without_javascript_for_the_call(
    make_event: Any, members: list, ann: Any
) -> None:
    refresh = re.compile(r'<meta http-equiv="refresh" content="(\d+)">')
    event = make_event(advance=Event.MANUAL, starts_at=timezone.now() + timedelta(hours=3))
    for player in members[:4]:
        services.register(event=event, user=player)
    url = event.get_absolute_url()
    player, onlooker = _logged_in(members[0]), _logged_in(members[5])
    assert not refresh.search(player.get(url).content.decode()), "days ahead: no reloads"
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now() + timedelta(minutes=30))
    assert refresh.search(player.get(url).content.decode()).group(1) == "5"
    assert not refresh.search(onlooker.get(url).content.decode())
    services.start_event(event=event, by=ann)
    assert refresh.search(player.get(url).content.decode()).group(1) == "5"
    assert refresh.search(onlooker.get(url).content.decode()).group(1) == "30"


# ---- tables played with real cards (docs/club-night.md#card-tables) ----------------------


def test_a_card_tables_players_are_called_to_it_until_its_result_is_recorded(
    make_event: Any,
    members: list,
    ann: Any,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = make_event(
        venue=Event.MIXED,
        advance=Event.MANUAL,
        bots_fill=False,
        table_size=3,
        table_min=3,
        table_max=3,
    )
    for player in members[:6]:
        services.register(event=event, user=player)
    services.start_event(event=event, by=ann)
    round_ = event.round_set.get()
    card_tables.choose_card_tables(round_=round_, by=ann, numbers=[2])
    cards, online = round_.tables.get(number=2), round_.tables.get(number=1)
    sitting = [s.entry.user for s in cards.seats.select_related("entry__user").order_by("position")]
    at_online = [s.entry.user for s in online.seats.select_related("entry__user")]
    url = reverse("tournaments:card_result", args=[event.pk, cards.pk])
    # Seated, not started: no call yet.
    assert "with cards" not in _bar(_logged_in(sitting[0]).get(reverse("lobby")).content.decode())
    told: list[set[int]] = []
    monkeypatch.setattr(push, "changed", lambda ids: told.append(set(ids)))
    with django_capture_on_commit_callbacks(execute=True):
        services.start_round(round_=round_, by=ann)
    card_players = {user.pk for user in sitting}
    assert card_players in told, "the card table's players are told: they have no game"
    # Each card player is called to their seat, on every page but the result page.
    for position, user in enumerate(sitting):
        client = _logged_in(user)
        for page in (reverse("lobby"), event.get_absolute_url(), reverse("my_profile")):
            html = client.get(page).content.decode()
            called = f"Round 1: table 2, seat {position + 1}, with cards"
            assert called in _bar(html) and f'href="{url}"' in _bar(html), page
            assert f"<title>▶ {called} — " in html, "the tab says so too"
        assert "with cards" not in _bar(client.get(url).content.decode())
    # The online table's players are called to their game, not to a card table.
    bar = _bar(_logged_in(at_online[0]).get(reverse("lobby")).content.decode())
    assert "Your game is ready: table 1" in bar and "with cards" not in bar
    assert "table 2" not in _bar(_logged_in(members[6]).get(reverse("lobby")).content.decode())
    # One player enters the result: the others are asked to confirm it, by push too.
    told.clear()
    with django_capture_on_commit_callbacks(execute=True):
        card_results.submit_result(round_table=cards, by=sitting[0], places=[1, 2, 3])
    assert told == [card_players]
    mine = _bar(_logged_in(sitting[0]).get(reverse("lobby")).content.decode())
    assert "Round 1: table 2, seat 1, with cards" in mine and "confirm" not in mine
    theirs = _bar(_logged_in(sitting[1]).get(reverse("lobby")).content.decode())
    assert "Round 1, table 2: confirm the result" in theirs and f'href="{url}"' in theirs
    # Confirmed: the calls end, and the bars are told so.
    told.clear()
    with django_capture_on_commit_callbacks(execute=True):
        card_results.confirm_result(result=cards.card_results.get(), by=sitting[1])
    assert told == [card_players]
    for user in sitting:
        assert "table 2" not in _bar(_logged_in(user).get(reverse("lobby")).content.decode())


def test_a_card_knockouts_next_round_calls_its_players(
    club: Any, ann: Any, presets: None, field: list, django_capture_on_commit_callbacks: Any
) -> None:
    """A knockout's round starts as the last table of the one before is recorded
    (`progress.playing_round`): its card players are told then, as a seated round's are
    when it starts."""
    no_county = RuleSet.objects.create(
        name="Two lives", preset="scat", changes={"lives": 2, "county": False}
    )
    event = services.create_event(
        club=club,
        by=ann,
        rule_set=no_county,
        name="Card knockout",
        starts_at=timezone.now() + timedelta(hours=1),
        turn_timer=0,
        format=Event.TOP_Q,
        top_q=1,
        venue=Event.CARDS,
        bots_fill=False,
        table_size=3,
        table_min=3,
        table_max=3,
    )
    nine = field[1:10]
    for user in nine:
        services.register(event=event, user=user)
    told: list[set[int]] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(push, "changed", lambda ids: told.append(set(ids)))
        with django_capture_on_commit_callbacks(execute=True):
            round_ = services.start_event(event=event, by=ann)
        assert {u.pk for u in nine} in told, "round 1's card players are called"
        first = round_.tables.order_by("number").first()
        user = first.seats.select_related("entry__user").get(position=0).entry.user
        bar = _bar(_logged_in(user).get(reverse("lobby")).content.decode())
        assert f"Round 1: table {first.number}, seat 1, with cards" in bar
        told.clear()
        for table in round_.tables.order_by("number"):
            a, b, _ = (s.entry.user for s in table.seats.select_related("entry__user"))
            with django_capture_on_commit_callbacks(execute=True):
                card_results.submit_result(round_table=table, by=a, places=[1, 2, 3])
                card_results.confirm_result(result=table.card_results.get(), by=b)
    final = event.round_set.get(number=2)
    winners = {s.entry.user_id for s in RoundSeat.objects.filter(table__round=final)}
    assert len(winners) == 3 and winners in told, "the final's card players are called"
