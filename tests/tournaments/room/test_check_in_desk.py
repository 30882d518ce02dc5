"""The check-in desk on the organizer's console (tournaments.room.desk,
docs/club-night.md#the-check-in-desk): who has checked in and who has come to their
table, "Check in for them" (`services.check_in_for`) and its refusals, a start that
counts and asks before it withdraws whoever has not checked in, their own line, the real
start time, and the console's words per format (a knockout's stand-in goes on from deal
to deal; no registration controls where no one can enter)."""

from __future__ import annotations

import re
from datetime import UTC, timedelta
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services as games
from games.services import ServiceError
from tests.tournaments.room.test_console import field, knockout, quick  # noqa: F401  (fixtures)
from tournaments import pages, services
from tournaments.models import Entry, Event, Round, RoundTable

pytestmark = pytest.mark.django_db


def manage_url(event: Event) -> str:
    return reverse("tournaments:manage", args=[event.pk])


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def said(response: Any) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def night(make_event: Any, ann: Any, members: list[Any]) -> Event:
    """A Swiss at tables of three with a 30-minute check-in, starting in 20 minutes:
    ann and p1..p5 registered, none checked in yet."""
    event = make_event(
        rounds=3,
        table_size=3,
        table_min=3,
        table_max=3,
        checkin_minutes=30,
        starts_at=timezone.now() + timedelta(minutes=20),
    )
    for user in [ann, *members[:5]]:
        services.register(event=event, user=user)
    return event


def entry_of(event: Event, user: Any) -> Entry:
    return Entry.objects.select_related("user").get(event=event, user=user)


def form_fields(page: str, action: str, entry: Entry) -> dict[str, str]:
    """The hidden fields of the page's form posting `action` for `entry`, as a browser
    without JavaScript would send them (the CSRF token aside)."""
    for form in re.findall(r"<form method=\"post\".*?</form>", page, re.S):
        fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', form))
        if fields.get("action") == action and fields.get("entry") == str(entry.pk):
            return fields
    raise AssertionError(f"no {action} form for {entry.user.get_username()}")


# ---- "Check in for them" ------------------------------------------------------------


