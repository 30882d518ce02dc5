"""The admin of events: the same checks as the pages, through the services."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Club
from tests.games.playing import play_out
from tournaments import services
from tournaments.models import Correction, Entry, Event, RoundSeat

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client: Client, django_user_model: Any) -> Client:
    boss = django_user_model.objects.create_superuser("boss", password="x" * 12)
    client.force_login(boss)
    return client


def add_data(club: Club, scat: Any, **changes: Any) -> dict[str, Any]:
    data = {
        "club": club.pk,
        "name": "Admin Swiss",
        "description": "",
        "rule_set": scat.pk,
        "format": "swiss",
        "top_q": 0,
        "rounds": 3,
        "boards": 4,
        "table_size": 4,
        "table_min": 3,
        "table_max": 5,
        "bots_fill": "on",
        "bye_points": "",
        "scoring": "outlasted",
        "place_points": "[]",
        "tiebreaks": '["table_wins", "lots"]',
        "starts_at_0": "2031-01-01",
        "starts_at_1": "12:00:00",
        "checkin_minutes": 0,
        "entry": "open",
        "player_cap": "",
        "advance": "auto",
        "turn_timer": 60,
    }
    data.update(changes)
    return data


def test_the_add_page_takes_unreadable_text_for_a_date_or_json_as_a_refusal(
    admin_client: Client, club: Club, scat: Any
) -> None:
    """Django's admin gives the query's text to a split date widget, and its JSON field
    lets a 5,000-digit number through: both were 500s (docs/security.md#numbers-no-column-holds)."""
    url = reverse("admin:tournaments_event_add")
    assert admin_client.get(url, {"starts_at": "not a date", "name": "Cup"}).status_code == 200
    for bad in ("9" * 5000, "[" * 100_000):
        response = admin_client.post(url, add_data(club, scat, place_points=bad))
        assert response.status_code == 200
        assert "Enter a valid JSON." in response.content.decode()
    assert not Event.objects.exists()


def test_adding_an_event_runs_the_services_checks(admin_client: Client, club: Club, scat: Any):
    url = reverse("admin:tournaments_event_add")
    response = admin_client.post(url, add_data(club, scat, rounds=40))
    assert response.status_code == 200
    assert "An event has 1 to 15 rounds." in response.content.decode()
    assert not Event.objects.exists()
    response = admin_client.post(url, add_data(club, scat, tiebreaks='["nope"]'))
    assert "Choose each tie-break from the list at most once." in response.content.decode()
    assert not Event.objects.exists()

    response = admin_client.post(url, add_data(club, scat))
    assert response.status_code == 302
    event = Event.objects.get()
    assert event.rules_name == scat.name and event.bye_points == 1.5  # made by the services
    assert event.tiebreaks == ["table_wins", "lots"]


def test_a_duplicate_event_is_added_with_its_boards(admin_client: Client, club: Club, scat: Any):
    url = reverse("admin:tournaments_event_add")
    assert 'name="boards"' in admin_client.get(url).content.decode()
    data = add_data(club, scat, name="Admin duplicate", format="duplicate", rounds=2, boards=6)
    assert admin_client.post(url, data).status_code == 302
    event = Event.objects.get()
    assert (event.format, event.rounds, event.boards) == (Event.DUPLICATE, 2, 6)


def test_a_knockout_is_added_with_its_top_q_and_no_rounds(
    admin_client: Client, club: Club, scat: Any
):
    url = reverse("admin:tournaments_event_add")
    data = add_data(club, scat, name="Admin cup", format="top_q", top_q=2, rounds="")
    assert admin_client.post(url, data).status_code == 302
    event = Event.objects.get()
    assert (event.format, event.top_q, event.rounds) == (Event.TOP_Q, 2, 0)
    listing = admin_client.get(reverse("admin:tournaments_event_changelist")).content.decode()
    assert '<td class="field-rounds_shown">—</td>' in listing


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"format": "duplicate", "boards": 40}, "boards", "A duplicate round has 1 to 16 boards."),
        ({"format": "top_q", "top_q": 4}, "top_q", "1 to 3 players of each"),
        ({"rounds": ""}, "rounds", "Say how many rounds the event has."),
        ({"format": "cup"}, "format", "Select a valid choice."),
    ],
)
def test_a_refused_format_option_shows_on_its_field_and_adds_nothing(
    admin_client: Client, club: Club, scat: Any, changes: dict, field: str, message: str
):
    response = admin_client.post(
        reverse("admin:tournaments_event_add"), add_data(club, scat, **changes)
    )
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert any(message in error for error in errors[field]), errors
    assert not Event.objects.exists()


def test_a_running_events_fields_are_read_only(admin_client: Client, make_event: Any, members):
    event = make_event()
    page = admin_client.get(reverse("admin:tournaments_event_change", args=[event.pk]))
    assert 'name="name"' in page.content.decode() and 'name="rounds"' not in page.content.decode()
    for player in members[:4]:
        services.register(event=event, user=player)
    services.start_event(event=event, by=event.created_by)
    page = admin_client.get(reverse("admin:tournaments_event_change", args=[event.pk]))
    assert 'name="name"' not in page.content.decode()


def test_withdrawing_entries_is_an_admin_action(admin_client: Client, make_event: Any, members):
    event = make_event()
    entry = services.register(event=event, user=members[0])
    response = admin_client.post(
        reverse("admin:tournaments_entry_changelist"),
        {"action": "withdraw", "_selected_action": [entry.pk]},
        follow=True,
    )
    assert "Withdrawn: p1." in response.content.decode()
    assert Entry.objects.get(pk=entry.pk).status == Entry.WITHDRAWN


def test_a_seats_result_is_corrected_with_a_reason(
    admin_client: Client, make_event: Any, members: list, django_capture_on_commit_callbacks: Any
):
    event = make_event(table_size=3, rounds=2)
    for player in members[:6]:
        services.register(event=event, user=player)
    services.start_event(event=event, by=event.created_by)
    with django_capture_on_commit_callbacks(execute=True):
        play_out(event.round_set.get(number=1).tables.first().game)
    seat = RoundSeat.objects.filter(table__finished_at__isnull=False, entry__isnull=False).first()
    place = 3 if seat.place != 3 else 1
    url = reverse("admin:tournaments_roundseat_change", args=[seat.pk])
    response = admin_client.post(url, {"new_place": 9, "reason": "Typo"})
    assert "A place at this table is 1 to 3." in response.content.decode()
    assert not Correction.objects.exists()
    response = admin_client.post(url, {"new_place": place, "reason": "Misdeal"})
    assert response.status_code == 302
    assert RoundSeat.objects.get(pk=seat.pk).place == place
    assert Correction.objects.get().reason == "Misdeal"


def test_the_read_only_pages_open(admin_client: Client, make_event: Any, members: list):
    event = make_event()
    for player in members[:4]:
        services.register(event=event, user=player)
    round_ = services.start_event(event=event, by=event.created_by)
    for name, pk in [
        ("round", round_.pk),
        ("roundtable", round_.tables.first().pk),
    ]:
        assert (
            admin_client.get(reverse(f"admin:tournaments_{name}_change", args=[pk])).status_code
            == 200
        )
    for name in ("event", "entry", "round", "roundseat", "correction", "bye"):
        assert admin_client.get(reverse(f"admin:tournaments_{name}_changelist")).status_code == 200
