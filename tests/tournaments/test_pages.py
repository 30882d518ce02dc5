"""The event pages with JavaScript off: plain forms, a redirect and a message."""

from __future__ import annotations

import csv
import importlib
import io
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs.models import Club, Membership
from games.models import Table
from tests.games.playing import play_out
from tournaments import services
from tournaments.formats.swiss import results as records
from tournaments.formats.swiss import standings as tally
from tournaments.models import Correction, Entry, Event, Round, RoundSeat

pytestmark = pytest.mark.django_db

# tournaments.formats.swiss.seating.seat_round fails (IndexError in _Search.run) seating a
# second round at a single table, so the tests below that finish games seat at least two
# tables.


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def said(response: Any) -> list[str]:
    """The message this request added (earlier unread ones wait in the cookie)."""
    return [str(m) for m in get_messages(response.wsgi_request)][-1:]


def good_data(scat: Any, **changes: Any) -> dict[str, Any]:
    data = {
        "name": "Friday Swiss",
        "description": "Bring snacks.",
        "rule_set": scat.pk,
        "rounds": 3,
        "table_size": 4,
        "table_min": 3,
        "table_max": 5,
        "bots_fill": "on",
        "bye_points": "",
        "scoring": "places",
        "place_points": "4, 2, 1, 0",
        "tiebreak_1": "table_wins",
        "tiebreak_2": "opponents_average",
        "tiebreak_3": "lots",
        "starts_at": "2031-03-07T19:30",
        "time_zone": "Europe/Berlin",
        "checkin_minutes": 15,
        "entry": "open",
        "player_cap": "",
        "advance": "manual",
        "turn_timer": 30,
    }
    data.update(changes)
    return data


def running(make_event: Any, players: list[Any], **options: Any) -> Event:
    """An event with `players` registered, started by ann (round 1 seated or playing)."""
    event = make_event(**options)
    for player in players:
        services.register(event=event, user=player)
    services.start_event(event=event, by=event.club.memberships.get(role="owner").user)
    return Event.objects.get(pk=event.pk)


# ---- creating ---------------------------------------------------------------------


def test_an_organizer_creates_an_event_and_lands_on_its_page(club: Club, ann: Any, scat: Any):
    response = logged_in(ann).post(
        reverse("tournaments:create", args=[club.slug]), good_data(scat), follow=True
    )
    event = Event.objects.get()
    assert response.redirect_chain[-1][0] == event.get_absolute_url()
    assert event.place_points == [4, 2, 1, 0]
    assert event.tiebreaks == ["table_wins", "opponents_average", "lots"]
    assert event.bye_points == 2  # half of a won game (4)
    assert event.starts_at.isoformat() == "2031-03-07T18:30:00+00:00"  # 19:30 in Berlin
    assert event.advance == Event.MANUAL and event.turn_timer == 30
    page = response.content.decode()
    assert page.count("<h1") == 1
    assert 'datetime="2031-03-07T18:30:00+00:00"' in page
    assert "Table wins, then" not in page and "table wins, opponents" in page


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"name": " "}, "name", "Name the event."),
        ({"rounds": 0}, "rounds", "An event has 1 to 15 rounds."),
        ({"table_min": 5, "table_size": 4}, "table_size", "the smallest table must be"),
        ({"table_max": 9}, "table_size", "Tables seat 3 to 8"),
        ({"place_points": "1, 2"}, "place_points", "A better place never scores fewer"),
        ({"place_points": "four"}, "place_points", "Write the points as numbers"),
        ({"bye_points": "9"}, "bye_points", "A bye scores 0 to 4 points"),
        ({"tiebreak_2": "table_wins"}, "tiebreak_1", "at most once"),
        ({"starts_at": ""}, "starts_at", "Say when the event starts."),
        ({"checkin_minutes": 500}, "checkin_minutes", "Check-in opens 0 to 240"),
        ({"player_cap": 1}, "player_cap", "A cap of at least two players"),
        ({"turn_timer": 7}, "turn_timer", "Select a valid choice"),
        ({"rule_set": 999}, "rule_set", "Select a valid choice"),
    ],
)
def test_each_bad_field_shows_its_message_and_creates_nothing(
    club: Club, ann: Any, scat: Any, changes: dict, field: str, message: str
):
    response = logged_in(ann).post(
        reverse("tournaments:create", args=[club.slug]), good_data(scat, **changes)
    )
    assert response.status_code == 200
    assert not Event.objects.exists()
    errors = response.context["form"].errors
    assert any(message in error for error in errors[field]), errors


