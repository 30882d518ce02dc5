"""Reading a person's turn-based games (docs/tables.md#games-waiting-for-your-move):
they play many at once, over days, so every page's header says how many wait for their
move (one query, only when the header is drawn) and a page lists them, those waiting for
them first.

A game waits for a person when it is in play at a turn-based table and the seat on turn
is theirs and played by them (not away: then a bot plays it)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from django.db.models import Exists, IntegerField, OuterRef, QuerySet
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Cast
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, GamePlayer, Seat, Table
from games.rendering import time_left_words
from games.wording.names import shown_name


def _seat_on_turn() -> Cast:
    # The snapshot's seat on turn (`Game.state["turn"]`), as a number to compare seats with.
    return Cast(KeyTextTransform("turn", "game__state"), IntegerField())


def _playing(user: Any) -> QuerySet[GamePlayer]:
    """`user`'s seats in the turn-based games being played."""
    return GamePlayer.objects.filter(
        user_id=user.pk, game__status=Game.PLAYING, game__table__move_hours__gt=0
    )


def waiting_count(user: Any) -> int:
    """How many turn-based games wait for `user`'s move: one query."""
    if user is None or not user.is_authenticated:
        return 0
    return _playing(user).played_by_person().filter(position=_seat_on_turn()).count()


class Waiting:
    """The header's count, read once per page and only if the page shows it."""

    def __init__(self, user: Any) -> None:
        self.user = user

    @cached_property
    def count(self) -> int:
        return waiting_count(self.user)


def context(request: HttpRequest) -> dict[str, Any]:
    """The context processor: `turns.count`, the games waiting for the person's move."""
    return {"turns": Waiting(request.user)}


@dataclass(frozen=True)
class Row:
    """One of a person's turn-based games, as their list shows it."""

    table: Table
    game_id: int
    mine: bool  # waiting for their move
    on_turn: str  # whose move it is: "Your move", "Bob's move"
    deadline: datetime | None
    time_left: str  # "23 h 5 min", "" without a deadline
    away: bool  # a bot plays their turns


@dataclass(frozen=True)
class Listing:
    """A person's turn-based games being played, those waiting for them first, soonest
    deadline first; and their turn-based tables with no game in play."""

    games: list[Row]
    tables: list[Table]

    @property
    def waiting(self) -> int:
        return sum(row.mine for row in self.games)


def listing(user: Any) -> Listing:
    """`user`'s turn-based games and tables: two queries."""
    now = timezone.now()
    rows = []
    for player in _playing(user).select_related("game__table"):
        game = player.game
        turn = game.state.get("turn")
        mine = turn == player.position and not player.away
        names = [shown_name(name) for name in game.state.get("names", [])]
        if turn is None:
            on_turn = ""
        elif turn == player.position:
            on_turn = _("Your move") if mine else _("Your move (a bot plays it)")
        else:
            on_turn = _("%(name)s's move") % {"name": names[turn]} if turn < len(names) else ""
        deadline = game.turn_deadline
        seconds = int((deadline - now).total_seconds()) if deadline else None
        rows.append(
            Row(
                table=game.table,
                game_id=game.pk,
                mine=mine,
                on_turn=on_turn,
                deadline=deadline,
                time_left=time_left_words(max(0, seconds)) if seconds is not None else "",
                away=player.away,
            )
        )
    far = datetime.max.replace(tzinfo=now.tzinfo)
    rows.sort(key=lambda row: (not row.mine, row.deadline or far, row.game_id))
    playing = Game.objects.in_play().filter(table=OuterRef("pk"))
    tables = list(
        Table.objects.filter(
            move_hours__gt=0,
            closed_at__isnull=True,
            pk__in=Seat.objects.filter(user_id=user.pk).values("table"),
        )
        .exclude(Exists(playing))
        .order_by("-last_activity", "-pk")
    )
    return Listing(rows, tables)
