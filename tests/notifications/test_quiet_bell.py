"""A quiet bell (docs/notifications.md#updated-not-repeated): an event's game calls are
one row per event, person and kind, updated deal after deal; a player already at the
table is not called to its next deal; opening the table reads its call; what is no
longer news is not counted; and organizers hear of requests to join waiting, in one row
per club."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs import services as clubs
from clubs.models import JoinRequest, Membership
from games import services as games
from games.models import GamePlayer
from notifications import services
from notifications.models import Notification
from notifications.services import Draft
from tests.games.playing import play_out
from tests.notifications.conftest import verified
from tests.notifications.knockout_night import play_the_night
from tests.tournaments.test_knockout import knockout, play_deal
from tournaments import services as tournaments
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def _bell(user: Any) -> int:
    user.refresh_from_db()
    return user.unread_notifications


def _unread(user: Any) -> int:
    return services.shown_to(user.pk).filter(read_at__isnull=True).count()


# ---- the one writer: a row per subject, updated by a later version ---------------------


def _call(user: Any, game: int, text: str = "") -> Draft:
    return Draft(
        "announcement", user.pk, "event-1", text or f"Game {game}", f"/g/{game}/", revision=game
    )


def test_a_later_version_updates_the_one_row_unread_again_and_the_same_one_twice_nothing(
    members: list,
) -> None:
    him = members[0]
    (first,) = services.notify([_call(him, 10)], now=timezone.now() - timedelta(minutes=5))
    services.mark_all_read(him.pk)
    assert services.notify([_call(him, 10)]) == [], "a task run twice makes nothing"
    (updated,) = services.notify([_call(him, 11)])
    row = Notification.objects.get()
    assert updated.pk == first.pk == row.pk
    assert (row.text, row.url, row.revision) == ("Game 11", "/g/11/", 11)
    assert row.read_at is None and row.created_at > first.created_at  # news again, on top
    assert _bell(him) == 1
    # twice, or a late task of an earlier game: nothing changes, nothing is delivered
    assert services.notify([_call(him, 11, "again")]) == []
    assert services.notify([_call(him, 10, "late")]) == []
    assert Notification.objects.get().text == "Game 11"


def test_two_versions_in_one_call_keep_the_later(members: list) -> None:
    made = services.notify([_call(members[0], 12), _call(members[0], 11)])
    assert [n.revision for n in made] == [12]


def test_an_update_while_unread_sends_no_second_mail_but_one_after_it_was_read(
    members: list,
) -> None:
    him = members[0]
    verified(him)
    services.notify([_call(him, 1, "1 person asks")])
    assert [m.subject for m in mail.outbox] and len(mail.outbox) == 1
    services.notify([_call(him, 2, "2 people ask")])  # not read yet: the same news, grown
    row = Notification.objects.get()
    assert row.text == "2 people ask" and row.email_state == Notification.SENT
    assert len(mail.outbox) == 1
    services.mark_all_read(him.pk)
    services.notify([_call(him, 3, "3 people ask")])  # read since: new news
    assert len(mail.outbox) == 2 and "3 people ask" in mail.outbox[1].body


# ---- a knockout: calls to the table, opening it ----------------------------------------


def _knockout(club: Any, ann: Any, quick: Any, field: list, capture: Any) -> Event:
    def make(**options: Any) -> Event:
        starts = timezone.now() + timedelta(hours=1)
        return tournaments.create_event(
            club=club, by=ann, starts_at=starts, turn_timer=0, **options
        )

    event = knockout(make, quick, field[:8], size=4)
    with capture(execute=True):
        tournaments.start_event(event=event, by=ann)
    return event


def _seats(event: Event, number: int) -> dict[int, GamePlayer]:
    return {
        p.user_id: p
        for p in GamePlayer.objects.filter(
            game__event_table__round__event=event, game__event_table__round__number=number
        ).select_related("user", "game")
    }


def test_opening_the_table_reads_its_call_and_a_player_at_it_is_not_called_to_the_next_deal(
    club: Any, ann: Any, quick: Any, field: list, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    event = _knockout(club, ann, quick, field, capture)
    first = _seats(event, 1)
    sitter, away = first[field[0].pk], first[field[1].pk]
    assert _bell(sitter.user) == 1 and _bell(away.user) == 1
    with capture(execute=True):
        games.arrive(game_id=sitter.game_id, user=sitter.user)
    assert _bell(sitter.user) == 0 and _unread(sitter.user) == 0
    assert _bell(away.user) == 1, "only the player who opened it"

    play_deal(event.round_set.get(number=1), capture)
    event.refresh_from_db()
    assert event.status == Event.RUNNING
    second = _seats(event, 2)
    for user_id, seat in second.items():
        calls = ["game_ready", "moved_table"]
        theirs = Notification.objects.filter(user_id=user_id, kind__in=calls)
        assert theirs.filter(key=f"event-{event.pk}").count() == theirs.count()
        called = theirs.filter(revision=seat.game_id)
        was_sitting = user_id == sitter.user_id and seat.game.table_id == sitter.game.table_id
        # The one who sat at this table is not called to its next deal; everyone else is.
        assert called.exists() != was_sitting, seat.user
        if called.exists():
            assert called.get().read_at is None
    assert Notification.objects.filter(user=away.user, kind="game_ready").count() == 1


def test_the_list_shows_a_call_to_a_game_over_as_read_and_the_header_agrees(
    club: Any, ann: Any, quick: Any, field: list, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    event = _knockout(club, ann, quick, field, capture)
    seat = _seats(event, 1)[field[1].pk]
    play_out(seat.game)  # over, its result not yet recorded: no new notification
    assert _bell(seat.user) == 1, "counted until anything recounts"
    client = Client()
    client.force_login(seat.user)
    page = client.get(reverse("notifications:list")).content.decode()
    assert "Your game is ready" in page and "notify-item--new" not in page
    assert "Nothing unread." in page
    assert '<span class="notify-badge">' not in page  # the header of this very page
    assert _bell(seat.user) == 0


# ---- organizers hear of requests to join ---------------------------------------------


def _ask(club: Any, users: list, capture: Any) -> None:
    with capture(execute=True):
        for user in users:
            clubs.join(by=user, club=club)


def test_organizers_get_one_notification_per_club_with_the_count_until_all_are_answered(
    club: Any, ann: Any, django_user_model: Any, django_capture_on_commit_callbacks: Any
) -> None:
    capture = django_capture_on_commit_callbacks
    club.join_policy = club.REQUEST
    club.save()
    organizer = django_user_model.objects.create_user("org", password="x" * 12)
    Membership.objects.create(club=club, user=organizer, role=Membership.ORGANIZER)
    member = django_user_model.objects.create_user("plain", password="x" * 12)
    Membership.objects.create(club=club, user=member)
    verified(ann)
    askers = [django_user_model.objects.create_user(f"a{k}", password="x" * 12) for k in range(4)]
    _ask(club, askers[:3], capture)
    for person in (ann, organizer):
        (row,) = Notification.objects.filter(user=person, kind="join_waiting")
        assert row.text == "3 people ask to join Kitchen Club" and row.read_at is None
        assert row.url == club.get_absolute_url() + "#requests-heading"
        assert _bell(person) == 1
    assert not Notification.objects.filter(user=member).exists()
    assert [m.to for m in mail.outbox] == [["ann@example.com"]], "one mail, not one a request"
    # all answered: no longer news, read and not counted
    with capture(execute=True):
        for join_request in JoinRequest.objects.filter(club=club):
            clubs.decline_request(by=ann, join_request=join_request)
    assert _bell(ann) == 0 and _bell(organizer) == 0
    # someone asks again: the same row, news again, and this time a new mail
    _ask(club, askers[3:], capture)
    row = Notification.objects.get(user=ann, kind="join_waiting")
    assert row.text == "1 person asks to join Kitchen Club" and _bell(ann) == 1
    assert len(mail.outbox) == 2


# ---- the measure: the bell after a whole knockout night --------------------------------


def test_after_a_knockout_night_the_bell_shows_one_unread_not_one_per_deal(
    club: Any,
    ann: Any,
    field: list,
    presets: None,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    night = play_the_night(club, ann, field, monkeypatch, django_capture_on_commit_callbacks)
    assert night.deals >= 12
    longest = max(night.dealt.values())
    for person in field:
        bell, listed = _bell(person), _unread(person)
        # Before (one row a deal, none read by opening the table), the bell showed one
        # per deal dealt to them and the final standings: this night, run on the code
        # before, 16 for a player dealt all 15 deals, sitting at the table or not.
        print(
            f"{person.username}: {night.dealt[person.pk]} deals; bell before "
            f"{night.dealt[person.pk] + 1}, now {bell} (highest during the night "
            f"{night.most_unread[person.pk]})"
        )
        assert bell == listed == 1  # their final standings
        assert Notification.objects.get(user=person, read_at__isnull=True).kind == (
            "final_standings"
        )
        # one row per kind for the event, never more, and the bell never flooded
        kinds = list(Notification.objects.filter(user=person).values_list("kind", flat=True))
        assert len(kinds) == len(set(kinds)) <= 3
        assert night.most_unread[person.pk] <= 2
    print(f"the knockout took {night.deals} deals; the longest player was dealt {longest}")


def test_a_passed_moment_and_a_registration_since_entered_are_not_counted(
    make_event: Any, members: list, django_capture_on_commit_callbacks: Any
) -> None:
    him = members[0]
    event = make_event(name="Thursday Swiss")
    Event.objects.filter(pk=event.pk).update(registration_open=True)
    now = timezone.now()
    services.notify(
        [
            Draft("registration_opened", him.pk, f"registration-{event.pk}", "Registration"),
            Draft("starts_soon", him.pk, "soon-1", "Soon", valid_until=now + timedelta(hours=1)),
        ],
        now=now,
    )
    assert _bell(him) == 2
    tournaments.register(event=event, user=him)
    services.notify([Draft("announcement", him.pk, "a-1", "News")])  # anything recounts
    assert _bell(him) == 2, "registered since: read; the announcement is new"
    Notification.objects.filter(key="soon-1").update(valid_until=timezone.now())
    client = Client()
    client.force_login(him)
    page = client.get(reverse("notifications:list")).content.decode()
    assert page.count("notify-item--new") == 1 and _bell(him) == 1


def test_a_game_call_made_before_revisions_tells_of_its_game(members: list) -> None:
    from importlib import import_module

    from django.apps import apps

    old = Notification.objects.create(user=members[0], kind="game_ready", key="game-812", text="x")
    other = Notification.objects.create(user=members[0], kind="announcement", key="game-9")
    import_module("notifications.migrations.0002_revision").games_as_revisions(apps, None)
    old.refresh_from_db()
    other.refresh_from_db()
    assert (old.revision, other.revision) == (812, 0)