def test_a_knockout_made_on_the_page_stores_no_rounds_and_says_why(club: Club, ann: Any, scat: Any):
    client = logged_in(ann)
    page = client.get(reverse("tournaments:create", args=[club.slug])).content.decode()
    # Said in the page itself, not by a script: a knockout's rounds field is not used.
    assert "Swiss and duplicate events only; a knockout ignores it." in page
    assert "Deal after deal, a player is out on their last life" in page
    assert "The rounds field is not used." in page
    data = good_data(scat, format="knockout", rounds="40", scoring="outlasted", place_points="")
    response = client.post(reverse("tournaments:create", args=[club.slug]), data, follow=True)
    event = Event.objects.get()
    assert event.format == Event.KNOCKOUT and event.rounds == 0
    assert " of 0" not in response.content.decode()


def test_a_swiss_event_without_rounds_is_refused(club: Club, ann: Any, scat: Any):
    response = logged_in(ann).post(
        reverse("tournaments:create", args=[club.slug]), good_data(scat, rounds="")
    )
    assert response.context["form"].errors["rounds"] == ["Say how many rounds the event has."]
    assert not Event.objects.exists()


def test_the_create_form_offers_the_tie_breaks_and_the_time_zones(club: Club, ann: Any, scat: Any):
    page = logged_in(ann).get(reverse("tournaments:create", args=[club.slug])).content.decode()
    assert '<label for="id_tiebreak_1">1st tie-break' in page
    assert '<option value="Europe/Berlin">' in page
    assert "data-browser-zone" in page


def test_a_member_who_does_not_organize_may_not_create_events(club: Club, members: list):
    url = reverse("tournaments:create", args=[club.slug])
    assert logged_in(members[0]).get(url).status_code == 403
    assert logged_in(members[0]).post(url, {"name": "x"}).status_code == 403
    assert not Event.objects.exists()


# ---- the event page and entering ----------------------------------------------------


def test_the_list_shows_upcoming_and_running_events(make_event: Any, client: Client):
    event = make_event(name="Open Monday")
    page = client.get(reverse("tournaments:list")).content.decode()
    assert "Open Monday" in page and event.get_absolute_url() in page


def test_anyone_may_read_the_event_page(make_event: Any, client: Client):
    event = make_event(scoring="places", place_points=[4, 2, 1, 0], bye_points=1)
    page = client.get(event.get_absolute_url()).content.decode()
    assert page.count("<h1") == 1
    assert "Kitchen Club" in page and "Scat" in page
    assert "1st 4, 2nd 2, 3rd 1, 4th 0" in page
    assert "A bye scores 1 of 4 points" in page
    assert "Log in to register" in page
    assert f'ws-connect="/ws/tournaments/{event.pk}/"' in page


def test_a_member_registers_checks_in_and_withdraws(make_event: Any, members: list):
    event = make_event(checkin_minutes=90)
    client = logged_in(members[0])
    page = client.get(event.get_absolute_url()).content.decode()
    assert ">Register<" in page and "Check in" not in page

    response = client.post(reverse("tournaments:register", args=[event.pk]))
    assert response.url == event.get_absolute_url()
    assert said(response) == ["You are registered for Tuesday Swiss."]
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Check in" in page and "Withdraw" in page and ">Register<" not in page

    response = client.post(reverse("tournaments:check_in", args=[event.pk]))
    assert said(response) == ["You are checked in."]
    assert Entry.objects.get(user=members[0]).checked_in_at is not None

    response = client.post(reverse("tournaments:withdraw", args=[event.pk]))
    assert said(response) == ["You have withdrawn from Tuesday Swiss."]
    assert not Entry.objects.get(user=members[0]).active


