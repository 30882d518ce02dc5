"""Keep-apart pairs in an event (docs/fair-seating.md#keep-apart-pairs): the event's own
pairs and the club's, refused bad input, version 2 honouring them in Swiss, knockout and
duplicate events and recording them with each round, the console saying when the field
did not allow it, version-1 events drawing as before, and the verify page drawing a
version-2 event again from what was recorded, also after a pair was removed."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from clubs import services as club_services
from clubs.models import Club
from games.models import RuleSet
from tests.tournaments.test_duplicate_rounds import duplicate_event, play_everything
from tests.tournaments.test_duplicate_rounds import start as start_duplicate
from tests.tournaments.test_knockout import field, knockout, play_to_the_end, quick  # noqa: F401
from tests.tournaments.test_knockout import make_event as make_any_event  # noqa: F401
from tests.tournaments.test_services import play_round, register_all
from tournaments import keep_apart, services, verify
from tournaments.fairness import commitment
from tournaments.fairness import keep_apart as pure
from tournaments.models import Entry, Event, EventKeepApart, Round

pytestmark = pytest.mark.django_db


def layout(round_: Round) -> list[list[int]]:
    tables: dict[int, list[int]] = {}
    for table in round_.tables.prefetch_related("seats"):
        tables[table.number] = [s.entry_id for s in table.seats.all() if s.entry_id]
    return [tables[n] for n in sorted(tables)]


def entry(event: Event, user: Any) -> int:
    return int(Entry.objects.get(event=event, user=user).pk)


def test_new_events_commit_to_version_2(make_event: Any) -> None:
    event = make_event()
    assert event.seating_algorithm == commitment.SEATING_2 == "thirtyone-seating-2"
    assert commitment.SEATING_1 in commitment.ALGORITHMS


@pytest.mark.parametrize("case", ["stranger", "themselves", "twice", "reversed", "club pair"])
def test_bad_event_pairs_are_refused_and_write_nothing(
    make_event: Any, club: Club, ann: Any, members: list[Any], django_user_model: Any, case: str
) -> None:
    event = make_event()
    stranger = django_user_model.objects.create_user("zed", password="x" * 12)
    services.add_event_keep_apart(by=ann, event=event, first=members[0], second=members[1])
    club_services.add_keep_apart(by=ann, club=club, first=members[2], second=members[3])
    first, second, said = {
        "stranger": (ann, stranger, "zed is neither entered in Tuesday Swiss nor a member"),
        "themselves": (ann, ann, "nobody is kept apart from themselves"),
        "twice": (members[0], members[1], "p1 and p2 are already kept apart."),
        "reversed": (members[1], members[0], "p1 and p2 are already kept apart."),
        "club pair": (members[3], members[2], "p3 and p4 are already kept apart."),
    }[case]
    with pytest.raises(services.ServiceError) as refused:
        services.add_event_keep_apart(by=ann, event=event, first=first, second=second)
    assert said in refused.value.message
    assert EventKeepApart.objects.count() == 1
    with pytest.raises(services.ServiceError):
        services.add_event_keep_apart(by=members[4], event=event, first=ann, second=members[4])
    assert EventKeepApart.objects.count() == 1


def test_the_event_page_lists_both_kinds_for_organizers_only(
    client: Client, make_event: Any, club: Club, ann: Any, members: list[Any]
) -> None:
    event = make_event()
    club_services.add_keep_apart(by=ann, club=club, first=members[2], second=members[3])
    url = reverse("tournaments:keep_apart", args=[event.pk])
    client.force_login(ann)
    added = client.post(url, {"first": members[0].pk, "second": members[1].pk}, follow=True)
    assert "p1 and p2 are kept apart in this event." in added.text
    assert "p3 and p4" in added.text  # the club's pair, shown too
    pair = EventKeepApart.objects.get()
    remove = reverse("tournaments:remove_keep_apart", args=[event.pk, pair.pk])
    assert "Yes, remove the pair" in client.get(remove).text
    assert "no longer kept apart" in client.post(remove, follow=True).text
    assert not EventKeepApart.objects.exists()
    assert url in client.get(reverse("tournaments:manage", args=[event.pk])).text
    client.force_login(members[0])
    assert client.get(url).status_code == 403
    assert "p3 and p4" not in client.get(event.get_absolute_url()).text


def swiss_with_pairs(make_event: Any, ann: Any, members: list[Any], capture: Any) -> Event:
    """Eight players at tables of four over three rounds, three pairs (two the club's,
    one the event's): every round keeps them apart; a pair is removed after round 1."""
    event = make_event(rounds=3, table_size=4, table_min=4, table_max=4)
    players = [ann, *members]
    register_all(event, players)
    club_services.add_keep_apart(by=ann, club=event.club, first=ann, second=members[0])
    club_services.add_keep_apart(by=ann, club=event.club, first=members[1], second=members[2])
    services.add_event_keep_apart(by=ann, event=event, first=members[3], second=members[4])
    first = services.start_event(event=event, by=ann)
    pairs = keep_apart.recorded(first)
    assert len(pairs) == 3
    assert pure.together(layout(first), pairs) == []
    EventKeepApart.objects.all().delete()  # removed later: round 1's record stands
    play_round(first, capture)
    for number in (2, 3):
        round_ = event.round_set.get(number=number)
        assert len(keep_apart.recorded(round_)) == 2
        assert pure.together(layout(round_), keep_apart.recorded(round_)) == []
        play_round(round_, capture)
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    return event


def test_a_swiss_event_keeps_pairs_apart_and_verifies_after_a_pair_was_removed(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = swiss_with_pairs(make_event, ann, members, django_capture_on_commit_callbacks)
    report = verify.report(event)
    assert report.outcome == "matches", [c.differences for c in report.checks]
    assert "Kept apart where the field allowed" in " ".join(report.checks[0].lines)
    # Drawn without its recorded pairs, round 1 would not be what was seated: the
    # record is what the verify page draws from.
    first = event.round_set.get(number=1)
    Round.objects.filter(pk=first.pk).update(kept_apart=[])
    assert verify.report(event).outcome != "matches"


def test_a_version_1_event_ignores_pairs_and_draws_as_before(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = make_event(rounds=1, table_size=4, table_min=4, table_max=4)
    Event.objects.filter(pk=event.pk).update(
        seating_algorithm=commitment.SEATING_1,
        seed_commitment=commitment.commitment(event.seed_salt, event.seed, commitment.SEATING_1),
    )
    event.refresh_from_db()
    register_all(event, [ann, *members])
    for a, b in zip([ann, *members][::2], members[::2], strict=False):
        club_services.add_keep_apart(by=ann, club=event.club, first=a, second=b)
    assert keep_apart.pairs_for(event, [entry(event, u) for u in [ann, *members]]) == []
    first = services.start_event(event=event, by=ann)
    assert first.kept_apart == []
    client = Client()
    client.force_login(ann)
    page = client.get(reverse("tournaments:keep_apart", args=[event.pk])).text
    assert "does not use these pairs" in page
    play_round(first, django_capture_on_commit_callbacks)
    event.refresh_from_db()
    assert verify.report(event).outcome == "matches"


def test_an_impossible_field_seats_anyway_and_the_console_says_so(
    make_event: Any, ann: Any, members: list[Any]
) -> None:
    event = make_event(rounds=1, table_size=4, table_min=3, table_max=4)
    register_all(event, [ann, *members[:3]])  # one table of four
    services.add_event_keep_apart(by=ann, event=event, first=members[0], second=members[1])
    first = services.start_event(event=event, by=ann)
    assert sorted(layout(first)[0]) == sorted(entry(event, u) for u in [ann, *members[:3]])
    client = Client()
    client.force_login(ann)
    console = client.get(reverse("tournaments:manage", args=[event.pk])).text
    said = "p1 and p2 are at table 1 together: the field did not allow keeping them apart."
    assert said in console
    part = client.get(reverse("tournaments:manage", args=[event.pk]) + "?part=tables").text
    assert said in part
    client.force_login(members[0])
    assert said not in client.get(event.get_absolute_url()).text


def test_a_knockout_keeps_a_pair_apart_and_verifies(
    make_any_event: Any,  # noqa: F811
    quick: RuleSet,  # noqa: F811
    field: list[Any],  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> None:
    event = knockout(make_any_event, quick, field[:8], size=4)
    for a, b in ((field[0], field[1]), (field[2], field[3]), (field[4], field[5])):
        club_services.add_keep_apart(by=field[0], club=event.club, first=a, second=b)
    first = services.start_event(event=event, by=field[0])
    assert len(keep_apart.recorded(first)) == 3
    assert pure.together(layout(first), keep_apart.recorded(first)) == []
    play_to_the_end(event, first, django_capture_on_commit_callbacks)
    report = verify.report(event)
    assert report.outcome == "matches", [c.differences for c in report.checks]


def test_a_duplicate_event_keeps_a_pair_apart_and_verifies(
    make_event: Any, ann: Any, members: list[Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = duplicate_event(make_event)
    players = [ann, *members]
    for a, b in ((ann, members[0]), (members[1], members[2])):
        club_services.add_keep_apart(by=ann, club=event.club, first=a, second=b)
    first = start_duplicate(event, players, ann)
    assert len(keep_apart.recorded(first)) == 2
    assert pure.together(layout(first), keep_apart.recorded(first)) == []
    play_everything(event, django_capture_on_commit_callbacks)
    event.refresh_from_db()
    report = verify.report(event)
    assert report.outcome == "matches", [c.differences for c in report.checks]
