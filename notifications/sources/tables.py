"""Notifications from the tables: your game is ready at an event's table (a round, a deal
or a board dealt to you), you move to another table (at a format that keeps its tables),
your turn at a turn-based table. Sources of `games.signals.game_started` and
`turn_waiting` (notifications.receivers); the words of an event's table come from
`tournaments.room.seat_calls.seating`, as the calls bar's do
(docs/club-night.md#calls-led-to-your-seat,
docs/notifications.md#kinds-channels-and-sources)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.language import speaking_to
from games.models import Game, GamePlayer, Table
from notifications import kinds, services
from notifications.services import Draft
from notifications.sources import source
from notifications.speaking import in_their_languages
from tournaments.room import seat_calls

GAME_READY, MOVED, YOUR_TURN = "game_ready", "moved_table", "your_turn"


def _not_at_the_table_yet(notifications: list[Any]) -> set[int]:
    """Those whose game (the row's revision) is still in play and whose player has not
    opened its table."""
    by_game = {(n.revision, n.user_id): n.pk for n in notifications}
    waiting = GamePlayer.objects.filter(
        game_id__in={game for game, _ in by_game},
        user_id__in={user for _, user in by_game},
        arrived_at__isnull=True,
        game__status=Game.PLAYING,
    ).values_list("game_id", "user_id")
    return {by_game[pair] for pair in waiting if pair in by_game}


def turn_still_waits(notifications: list[Any]) -> set[int]:
    """Those whose game is still in play at the seq the turn came at."""
    wanted = {}
    for n in notifications:
        _prefix, game_id, seq = n.key.split("-")
        wanted[n.pk] = (int(game_id), int(seq))
    now = dict(
        Game.objects.filter(
            pk__in={game for game, _ in wanted.values()}, status=Game.PLAYING
        ).values_list("pk", "seq")
    )
    return {pk for pk, (game, seq) in wanted.items() if now.get(game) == seq}


def _game_dealt(notification: Any) -> int | None:
    return int(notification.revision) or None  # the game's id is the row's revision


def game_of_turn(notification: Any) -> int | None:
    return int(notification.key.split("-")[1])  # "turn-<game>-<seq>"


kinds.register(
    kinds.Kind(
        GAME_READY,
        gettext_lazy("Your game is ready"),
        gettext_lazy("An event dealt you a round, a deal or a board: your table and seat."),
        {"site": True, "email": False, "browser": True, "push": True},
        still_news=_not_at_the_table_yet,
        order=40,
        urgent=True,
        can_wait=False,
        game_of=_game_dealt,
    )
)
kinds.register(
    kinds.Kind(
        MOVED,
        gettext_lazy("You move to another table"),
        gettext_lazy("A knockout balanced its tables and moved you."),
        {"site": True, "email": False, "browser": True, "push": True},
        still_news=_not_at_the_table_yet,
        order=50,
        urgent=True,
        can_wait=False,
        game_of=_game_dealt,
    )
)
kinds.register(
    kinds.Kind(
        YOUR_TURN,
        gettext_lazy("Your turn"),
        gettext_lazy("At a turn-based table, the turn is yours."),
        {"site": True, "email": True, "browser": True, "push": True},
        still_news=turn_still_waits,
        order=60,
        urgent=True,
        game_of=game_of_turn,
    )
)


@source("game_started")
def game_started(*, game_id: int, table_id: int, user_ids: list[int]) -> list[Draft]:
    """A game dealt at an event's table: each person seated is told where (a table no
    event opened tells nobody: its players started it themselves), but not one who sits
    at that table already (`seat_calls.already_sitting`: they see the deal). Each person
    has one row per event and kind, updated game after game (the game's id its
    revision), not a row a deal."""
    if not Table.objects.filter(pk=table_id, starters=Table.STARTED_BY_SYSTEM).exists():
        return []
    sitting = seat_calls.already_sitting(game_id, table_id, user_ids)
    drafts = []
    for user in get_user_model().objects.filter(pk__in=set(user_ids) - sitting):
        # Where they sit is the tournament's words: worded in their language too.
        with speaking_to(user):
            seated = seat_calls.seating(user, game_id, table_id)
            if seated is None:
                continue
            where = {"event": seated.event.name, "where": seated.where}
            if seated.moved:
                text = _("You move to %(where)s at %(event)s") % where
            else:
                text = _("Your game is ready at %(event)s: %(where)s") % where
        drafts.append(
            Draft(
                kind=MOVED if seated.moved else GAME_READY,
                user_id=user.pk,
                key=f"event-{seated.event.pk}",
                text=text,
                url=seated.url,
                revision=game_id,
            )
        )
    return drafts


def arrived(*, game_id: int, user_id: int) -> None:
    """The person opened the table of game `game_id`: its call is read (and the count
    recounted)."""
    services.seen([user_id], [GAME_READY, MOVED], revision=game_id)


@source("turn_waiting")
def turn_waiting(*, game_id: int, table_id: int, user_id: int, seq: int) -> list[Draft]:
    table = Table.objects.filter(pk=table_id).first()
    if table is None:
        return []
    # News until the move's deadline: no mail or push after it, nor a push kept longer.
    deadline = Game.objects.filter(pk=game_id).values_list("turn_deadline", flat=True).first()
    return [
        Draft(
            kind=YOUR_TURN,
            user_id=user_id,
            key=f"turn-{game_id}-{seq}",
            text=in_their_languages(
                [user_id], lambda: _("Your turn at %(table)s") % {"table": table.title}
            )[user_id],
            url=table.get_absolute_url(),
            valid_until=deadline,
        )
    ]
