"""Where notifications come from (notifications.sources,
docs/notifications.md#kinds-channels-and-sources): each source tells the right people,
in words that say what and where, once, after the commit of what it tells of."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs import services as clubs
from clubs.models import Club, JoinRequest, Membership
from games import services as games
from games.models import Game
from games.signals import turn_waiting
from notifications.models import Notification
from tests.calls.test_calls import _started_swiss, knockout_until_a_move
from tests.games.playing import play_out
from tournaments import services
from tournaments.models import Event, RoundSeat
from tournaments.signals import registration_opened

pytestmark = pytest.mark.django_db


def _told(kind: str) -> dict[int, Notification]:
    return {n.user_id: n for n in Notification.objects.filter(kind=kind)}


def test_a_started_round_tells_each_player_their_table_and_seat(
    make_event: Any, members: list, ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        event = _started_swiss(make_event, members, ann)
    told = _told("game_ready")
    assert set(told) == {m.pk for m in members[:4]}
    for member in members[:4]:
        seat = RoundSeat.objects.select_related("table__table").get(entry__user=member)
        where = f"table {seat.table.number}, seat {seat.position + 1}"
        assert told[member.pk].text == f"Your game is ready at {event.name}: {where}"
        assert told[member.pk].url == seat.table.table.get_absolute_url()
        # one row per event and kind, telling of the game (its revision)
        assert told[member.pk].key == f"event-{event.pk}"
        assert told[member.pk].revision == seat.table.game_id


def test_a_game_at_a_table_people_started_themselves_tells_nobody(
    ann: Any, bob: Any, scat: Any, django_capture_on_commit_callbacks: Any
) -> None:
    table = games.create_table(owner=ann, name="Home", rule_set=scat, seat_count=2)
    games.join_table(table=table, user=bob)
    with django_capture_on_commit_callbacks(execute=True):
        games.start_game(table=table, by=ann)
    assert Notification.objects.count() == 0


def test_a_moved_knockout_player_is_told_they_move(
    club: Any, ann: Any, quick: Any, field: list, django_capture_on_commit_callbacks: Any
) -> None:
    event, deal, move = knockout_until_a_move(
        club, ann, quick, field, django_capture_on_commit_callbacks
    )
    mover = move.entry.user
    moved = Notification.objects.get(kind="moved_table", user=mover)
    games_of_the_deal = set(deal.tables.values_list("game_id", flat=True))
    assert moved.revision in games_of_the_deal
    where = f"table {move.to_table}, seat {move.to_seat + 1}"
    assert moved.text == f"You move to {where} at {event.name}"
    # and a player who stayed is told their next deal is ready, not that they moved
    stayed = Notification.objects.filter(
        kind="game_ready", key=moved.key, revision__in=games_of_the_deal
    ).exclude(user=mover)
    assert stayed.exists()


def test_your_turn_at_a_turn_based_table_once_per_turn(ann: Any, bob: Any, scat: Any) -> None:
    table = games.create_table(owner=ann, name="Slow table", rule_set=scat, seat_count=2)
    games.join_table(table=table, user=bob)
    game = games.start_game(table=table, by=ann)
    for _ in range(2):  # a repeated signal for the same turn
        turn_waiting.send(sender=Game, table_id=table.pk, game_id=game.pk, user_id=bob.pk)
    (told,) = Notification.objects.filter(kind="your_turn")
    assert (told.user_id, told.text, told.key) == (
        bob.pk,
        "Your turn at Slow table",
        f"turn-{game.pk}-{game.seq}",
    )
    assert told.url == table.get_absolute_url()


def test_the_final_standings_tell_each_player_where_they_finished(
    make_event: Any, members: list, ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    event = _started_swiss(make_event, members, ann, rounds=1)
    with django_capture_on_commit_callbacks(execute=True):
        for table in event.round_set.get().tables.select_related("game"):
            play_out(table.game)
        services.sweep()
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    told = _told("final_standings")
    assert set(told) == {m.pk for m in members[:4]}
    for note in told.values():
        assert note.text.startswith(f"{event.name} is over. You finished ")
        assert note.url == event.get_absolute_url()


def test_an_event_announcement_tells_its_players_but_not_its_writer(
    make_event: Any, members: list, ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    event = _started_swiss(make_event, members, ann)
    with django_capture_on_commit_callbacks(execute=True):
        services.announce(event=event, by=ann, text="Pizza in the break")
    told = _told("announcement")
    assert set(told) == {m.pk for m in members[:4]}
    assert told[members[0].pk].text == f"{event.name}: Pizza in the break"


def test_registration_opened_tells_the_members_not_yet_registered(
    make_event: Any, members: list, ann: Any
) -> None:
    event = make_event(starts_at=timezone.now() + timedelta(days=2))
    services.register(event=event, user=members[0])
    registration_opened.send(sender=Event, event=event)
    told = _told("registration_opened")
    assert set(told) == {ann.pk, *(m.pk for m in members[1:])}
    assert told[ann.pk].text.startswith(f"Registration is open: {event.name} at Kitchen Club, ")
    assert told[ann.pk].valid_until == event.starts_at


def test_an_answered_request_to_join_tells_who_asked(
    ann: Any, bob: Any, django_user_model: Any, django_capture_on_commit_callbacks: Any
) -> None:
    club = Club.objects.create(name="Night Owls", slug="owls", join_policy=Club.REQUEST)
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    cy = django_user_model.objects.create_user("cy")
    with django_capture_on_commit_callbacks(execute=True):
        for person in (bob, cy):
            clubs.join(by=person, club=club)
        clubs.accept_request(by=ann, join_request=JoinRequest.objects.get(user=bob))
        clubs.decline_request(by=ann, join_request=JoinRequest.objects.get(user=cy))
    told = _told("join_answered")
    assert told[bob.pk].text == "Night Owls accepted you as a member"
    assert told[cy.pk].text == "Night Owls declined your request to join"
    assert told[bob.pk].url == club.get_absolute_url()


def test_a_table_calling_tells_the_organizers_at_once_and_is_read_once_answered(
    make_event: Any, ann: Any, club: Club, django_capture_on_commit_callbacks: Any
) -> None:
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from notifications import kinds
    from tests.tournaments.test_organizer_calls import players, started
    from tournaments.services import organizer_calls

    twelve = []
    for k in range(1, 13):
        user = get_user_model().objects.create_user(f"c{k}", password="x" * 12)
        Membership.objects.create(club=club, user=user)
        twelve.append(user)
    round_ = started(make_event, twelve, ann)
    table = round_.tables.get(number=2)
    with django_capture_on_commit_callbacks(execute=True):
        call = organizer_calls.call_organizer(
            event=round_.event, table=table, by=players(table)[0], reason="rules"
        )
    told = _told("organizer_called")
    assert set(told) == {ann.pk}  # the club's organizers, not the players
    assert told[ann.pk].text == "Table 2 calls the organizer at Tuesday Swiss: a rules question."
    assert told[ann.pk].url == reverse("tournaments:manage", args=[round_.event_id])
    kind = kinds.get("organizer_called")
    assert kind is not None and kind.urgent and not kind.can_wait
    assert not kind.default("email")  # it would arrive after the call was answered
    with django_capture_on_commit_callbacks(execute=True):
        organizer_calls.answer_call(call_id=call.pk, by=ann, event=round_.event)
    assert Notification.objects.get(kind="organizer_called").read_at is not None