def test_a_refused_action_shows_the_services_sentence_and_changes_nothing(
    make_event: Any, members: list, django_user_model: Any
):
    event = make_event(checkin_minutes=10, starts_at=timezone.now() + timedelta(hours=3))
    client = logged_in(members[0])
    response = client.post(reverse("tournaments:check_in", args=[event.pk]))
    assert said(response) == ["Register first."]
    client.post(reverse("tournaments:register", args=[event.pk]))
    response = client.post(reverse("tournaments:check_in", args=[event.pk]))
    assert said(response) == ["Check-in opens 10 minutes before the start."]
    stranger = logged_in(django_user_model.objects.create_user("zed", password="x" * 12))
    response = stranger.post(reverse("tournaments:register", args=[event.pk]))
    assert said(response) == ["Join Kitchen Club to register for its events."]
    assert Entry.objects.count() == 1


def test_the_invite_link_registers_someone_outside_the_club(
    make_event: Any, django_user_model: Any
):
    event = make_event(entry=Event.INVITE)
    guest = logged_in(django_user_model.objects.create_user("guest", password="x" * 12))
    response = guest.post(reverse("tournaments:register", args=[event.pk]))
    assert said(response) == ["This event is by invitation: use the invite link."]
    url = reverse("tournaments:join", args=[event.pk, event.invite_token])
    assert "Register for Tuesday Swiss" in guest.get(url).content.decode()
    response = guest.post(url)
    assert said(response) == ["You are registered for Tuesday Swiss."]
    assert guest.get(reverse("tournaments:join", args=[event.pk, "wrong"])).status_code == 404


def test_an_event_tables_way_back_is_the_event_page(
    make_event: Any, members: list, django_capture_on_commit_callbacks: Any
):
    event = running(make_event, members[:6], advance=Event.AUTO, table_size=3)
    table = event.round_set.get(number=1).tables.first()
    player = logged_in(table.seats.filter(entry__isnull=False).first().entry.user)
    url = table.table.get_absolute_url()
    back = (
        f'<a class="table-header__back" href="{event.get_absolute_url()}">&larr; Tuesday Swiss</a>'
    )
    page = player.get(url).content.decode()
    assert back in page and "&larr; Lobby" not in page
    with django_capture_on_commit_callbacks(execute=True):
        play_out(table.game)
    page = player.get(url).content.decode()
    assert "game-over__actions" in page
    # The game-over panel's button too (the site's menu still has its Lobby link), and
    # no host to wait for: the event's page says what comes next.
    assert f'href="{event.get_absolute_url()}">Back to Tuesday Swiss</a>' in page
    assert f'button--ghost" href="{reverse("lobby")}">Lobby</a>' not in page
    assert "What comes next is on the event's page." in page
    assert "Waiting for the host" not in page


def test_tables_opened_before_the_way_back_get_their_events(make_event: Any, members: list):
    """tournaments 0006: a table an event opened before games 0012 (no way back stored)
    leads back to its event; a table already leading somewhere is left alone."""
    from django.apps import apps

    migration = importlib.import_module(
        "tournaments.migrations.0006_tables_lead_back_to_their_event"
    )
    event = running(make_event, members[:6], advance=Event.AUTO, table_size=3)
    first, second = (t.table for t in event.round_set.get(number=1).tables.order_by("number"))
    Table.objects.filter(pk=first.pk).update(home_url="", home_label="")
    Table.objects.filter(pk=second.pk).update(home_url="/elsewhere/", home_label="Elsewhere")
    migration.lead_back_to_the_event(apps, None)
    first.refresh_from_db()
    second.refresh_from_db()
    assert first.home == (event.get_absolute_url(), "Tuesday Swiss")
    assert second.home == ("/elsewhere/", "Elsewhere")


def test_a_seated_player_sees_their_table_and_the_rounds_tables(
    make_event: Any, members: list, client: Client
):
    event = running(make_event, members[:4], advance=Event.AUTO)
    seat = RoundSeat.objects.select_related("table").get(entry__user=members[2])
    page = logged_in(members[2]).get(event.get_absolute_url()).content.decode()
    line = f"Your table: {seat.table.number}, seat {seat.position + 1}"
    assert line in page
    # The call at the top of the page (docs/club-night.md#calls-led-to-your-seat),
    # yours, and the round's table.
    assert page.count(seat.table.table.get_absolute_url()) == 3
    assert "Round 1 of 3 is being played." in page
    assert "Your table" not in client.get(event.get_absolute_url()).content.decode()