def test_an_organizer_checks_a_player_in_from_the_desk_even_before_the_window_opens(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = make_event(checkin_minutes=30, starts_at=timezone.now() + timedelta(hours=2))
    services.register(event=event, user=members[0])
    entry = entry_of(event, members[0])
    # The player cannot yet; the organizer, who sees them in the room, can.
    with pytest.raises(ServiceError, match="opens 30 minutes"):
        services.check_in(event=event, user=members[0])
    client = logged_in(ann)
    page = client.get(manage_url(event)).content.decode()
    assert "Check-in desk" in page and "NOT CHECKED IN" not in page  # the tag is CSS-upper
    assert "not checked in" in page
    response = client.post(manage_url(event), form_fields(page, "check_in_for", entry))
    assert response.status_code == 302
    assert said(response) == ["p1 is checked in."]
    entry.refresh_from_db()
    assert entry.checked_in_at is not None
    page = client.get(manage_url(event)).content.decode()
    assert "checked in <time" in page
    assert 'value="check_in_for"' not in page  # no one left to check in
    assert "1 player checked in." in page


def test_check_in_for_refuses_in_sentences_and_changes_nothing(
    make_event: Any, ann: Any, members: list[Any], night: Event
) -> None:
    entry = entry_of(night, members[0])

    def refused(match: str, event: Event = night, by: Any = ann, who: Entry = entry) -> None:
        before = list(Entry.objects.values_list("pk", "status", "checked_in_at"))
        with pytest.raises(ServiceError, match=match):
            services.check_in_for(event=event, entry=who, by=by)
        assert list(Entry.objects.values_list("pk", "status", "checked_in_at")) == before

    refused("Only Kitchen Club's organizers", by=members[1])
    other = make_event(name="Other night", checkin_minutes=30)
    refused("not in this event", event=other)
    plain = make_event(name="No check-in", checkin_minutes=0)
    services.register(event=plain, user=members[0])
    refused("no check-in", event=plain, who=entry_of(plain, members[0]))
    services.withdraw(event=night, entry=entry_of(night, members[1]), by=members[1])
    refused("p2 has withdrawn", who=entry_of(night, members[1]))
    services.check_in_for(event=night, entry=entry, by=ann)
    refused("p1 has already checked in")
    for user in [ann, *members[2:5]]:
        services.check_in_for(event=night, entry=entry_of(night, user), by=ann)
    services.start_event(event=night, by=ann)
    refused("Check-in has closed", who=entry_of(night, ann))


# ---- the start counts, asks, withdraws and says so ----------------------------------


def test_a_start_with_players_not_checked_in_counts_them_and_asks_first(
    ann: Any,
    members: list[Any],
    night: Event,
    django_capture_on_commit_callbacks: Any,
) -> None:
    for user in [ann, *members[:4]]:
        services.check_in_for(event=night, entry=entry_of(night, user), by=ann)
    client = logged_in(ann)
    page = client.get(manage_url(night)).content.decode()
    assert "5 of 6 checked in — p5 will be withdrawn at the start." in page

    asked = client.post(manage_url(night), {"action": "start_event"})
    assert asked.status_code == 200
    text = asked.content.decode()
    assert "Start Tuesday Swiss now?" in text
    assert "5 of 6 checked in — p5 will be withdrawn at the start." in text
    assert 'name="confirm" value="yes"' in text and 'name="action" value="start_event"' in text
    assert "Start and withdraw 1 player" in text
    night.refresh_from_db()
    assert night.status == Event.UPCOMING and not Round.objects.filter(event=night).exists()
    assert entry_of(night, members[4]).active

    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(manage_url(night), {"action": "start_event", "confirm": "yes"})
    assert said(done) == [
        "The event has started: round 1 is being played. "
        "p5 had not checked in and is withdrawn; they are told."
    ]
    missed = entry_of(night, members[4])
    assert missed.status == Entry.WITHDRAWN and missed.missed_check_in
    assert not entry_of(night, members[0]).missed_check_in
    night.refresh_from_db()
    assert night.status == Event.RUNNING and night.started_at is not None

    # Their own line says why, not "You withdrew".
    own = logged_in(members[4]).get(night.get_absolute_url()).content.decode()
    assert "You did not check in before the start, so you were withdrawn." in own
    assert "You have withdrawn." not in own
    # So does a finished event's own line (`pages.end_of_event`).
    assert pages.withdrawn_line(missed) == (
        "You did not check in before the start, so you were withdrawn."
    )
    assert pages.withdrawn_line(entry_of(night, members[0])) == "You withdrew before playing."
    # The desk lists them as withdrawn at the start.
    page = client.get(manage_url(night)).content.decode()
    assert "withdrawn at the start: not checked in" in page

    # Registering again (a late entry) clears the mark: they are in once more.
    services.register(event=night, user=members[4])
    assert not entry_of(night, members[4]).missed_check_in
    own = logged_in(members[4]).get(night.get_absolute_url()).content.decode()
    assert "You did not check in" not in own and "You are registered" in own


def test_a_start_with_everyone_checked_in_starts_at_once(
    ann: Any, members: list[Any], night: Event
) -> None:
    for user in [ann, *members[:5]]:
        services.check_in_for(event=night, entry=entry_of(night, user), by=ann)
    client = logged_in(ann)
    assert "All 6 checked in." in client.get(manage_url(night)).content.decode()
    response = client.post(manage_url(night), {"action": "start_event"})
    assert response.status_code == 302
    assert said(response) == ["The event has started: round 1 is being played."]
    assert Event.objects.get(pk=night.pk).status == Event.RUNNING
    assert not Entry.objects.filter(event=night, missed_check_in=True).exists()


def test_a_refused_start_is_said_before_any_question(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = make_event(checkin_minutes=30, starts_at=timezone.now() + timedelta(minutes=10))
    services.register(event=event, user=members[0])  # one player: too few, and not here
    response = logged_in(ann).post(manage_url(event), {"action": "start_event"})
    assert response.status_code == 302
    assert "an event needs at least two" in said(response)[0]
    assert entry_of(event, members[0]).active and not entry_of(event, members[0]).missed_check_in


def test_the_console_says_when_the_event_really_started(
    ann: Any, members: list[Any], night: Event
) -> None:
    for user in [ann, *members[:5]]:
        services.check_in_for(event=night, entry=entry_of(night, user), by=ann)
    services.start_event(event=night, by=ann)  # 20 minutes early
    night.refresh_from_db()
    page = logged_in(ann).get(manage_url(night)).content.decode()
    started = night.started_at.astimezone(UTC).isoformat()
    scheduled = night.starts_at.astimezone(UTC).isoformat()
    assert re.search(rf'It started <time datetime="{re.escape(started)}"', page)
    assert re.search(rf'It was to start <time datetime="{re.escape(scheduled)}"', page)


# ---- who has come to their table ----------------------------------------------------


def test_the_console_says_who_is_not_at_their_table_yet(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = make_event(rounds=2, table_size=3, table_min=3, table_max=3)
    for user in [ann, *members[:5]]:
        services.register(event=event, user=user)
    round_ = services.start_event(event=event, by=ann)
    client = logged_in(ann)
    part = client.get(manage_url(event) + "?part=tables").content.decode()
    assert "Check-in desk" in part
    assert "0 of 6 at their tables." in part
    # Beside each seat's stand-in button in the tables, and once a player at the desk.
    assert part.count("not at the table yet") == 6 + 6

    here = RoundTable.objects.get(round=round_, seats__entry__user=members[0])
    assert games.arrive(game_id=here.game_id, user=members[0])
    part = client.get(manage_url(event) + "?part=tables").content.decode()
    assert "1 of 6 at their tables.</p>" in part  # five missing: the rows say who
    assert part.count("not at the table yet") == 5 + 5
    assert f'<a href="#console-table-{here.number}">Table {here.number}</a>' in part
    assert f'id="console-table-{here.number}"' in part
    # A bot standing in: no longer "not at the table yet".
    services.stand_in(event=event, entry=entry_of(event, members[1]), by=ann, on=True)
    part = client.get(manage_url(event) + "?part=tables").content.decode()
    assert part.count("not at the table yet") == 4 + 4
    # Once few are missing, the line names them with their tables.
    services.stand_in(event=event, entry=entry_of(event, members[2]), by=ann, on=True)
    part = client.get(manage_url(event) + "?part=tables").content.decode()
    late = {
        user.username: RoundTable.objects.get(round=round_, seats__entry__user=user).number
        for user in [ann, members[3], members[4]]
    }
    named = ", ".join(f"{name} (table {number})" for name, number in sorted(late.items()))
    assert f"1 of 4 at their tables. Not at the table yet: {named}." in part
    assert not any(suit in part for suit in "♣♦♥♠")


def test_the_desk_is_gone_once_round_one_is_over(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    from tests.tournaments.room.test_console import play_round

    event = make_event(rounds=2, table_size=3, table_min=3, table_max=3)
    for user in [ann, *members[:5]]:
        services.register(event=event, user=user)
    round_ = services.start_event(event=event, by=ann)
    play_round(round_, django_capture_on_commit_callbacks)
    assert Round.objects.get(event=event, number=2).status == Round.PLAYING
    page = logged_in(ann).get(manage_url(event)).content.decode()
    assert "Check-in desk" not in page and "Round 2: the tables" in page


# ---- the console's words per format -------------------------------------------------


def test_a_running_knockouts_console_words_its_stand_in_by_the_deal_and_offers_no_registration(
    club: Any,
    ann: Any,
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
) -> None:
    event = knockout(club, ann, quick, field)
    services.start_event(event=event, by=ann)
    client = logged_in(ann)
    page = client.get(manage_url(event)).content.decode()
    assert "Deal 1: the tables" in page
    assert "this round</button>" not in page
    assert page.count("from this deal on</button>") == len(field)
    assert 'name="action" value="registration"' not in page
    assert "The knockout has started: it is too late to join." in page
    entry = entry_of(event, field[1])
    response = client.post(manage_url(event), {"action": "stand_in", "entry": entry.pk, "on": "1"})
    assert said(response) == [
        "A bot plays for k1 from this deal on, until they are back or you give them their "
        "seat back."
    ]


def test_a_running_swiss_that_takes_late_entries_keeps_its_registration_control(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = make_event(rounds=3, table_size=3, table_min=3, table_max=3)
    for user in [ann, *members[:5]]:
        services.register(event=event, user=user)
    services.start_event(event=event, by=ann)
    page = logged_in(ann).get(manage_url(event)).content.decode()
    assert 'name="action" value="registration"' in page
    assert page.count("this round</button>") == 6
