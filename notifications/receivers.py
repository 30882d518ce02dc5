"""What the other apps announce that someone should hear of
(docs/notifications.md#where-they-come-from): each receiver hands plain ids to a worker
(`tasks.make_later`), which asks the source of the same name (`notifications.sources`)
whom to tell and in what words. A player opening their table marks its call read at once
instead (one UPDATE: their next page counts right). The signals are sent after their
commits; none of those apps imports this one."""

from __future__ import annotations

import re
from typing import Any

from django.contrib.auth.signals import user_logged_out
from django.db.models import Q
from django.utils import translation

from accounts.language import language_of
from accounts.signals import account_erased, data_export_ready
from clubs.signals import join_request_answered, join_requested
from fairplay.signals import moderated, rated_paused
from games.models import Game
from games.signals import game_started, player_arrived, turn_waiting
from notifications.models import Notification, Preference, PushSubscription, QuietHours
from notifications.sources import tables
from notifications.tasks import make_later
from tournaments.signals import (
    announced,
    check_in_missed,
    event_finished,
    organizer_call_answered,
    organizer_called,
    registration_opened,
)


def connect() -> None:
    game_started.connect(_game_started, dispatch_uid="notifications.game_started")
    turn_waiting.connect(_turn_waiting, dispatch_uid="notifications.turn_waiting")
    player_arrived.connect(_player_arrived, dispatch_uid="notifications.player_arrived")
    registration_opened.connect(_registration, dispatch_uid="notifications.registration")
    event_finished.connect(_event_finished, dispatch_uid="notifications.event_finished")
    announced.connect(_announced, dispatch_uid="notifications.announced")
    organizer_called.connect(_organizer_called, dispatch_uid="notifications.organizer_called")
    organizer_call_answered.connect(
        _organizer_call_answered, dispatch_uid="notifications.organizer_call_answered"
    )
    check_in_missed.connect(_check_in_missed, dispatch_uid="notifications.check_in_missed")
    join_requested.connect(_join_requested, dispatch_uid="notifications.join_requested")
    join_request_answered.connect(_join_answered, dispatch_uid="notifications.join_answered")
    account_erased.connect(_account_erased, dispatch_uid="notifications.erased")
    data_export_ready.connect(_data_ready, dispatch_uid="notifications.data_ready")
    user_logged_out.connect(_logged_out, dispatch_uid="notifications.logged_out")
    moderated.connect(_moderated, dispatch_uid="notifications.moderated")
    rated_paused.connect(_rated_paused, dispatch_uid="notifications.rated_paused")


def _moderated(sender: Any, *, action_id: int, **_: Any) -> None:
    make_later("moderated", action_id=action_id)


def _rated_paused(sender: Any, *, sanction_id: int, **_: Any) -> None:
    make_later("rated_paused", sanction_id=sanction_id)


def _game_started(
    sender: Any, *, game_id: int, table_id: int, user_ids: tuple[int, ...] = (), **_: Any
) -> None:
    make_later("game_started", game_id=game_id, table_id=table_id, user_ids=list(user_ids))


def _player_arrived(sender: Any, *, game_id: int, user_id: int, **_: Any) -> None:
    tables.arrived(game_id=game_id, user_id=user_id)


def _turn_waiting(
    sender: Any, *, game_id: int, table_id: int, user_id: int, seq: int | None = None, **_: Any
) -> None:
    if seq is None:  # the turn is the one the game is at now, right after its commit
        seq = Game.objects.filter(pk=game_id).values_list("seq", flat=True).first()
        if seq is None:
            return
    make_later("turn_waiting", game_id=game_id, table_id=table_id, user_id=user_id, seq=seq)


def _registration(sender: Any, *, event: Any, **_: Any) -> None:
    make_later("registration_opened", event_id=event.pk)


def _event_finished(sender: Any, *, event_id: int, **_: Any) -> None:
    make_later("event_finished", event_id=event_id)


def _announced(sender: Any, *, announcement_id: int, **_: Any) -> None:
    make_later("event_announcement", announcement_id=announcement_id)


def _organizer_called(sender: Any, *, call_id: int, **_: Any) -> None:
    make_later("organizer_called", call_id=call_id)


def _organizer_call_answered(sender: Any, *, call_id: int, **_: Any) -> None:
    make_later("organizer_call_answered", call_id=call_id)


def _check_in_missed(sender: Any, *, event_id: int, **_: Any) -> None:
    make_later("check_in_missed", event_id=event_id)


def _join_requested(sender: Any, *, club_id: int, user_id: int, request_id: int, **_: Any) -> None:
    make_later("join_requested", club_id=club_id, user_id=user_id, request_id=request_id)


def _join_answered(
    sender: Any, *, club_id: int, user_id: int, request_id: int, accepted: bool, **_: Any
) -> None:
    make_later(
        "join_request_answered",
        club_id=club_id,
        user_id=user_id,
        request_id=request_id,
        accepted=accepted,
    )


def _logged_out(sender: Any, request: Any = None, **_: Any) -> None:
    """Logging out of a browser stops its pushes: they would show a person's news on a
    device they left (docs/notifications.md#web-push)."""
    session = getattr(request, "session", None)
    if session is not None and session.session_key:
        PushSubscription.objects.filter(session_key=session.session_key).delete()


def _account_erased(sender: Any, *, user: Any, old_username: str, **_: Any) -> None:
    """A member's deletion took effect (accounts.signals, in its transaction): their own
    notifications and choices go, and the others' that name them name them as the site
    now does, in each reader's language (docs/privacy.md#deleting-an-account)."""
    Notification.objects.filter(user=user).delete()
    Preference.objects.filter(user=user).delete()
    PushSubscription.objects.filter(user=user).delete()
    QuietHours.objects.filter(user=user).delete()
    named = re.compile(rf"(?<![\w.-]){re.escape(old_username)}(?![\w-])")
    mentions = Notification.objects.filter(
        Q(text__contains=old_username) | Q(body__contains=old_username)
    )
    for row in mentions.select_related("user"):
        with translation.override(language_of(row.user)):
            shown = user.get_username()
        row.text = named.sub(shown, row.text)
        row.body = named.sub(shown, row.body)
        row.save(update_fields=["text", "body"])


def _data_ready(sender: Any, *, export_id: int, **_: Any) -> None:
    make_later("data_ready", export_id=export_id)
