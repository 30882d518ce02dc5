"""Calling the organizer to a table (docs/club-night.md#calling-the-organizer): a seated
player calls from a card table's result page and from an online table's call page (the
Django test client, as a phone without JavaScript posts), the console lists the call and
the organizer answers it, and every refusal writes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Membership
from games import notes
from tournaments import services
from tournaments.cards import card_tables
from tournaments.models import Event, OrganizerCall, Round, RoundTable
from tournaments.room import organizer_calls as reading

pytestmark = pytest.mark.django_db


@pytest.fixture
def twelve(club: Any, django_user_model: Any) -> list[Any]:
    users = []
    for k in range(1, 13):
        user = django_user_model.objects.create_user(f"c{k}", password="x" * 12)
        Membership.objects.create(club=club, user=user)
        users.append(user)
    return users


def started(
    make_event: Any,
    users: list[Any],
    ann: Any,
    name: str = "Tuesday Swiss",
    cards: tuple[int, ...] = (1, 2, 3),
) -> Round:
    """A mixed Swiss evening's first round: tables 1-3 (`cards`) with cards, the rest
    online."""
    event = make_event(
        name=name,
        venue=Event.MIXED,
        advance=Event.MANUAL,
        bots_fill=False,
        rounds=2,
        table_size=3,
        table_min=3,
        table_max=3,
    )
    for user in users:
        services.register(event=event, user=user)
    services.start_event(event=event, by=ann)
    round_ = Round.objects.get(event=event, number=1)
    card_tables.choose_card_tables(round_=round_, by=ann, numbers=list(cards))
    services.start_round(round_=round_, by=ann)
    return round_


def phone(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def call_url(table: RoundTable) -> str:
    return reverse("tournaments:call_organizer", args=[table.round.event_id, table.pk])


def players(table: RoundTable) -> list[Any]:
    return [s.entry.user for s in table.seats.select_related("entry__user").order_by("position")]


def test_a_seated_player_calls_the_console_lists_it_and_the_organizer_answers(
    make_event: Any, twelve: list[Any], ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    round_ = started(make_event, twelve, ann)
    event = round_.event
    table = round_.tables.get(number=2)
    caller = players(table)[0]
    result_url = reverse("tournaments:card_result", args=[event.pk, table.pk])
    # The result page offers its players the form.
    page = phone(caller).get(result_url).content.decode()
    assert 'id="organizer-call-note"' in page and call_url(table) in page
    with django_capture_on_commit_callbacks(execute=True):
        response = phone(caller).post(
            call_url(table), {"reason": "dispute", "note": "Who dealt?"}, follow=True
        )
    assert response.redirect_chain[-1][0] == result_url
    page = response.content.decode()
    assert "The organizer is called: on the way." in page
    assert 'id="organizer-call-note"' not in page  # no second call offered while this one is open
    made = OrganizerCall.objects.get()
    assert (made.event, made.table, made.caller, made.reason, made.note) == (
        event,
        table,
        caller,
        "dispute",
        "Who dealt?",
    )
    assert made.answered_at is None
    # The console lists it at the top, with its table, reason and caller.
    console = phone(ann).get(reverse("tournaments:manage", args=[event.pk])).content.decode()
    answer_url = reverse("tournaments:organizer_call_answered", args=[event.pk, made.pk])
    assert "Tables calling you" in console and answer_url in console
    assert console.index("Tables calling you") < console.index("console-table-1")
    listed = reading.open_calls(event)
    assert [(c.table, c.reason, c.who, c.note) for c in listed] == [
        (2, "a dispute", caller.username, "Who dealt?")
    ]
    # ... and so does the console's live part, which console.js refetches.
    part = phone(ann).get(reverse("tournaments:manage", args=[event.pk]) + "?part=tables")
    assert answer_url in part.content.decode()
    # The organizer's calls bar leads to the console.
    bar = reading.calls_for(ann)
    assert [c.key for c in bar] == [f"organizer-call-{made.pk}"]
    assert bar[0].url == reverse("tournaments:manage", args=[event.pk]) and bar[0].urgent
    assert reading.calls_for(caller) == []
    # A player cannot answer it; the organizer does, and it is recorded who and when.
    phone(caller).post(answer_url)
    made.refresh_from_db()
    assert made.answered_at is None
    with django_capture_on_commit_callbacks(execute=True):
        done = phone(ann).post(answer_url, follow=True)
    assert "Table 2&#x27;s call is answered." in done.content.decode()
    made.refresh_from_db()
    assert made.answered_by == ann and made.answered_at is not None
    assert reading.open_calls(event) == [] and reading.calls_for(ann) == []
    again = phone(ann).post(answer_url, follow=True).content.decode()
    assert "That call is already answered." in again
    # The caller's page now says it was answered, and offers the form again.
    page = phone(caller).get(result_url).content.decode()
    assert "Your last call was answered." in page and "on the way" not in page
    assert 'id="organizer-call-note"' in page


def test_at_an_online_table_the_page_links_to_the_call_page(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    round_ = started(make_event, twelve, ann)
    online = round_.tables.get(number=4)
    assert online.table is not None and not online.cards
    seated, outsider = players(online)[0], players(round_.tables.get(number=1))[0]
    lines = notes.for_table(online.table, seated)
    assert ("Call the organizer to this table", call_url(online)) in lines
    assert all(line.url != call_url(online) for line in notes.for_table(online.table, outsider))
    page = phone(seated).get(call_url(online)).content.decode()
    assert 'id="organizer-call-note"' in page and online.table.get_absolute_url() in page
    response = phone(seated).post(call_url(online), {"reason": "missing"}, follow=True)
    assert response.redirect_chain[-1][0] == call_url(online)
    assert "The organizer is called: on the way." in response.content.decode()
    assert ("The organizer is called: on the way.", call_url(online)) in notes.for_table(
        online.table, seated
    )
    # Someone at another table is not offered it and cannot call.
    assert phone(outsider).get(call_url(online)).status_code == 403
    phone(outsider).post(call_url(online), {"reason": "rules"})
    assert OrganizerCall.objects.filter(caller=outsider).count() == 0


def test_a_non_player_cannot_call(make_event: Any, twelve: list[Any], ann: Any, club: Any) -> None:
    round_ = started(make_event, twelve[:9], ann)
    table = round_.tables.get(number=1)
    outsider = twelve[11]  # a member, not entered
    result_url = reverse("tournaments:card_result", args=[round_.event_id, table.pk])
    # The organizer sees the result page but is offered no call; nor is anyone not seated.
    assert 'id="organizer-call-note"' not in phone(ann).get(result_url).content.decode()
    assert phone(outsider).get(call_url(table)).status_code == 403
    refused = phone(outsider).post(call_url(table), {"reason": "rules"}, follow=True)
    assert OrganizerCall.objects.count() == 0
    # The refusal is a sentence (told after the redirect, on the page they may see).
    assert "Only the players at table 1 can call the organizer to it." in (refused.content.decode())
    refused_by_ann = phone(ann).post(call_url(table), {"reason": "rules"}, follow=True)
    assert "Only the players at table 1 can call the organizer to it." in (
        refused_by_ann.content.decode()
    )
    assert OrganizerCall.objects.count() == 0


def test_a_second_open_call_is_refused_and_writes_nothing(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    round_ = started(make_event, twelve, ann)
    table = round_.tables.get(number=1)
    caller, other = players(table)[:2]
    phone(caller).post(call_url(table), {"reason": "rules"})
    first = OrganizerCall.objects.get()
    version = Event.objects.get(pk=round_.event_id).live_version
    second = phone(caller).post(call_url(table), {"reason": "other"}, follow=True)
    assert "The organizer is already called to this table." in second.content.decode()
    assert list(OrganizerCall.objects.values_list("pk", "reason")) == [(first.pk, "rules")]
    assert Event.objects.get(pk=round_.event_id).live_version == version
    # Another player of the table may call too; a bad reason or a long note is refused.
    phone(other).post(call_url(table), {"reason": "missing"})
    assert OrganizerCall.objects.count() == 2
    bad = phone(twelve[3]).post(call_url(table), {"reason": "boredom"}, follow=True)
    long = phone(players(round_.tables.get(number=2))[0]).post(
        call_url(round_.tables.get(number=2)), {"reason": "other", "note": "x" * 141}, follow=True
    )
    assert "Choose why you call the organizer." in bad.content.decode()
    assert "Say it in at most 140 characters." in long.content.decode()
    assert OrganizerCall.objects.count() == 2


def test_calls_are_rate_limited(make_event: Any, twelve: list[Any], ann: Any) -> None:
    round_ = started(make_event, twelve, ann)
    table = round_.tables.get(number=1)
    caller = players(table)[0]
    url = call_url(table)
    for _ in range(5):
        phone(caller).post(url, {"reason": "rules"})
        OrganizerCall.objects.update(answered_at="2030-01-01T00:00:00Z")
    assert OrganizerCall.objects.count() == 5
    refused = phone(caller).post(url, {"reason": "rules"}, follow=True)
    assert "Too many actions" in refused.content.decode()
    assert OrganizerCall.objects.count() == 5


def test_a_call_on_another_events_table_is_refused(
    make_event: Any, twelve: list[Any], ann: Any
) -> None:
    mine = started(make_event, twelve[:6], ann, name="Tuesday Swiss", cards=(1,))
    theirs = started(make_event, twelve[6:], ann, name="Wednesday Swiss", cards=(1,))
    caller = players(mine.tables.get(number=1))[0]
    their_table = theirs.tables.get(number=1)
    # Their table's id under my event's address is not found; under theirs I am not seated.
    crossed = reverse("tournaments:call_organizer", args=[mine.event_id, their_table.pk])
    assert phone(caller).post(crossed, {"reason": "dispute"}).status_code == 404
    refused = phone(caller).post(call_url(their_table), {"reason": "dispute"}, follow=True)
    assert "Only the players at table 1 can call the organizer to it." in (refused.content.decode())
    assert OrganizerCall.objects.count() == 0
    # An answer posted under another event's address finds no call.
    phone(caller).post(call_url(mine.tables.get(number=1)), {"reason": "dispute"})
    made = OrganizerCall.objects.get()
    wrong = reverse("tournaments:organizer_call_answered", args=[theirs.event_id, made.pk])
    phone(ann).post(wrong)
    made.refresh_from_db()
    assert made.answered_at is None