def test_a_seated_round_not_yet_started_is_not_shown_to_players(make_event: Any, members: list):
    event = running(make_event, members[:4], advance=Event.MANUAL)
    page = logged_in(members[0]).get(event.get_absolute_url()).content.decode()
    assert "Round 1 of 3 is being seated; it starts when the organizer says." in page
    assert "Your table" not in page and "round-caption" not in page


def test_the_standings_after_a_round(
    make_event: Any, members: list, client: Client, django_capture_on_commit_callbacks: Any
):
    event = running(make_event, members[:6], advance=Event.MANUAL, table_size=3, table_min=3)
    round_ = event.round_set.get()
    services.start_round(round_=round_, by=event.created_by)
    with django_capture_on_commit_callbacks(execute=True):
        for table in round_.tables.all():
            play_out(table.game)
    assert Round.objects.get(pk=round_.pk).status == Round.FINISHED
    page = client.get(event.get_absolute_url()).content.decode()
    rows = records.standings(event)
    winner = rows[0]
    cell = winner.cells[1]
    assert f"T{cell.table_no} · 1st" in page
    assert "Who met whom" in page
    assert '<th scope="col">Opponents\' average</th>' in page or "Opponents&#x27; average" in page


# ---- the CSV --------------------------------------------------------------------------


def test_the_csv_holds_the_standings_rows(
    make_event: Any, members: list, client: Client, django_capture_on_commit_callbacks: Any
):
    event = running(make_event, members[:6], advance=Event.AUTO, table_size=3)
    with django_capture_on_commit_callbacks(execute=True):
        for table in event.round_set.get(number=1).tables.all():
            play_out(table.game)
    response = client.get(reverse("tournaments:standings_csv", args=[event.pk]))
    assert response["Content-Disposition"].startswith("attachment;")
    got = list(csv.reader(io.StringIO(response.content.decode())))
    names = {e.pk: e.user.get_username() for e in Entry.objects.filter(event=event)}
    labels = [tally.TIEBREAKS[k] for k in event.tiebreaks]
    # Table wins are a tie-break of this event: their own column is left out.
    rows = tally.csv_rows(records.standings(event), 3, labels, names.__getitem__, table_wins=False)
    # The first column marks the standings: the event runs, so they are provisional.
    assert got == [["Standings", *rows[0]], *(["provisional", *row] for row in rows[1:])]
    assert got[0].count("Table wins") == 1
    assert got[1][6 + len(labels)].startswith("T")  # round 1's cell was played


# ---- managing ------------------------------------------------------------------------


# The organizer's actions that ask first (a second POST with confirm=yes acts).
CONFIRMED = ("withdraw", "finish", "correct")


def manage(client: Client, event: Event, action: str, **fields: Any) -> list[str]:
    url = reverse("tournaments:manage", args=[event.pk])
    response = client.post(url, {"action": action, **fields})
    if action in CONFIRMED and response.status_code == 200:
        assert 'name="confirm" value="yes"' in response.content.decode()
        response = client.post(url, {"action": action, **fields, "confirm": "yes"})
    assert response.url == url
    return said(response)


def test_an_organizer_of_another_club_may_not_manage(make_event: Any, django_user_model: Any):
    event = make_event()
    other = Club.objects.create(name="Other Club", slug="other")
    boss = django_user_model.objects.create_user("boss", password="x" * 12)
    Membership.objects.create(club=other, user=boss, role=Membership.OWNER)
    client = logged_in(boss)
    url = reverse("tournaments:manage", args=[event.pk])
    assert client.get(url).status_code == 403
    assert client.post(url, {"action": "finish"}).status_code == 403
    assert Event.objects.get(pk=event.pk).status == Event.UPCOMING


