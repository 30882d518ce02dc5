"""One sample of every notification kind (notifications.kinds), made through its real
source: each sample sets up what the kind tells of, for one reader, and returns that
reader and how to have the source make the notification again (the check makes it once
in each language, the reader's language changed in between). A kind registered without
a sample here fails tests/i18n/test_notifications_in_each_language.py: add one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts.data_export import building
from accounts.models import DataExport
from clubs import services as clubs
from clubs.models import Club, JoinRequest, Membership
from games import services as games
from games.models import Game
from notifications import announcements, sweep, tasks
from notifications.models import Notification
from tests.calls.test_calls import _started_swiss, knockout_until_a_move
from tests.games.playing import play_out
from tournaments import services
from tournaments.models import Event, RoundSeat

# The proper names the samples give people, clubs, events and tables: kept as they are.
NAMES = (
    "Kitchen Club",
    "Night Owls",
    "Tuesday Swiss",
    "Friday knockout",
    "Slow table",
    "Pizza",
    "ann",
    *(f"p{k}" for k in range(1, 8)),
    *(f"k{k}" for k in range(1, 12)),
)


@dataclass
class Made:
    """The reader told, and how to make their notification again through its source."""

    reader: Any
    again: Callable[[], object]


Sample = Callable[[pytest.FixtureRequest], Made]


def _fixtures(request: pytest.FixtureRequest, *names: str) -> list[Any]:
    return [request.getfixturevalue(name) for name in names]


def _registration_opened(request: pytest.FixtureRequest) -> Made:
    make_event, members = _fixtures(request, "make_event", "members")
    event = make_event(starts_at=timezone.now() + timedelta(days=2))
    arguments = {"event_id": event.pk}
    return Made(members[0], lambda: tasks.make("registration_opened", arguments))


def _reminder(request: pytest.FixtureRequest) -> Made:
    """An event starting in ten minutes, its check-in open: the sweep reminds its
    players of both."""
    make_event, members = _fixtures(request, "make_event", "members")
    event = make_event(starts_at=timezone.now() + timedelta(minutes=10), checkin_minutes=30)
    services.register(event=event, user=members[0])
    return Made(members[0], sweep.run)


def _final_standings(request: pytest.FixtureRequest) -> Made:
    make_event, members, ann, capture = _fixtures(
        request, "make_event", "members", "ann", "django_capture_on_commit_callbacks"
    )
    event = _started_swiss(make_event, members, ann, rounds=1)
    with capture(execute=True):
        for table in event.round_set.get().tables.select_related("game"):
            play_out(table.game)
        services.sweep()
    arguments = {"event_id": event.pk}
    return Made(members[0], lambda: tasks.make("event_finished", arguments))


def _event_announcement(request: pytest.FixtureRequest) -> Made:
    make_event, members, ann = _fixtures(request, "make_event", "members", "ann")
    event = _started_swiss(make_event, members, ann)
    said = services.announce(event=event, by=ann, text="Pizza")
    arguments = {"announcement_id": said.pk}
    return Made(members[0], lambda: tasks.make("event_announcement", arguments))


def _club_announcement(request: pytest.FixtureRequest) -> Made:
    club, members, ann = _fixtures(request, "club", "members", "ann")
    said = announcements.announce(club=club, by=ann, text="Pizza")
    arguments = {"announcement_id": said.pk}
    return Made(members[0], lambda: tasks.make("club_announcement", arguments))


def _join_answered(request: pytest.FixtureRequest) -> Made:
    ann, bob = _fixtures(request, "ann", "bob")
    owls = Club.objects.create(name="Night Owls", slug="owls", join_policy=Club.REQUEST)
    Membership.objects.create(club=owls, user=ann, role=Membership.OWNER)
    clubs.join(by=bob, club=owls)
    asked = JoinRequest.objects.get(user=bob)
    clubs.accept_request(by=ann, join_request=asked)
    arguments = {"club_id": owls.pk, "user_id": bob.pk, "request_id": asked.pk, "accepted": True}
    return Made(bob, lambda: tasks.make("join_request_answered", arguments))


def _join_waiting(request: pytest.FixtureRequest) -> Made:
    """bob asks to join a club that takes requests: its owner is told one waits."""
    ann, bob = _fixtures(request, "ann", "bob")
    owls = Club.objects.create(name="Night Owls", slug="owls", join_policy=Club.REQUEST)
    Membership.objects.create(club=owls, user=ann, role=Membership.OWNER)
    clubs.join(by=bob, club=owls)
    asked = JoinRequest.objects.get(user=bob)
    arguments = {"club_id": owls.pk, "user_id": bob.pk, "request_id": asked.pk}
    return Made(ann, lambda: tasks.make("join_requested", arguments))


def _game_ready(request: pytest.FixtureRequest) -> Made:
    make_event, members, ann = _fixtures(request, "make_event", "members", "ann")
    event = _started_swiss(make_event, members, ann)
    return _game_of(members[0], event)


def _game_of(reader: Any, event: Event) -> Made:
    """`reader`'s game at `event` now, as `games.signals.game_started` tells of it."""
    seat = RoundSeat.objects.select_related("table__game").get(
        entry__user=reader, table__round__event=event
    )
    game = seat.table.game
    arguments = {"game_id": game.pk, "table_id": game.table_id, "user_ids": [reader.pk]}
    return Made(reader, lambda: tasks.make("game_started", arguments))


def _moved_table(request: pytest.FixtureRequest) -> Made:
    club, ann, quick, field, capture = _fixtures(
        request, "club", "ann", "quick", "field", "django_capture_on_commit_callbacks"
    )
    event, _round, move = knockout_until_a_move(club, ann, quick, field, capture)
    moved = Notification.objects.get(kind="moved_table", user=move.entry.user)
    game = Game.objects.get(pk=moved.revision)  # a game call's revision is its game
    arguments = {"game_id": game.pk, "table_id": game.table_id, "user_ids": [moved.user_id]}
    return Made(move.entry.user, lambda: tasks.make("game_started", arguments))


