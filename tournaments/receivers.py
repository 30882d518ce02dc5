"""What tournaments do when `games` announces something (games never imports this)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from games import notify
from games import services as games_services
from tournaments import formats, services
from tournaments.models import CalendarFeed, Event

TABLE_FINISHED = "tournaments.tasks.table_finished"


def game_finished(sender: Any, *, game_id: int, **results: Any) -> None:
    """A game is over (after its commit): if it was a tournament table's, record it and
    move the event on, in a Celery task (the receiver runs in whichever process made the
    last move; the task is idempotent, so a repeated delivery changes nothing)."""
    if formats.event_of_game(game_id) is not None:  # wherever its format keeps its games
        notify.enqueue(TABLE_FINISHED, game_id)


def player_back(sender: Any, *, game_id: int, user_id: int | None, reason: str, **_: Any) -> None:
    """A player a bot stood in for at the organizer's word (away reason "event") said
    "I'm back" (after its commit): their stand-in for the round ends, so the next board
    or deal the format starts is theirs (`services.stand_in_ended`)."""
    if reason == games_services.STAND_IN and user_id is not None:
        services.stand_in_ended(game_id=game_id, user_id=user_id)


def account_erased(sender: Any, *, user: Any, **_: Any) -> None:
    """A member's deletion took effect (accounts.signals, in its transaction): their
    calendar feed goes, and every event they played in or made is drawn again, so no
    cached page keeps their old name (docs/privacy.md#deleting-an-account)."""
    CalendarFeed.objects.filter(user=user).delete()
    for event in Event.objects.filter(Q(entries__user=user) | Q(created_by=user)).distinct():
        services.changed(event)