def test_the_organizer_opens_and_closes_registration_and_starts_the_event(
    make_event: Any, members: list, ann: Any
):
    event = make_event(advance=Event.MANUAL)
    client = logged_in(ann)
    assert manage(client, event, "registration", open="0") == ["Registration is closed."]
    assert not Event.objects.get(pk=event.pk).registration_open
    assert manage(client, event, "start_event") == [
        "0 player(s) registered: an event needs at least two."
    ]
    manage(client, event, "registration", open="1")
    for player in members[:4]:
        services.register(event=event, user=player)
    assert manage(client, event, "start_event")[0].startswith("The event has started")
    page = client.get(reverse("tournaments:manage", args=[event.pk])).content.decode()
    assert "Round 1: the seating" in page and "Swap two seats" in page


def test_swap_lock_and_start_a_round_twice(make_event: Any, members: list, ann: Any):
    event = running(make_event, members[:5], advance=Event.MANUAL)
    round_ = event.round_set.get()
    seats = list(
        RoundSeat.objects.filter(table__round=round_).order_by("table__number", "position")
    )
    a, b = seats[0], seats[-1]
    client = logged_in(ann)

    message = manage(client, event, "swap", round=round_.pk, first=a.pk, second=b.pk)
    assert message[0].startswith("Swapped")
    assert RoundSeat.objects.get(pk=a.pk).entry_id == b.entry_id
    assert manage(client, event, "swap", round=round_.pk, first=a.pk, second="x") == [
        "Swap with: Select a valid choice. x is not one of the available choices."
    ]

    assert manage(client, event, "lock", seat=a.pk, locked="1") == ["Table 1, seat 1 is locked."]
    assert RoundSeat.objects.get(pk=a.pk).locked
    assert manage(client, event, "lock", seat=a.pk, locked="0") == ["Table 1, seat 1 is unlocked."]

    assert manage(client, event, "start_round", round=round_.pk) == ["Round 1 has started."]
    assert manage(client, event, "start_round", round=round_.pk) == ["Round 1 has already started."]
    assert manage(client, event, "swap", round=round_.pk, first=a.pk, second=b.pk) == [
        "Round 1 has started: its seats are fixed."
    ]


def test_schedule_pause_withdraw_and_finish(make_event: Any, members: list, ann: Any):
    event = running(make_event, members[:4], advance=Event.MANUAL)
    round_ = event.round_set.get()
    client = logged_in(ann)
    message = manage(
        client, event, "schedule", round=round_.pk, start_at="2031-01-01T12:00", time_zone="UTC"
    )
    assert message == ["Round 1 starts by itself at 2031-01-01 12:00 UTC."]
    assert Round.objects.get(pk=round_.pk).start_at.year == 2031
    assert manage(client, event, "pause", paused="1") == ["The event is paused."]
    assert manage(client, event, "start_round", round=round_.pk) == [
        "The event is paused: resume it first."
    ]
    assert manage(client, event, "pause", paused="0") == ["The event goes on."]
    entry = Entry.objects.get(event=event, user=members[3])
    assert manage(client, event, "withdraw", entry=entry.pk) == ["p4 has withdrawn."]
    assert manage(client, event, "withdraw", entry=entry.pk) == ["p4 has already withdrawn."]
    assert manage(client, event, "nonsense") == ["Choose one of the page's buttons."]
    assert manage(client, event, "finish") == ["The event is over: the standings are final."]
    assert Event.objects.get(pk=event.pk).status == Event.FINISHED


def test_correct_a_result_and_see_the_audit_log(
    make_event: Any, members: list, ann: Any, django_capture_on_commit_callbacks: Any
):
    event = running(make_event, members[:6], advance=Event.AUTO, rounds=2, table_size=3)
    with django_capture_on_commit_callbacks(execute=True):
        play_out(event.round_set.get(number=1).tables.first().game)
    seat = RoundSeat.objects.filter(table__round__number=1, entry__isnull=False).first()
    new_place = 3 if seat.place != 3 else 1
    client = logged_in(ann)
    assert manage(client, event, "correct", seat=seat.pk, place=new_place, reason="") == [
        "Give the reason for the correction."
    ]
    message = manage(client, event, "correct", seat=seat.pk, place=new_place, reason="Misdeal")
    assert message[0].endswith(f"now has place {new_place} in round 1.")
    assert Correction.objects.get().reason == "Misdeal"
    page = client.get(reverse("tournaments:manage", args=[event.pk])).content.decode()
    assert "Corrections (the audit log)" in page and "Misdeal" in page