def _your_turn(request: pytest.FixtureRequest) -> Made:
    ann, bob, scat = _fixtures(request, "ann", "bob", "scat")
    table = games.create_table(owner=ann, name="Slow table", rule_set=scat, seat_count=2)
    games.join_table(table=table, user=bob)
    game = games.start_game(table=table, by=ann)
    arguments = {"game_id": game.pk, "table_id": table.pk, "user_id": bob.pk, "seq": game.seq}
    return Made(bob, lambda: tasks.make("turn_waiting", arguments))


def _move_alarm(before_deadline: timedelta) -> Callable[[pytest.FixtureRequest], Made]:
    """A turn-based move with `before_deadline` left: the sweep's alarm to its player."""

    def sample(request: pytest.FixtureRequest) -> Made:
        ann, bob, scat = _fixtures(request, "ann", "bob", "scat")
        table = games.create_table(
            owner=ann, name="Slow table", rule_set=scat, seat_count=2, move_hours=24
        )
        games.join_table(table=table, user=bob)
        game = Game.objects.get(pk=games.start_game(table=table, by=ann).pk)
        on_turn = game.players.get(position=game.engine_state().turn).user
        assert game.turn_deadline is not None
        moment = game.turn_deadline - before_deadline
        return Made(on_turn, lambda: sweep.run(now=moment))

    return sample


# Each kind's samples: every source that makes notifications of that kind.
def _missed_check_in(request: pytest.FixtureRequest) -> Made:
    """An event with check-in started before the reader checked in: withdrawn, told."""
    make_event, members, ann = _fixtures(request, "make_event", "members", "ann")
    event = make_event(
        starts_at=timezone.now() + timedelta(minutes=20), checkin_minutes=30, rounds=1
    )
    for user in members[:4]:
        entry = services.register(event=event, user=user)
        if user != members[0]:
            services.check_in_for(event=event, entry=entry, by=ann)
    services.start_event(event=event, by=ann)
    arguments = {"event_id": event.pk}
    return Made(members[0], lambda: tasks.make("check_in_missed", arguments))


def _data_ready(request: pytest.FixtureRequest) -> Made:
    """bob's data download, built and ready (docs/privacy.md#download-my-data)."""
    bob, settings, tmp_path = _fixtures(request, "bob", "settings", "tmp_path")
    settings.DATA_EXPORT_DIR = tmp_path / "data-exports"
    export = DataExport.objects.create(user=bob)
    building.build(export.pk)
    return Made(bob, lambda: tasks.make("data_ready", {"export_id": export.pk}))


def _moderated(action: str, reader: str) -> Callable[[pytest.FixtureRequest], Made]:
    """bob reported ann's profile; staff acted: the reporter told the outcome, the
    reported person the warning or the sanction (docs/fair-play.md#what-people-are-told)."""

    def sample(request: pytest.FixtureRequest) -> Made:
        from fairplay import moderation, reports

        ann, bob, staff = _fixtures(request, "ann", "bob", "staff")
        report = reports.report_profile(reporter=bob, reported_id=ann.pk, reason="abuse")
        done = moderation.act(report_id=report.pk, by=staff, action=action, days=2)
        told = bob if reader == "reporter" else ann
        return Made(told, lambda: tasks.make("moderated", {"action_id": done.pk}))

    return sample


def _rated_paused(request: pytest.FixtureRequest) -> Made:
    """bob banned from rated play for leaving (docs/fair-play.md#leavers)."""
    from fairplay.models import Sanction

    (bob,) = _fixtures(request, "bob")
    now = timezone.now()
    ban = Sanction.objects.create(
        user=bob,
        kind=Sanction.RATED_BAN,
        reason="leaving",
        starts_at=now,
        ends_at=now + timedelta(days=1),
        key="sample-leaver",
    )
    return Made(bob, lambda: tasks.make("rated_paused", {"sanction_id": ban.pk}))


def _organizer_called(request: pytest.FixtureRequest) -> Made:
    """A player at a table of ann's running event calls the organizer: ann is told."""
    from tournaments.services import organizer_calls

    make_event, members, ann = _fixtures(request, "make_event", "members", "ann")
    event = _started_swiss(make_event, members, ann)
    seat = RoundSeat.objects.select_related("table").get(entry__user=members[0])
    call = organizer_calls.call_organizer(
        event=event, table=seat.table, by=members[0], reason="rules"
    )
    return Made(ann, lambda: tasks.make("organizer_called", {"call_id": call.pk}))


SAMPLES: dict[str, tuple[Sample, ...]] = {
    "report_handled": (_moderated("warn", "reporter"),),
    "moderated": (_moderated("warn", "reported"), _moderated("mute", "reported")),
    "rated_paused": (_rated_paused,),
    "registration_opened": (_registration_opened,),
    "starts_soon": (_reminder,),
    "checkin_opened": (_reminder,),
    "final_standings": (_final_standings,),
    "announcement": (_event_announcement, _club_announcement),
    "join_answered": (_join_answered,),
    "join_waiting": (_join_waiting,),
    "organizer_called": (_organizer_called,),
    "game_ready": (_game_ready,),
    "moved_table": (_moved_table,),
    "your_turn": (_your_turn,),
    "move_quarter_left": (_move_alarm(timedelta(hours=5)),),
    "move_hour_left": (_move_alarm(timedelta(minutes=30)),),
    "missed_check_in": (_missed_check_in,),
    "data_ready": (_data_ready,),
}
