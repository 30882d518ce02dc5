"""Whether a game's event is still running, for games' review rule
(`games.running_events`, registered in tournaments.apps; docs/bots.md#who-sees-a-review):
a game belongs to an event through its round table (the table it was played at, or
the game itself), and the event runs until it is finished or cancelled."""

from __future__ import annotations

from django.db.models import Q

from games.models import Game
from tournaments.models import Event, RoundTable


def event_running(game: Game) -> bool:
    """Whether `game` was played at a table of an event not yet finished or cancelled."""
    return (
        RoundTable.objects.filter(Q(table_id=game.table_id) | Q(game_id=game.pk))
        .exclude(round__event__status__in=(Event.FINISHED, Event.CANCELLED))
        .exists()
    )
