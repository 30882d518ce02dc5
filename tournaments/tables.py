"""An event's `games.Table`s, opened alike whatever the format: hosted by no one,
started only by the system (a tournament deals its games), playing the rules the
event froze, with the event's turn timer (or hours a move: a turn-based event). Seats
come from the round's `RoundSeat`s, or as a format gives them (`games.services.SeatSpec`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from accounts.language import speaking_to
from games import services as games
from games.engine import Rules
from games.models import Game, GamePlayer, Home, Table
from games.services import SeatSpec, TableSpec
from tournaments.models import Entry, Event, Round, RoundSeat


def table_name(
    event: Event, number: int, *, round_number: int | None = None, final: bool = False
) -> str:
    """What an event's table is called after the event's name: "round 2, table 3",
    "round 4, final table", or a balanced knockout's kept "table 3". Stored once with
    the table and read by everyone, so in one language: the event's organizer's (the
    club's, most likely; English when there is none)."""
    with speaking_to(event.created_by):
        if round_number is None:
            return _("table %(table)s") % {"table": number}
        if final:
            return _("round %(round)s, final table") % {"round": round_number}
        return _("round %(round)s, table %(table)s") % {"round": round_number, "table": number}


def open_event_table(
    event: Event, name: str, seats: list[SeatSpec], seat_count: int, *, is_public: bool = True
) -> Table:
    """A new table of `event` called "<event> · <name>", with `seats` taken."""
    table = games.open_table(
        name=f"{event.name} · {name}",
        rule_set=event.rule_set,
        rules=Rules.from_dict(event.rules),
        seats=seats,
        owner=None,
        starters=Table.STARTED_BY_SYSTEM,
        seat_count=seat_count,
        turn_timer=event.turn_timer,
        move_hours=event.move_hours,
        is_public=is_public,
        home=event_home(event),
        first_turn_grace=event.first_turn_grace,
    )
    return _with_event_vacation(event, [table])[0]


def _with_event_vacation(event: Event, tables: list[Table]) -> list[Table]:
    """The event's vacation days on its tables (docs/tables.md#vacation), not a casual
    table's: one UPDATE."""
    if tables and tables[0].vacation_days != event.vacation_days:
        Table.objects.filter(pk__in=[t.pk for t in tables]).update(
            vacation_days=event.vacation_days
        )
        for table in tables:
            table.vacation_days = event.vacation_days
    return tables


def open_event_tables(
    event: Event, tables: list[tuple[str, list[SeatSpec], int]], *, is_public: bool = True
) -> list[Table]:
    """New tables of `event`, each (name, seats taken, seat count) as `open_event_table`
    opens one, all in three queries (a round's tables)."""
    opened = games.open_tables(
        rule_set=event.rule_set,
        rules=Rules.from_dict(event.rules),
        tables=[
            TableSpec(name=f"{event.name} · {name}", seats=seats, seat_count=count)
            for name, seats, count in tables
        ],
        starters=Table.STARTED_BY_SYSTEM,
        turn_timer=event.turn_timer,
        move_hours=event.move_hours,
        is_public=is_public,
        home=event_home(event),
        first_turn_grace=event.first_turn_grace,
    )
    return _with_event_vacation(event, opened)


def start_event_game(round_: Round, table: Table, **options: Any) -> Game:
    """The one place an event's game starts, whatever the format (a Swiss or top-q
    round's game, a knockout's deal, a duplicate board): `games.start_game` with
    `options`, started by the system; then a bot stands in from the first move for each
    player the organizer said would not come this round (`Entry.stand_in_round`,
    `tournaments.services.stand_in`), so every game of their round is played for them
    until they come back or get their seat back. Their seat of the round is marked
    `stood_in`: the round scores for them by the event's `stand_in_scoring`
    (docs/tournaments.md#stand-ins)."""
    game = games.start_game(table=table, by=None, **options)
    away = Entry.objects.filter(
        event_id=round_.event_id, status=Entry.REGISTERED, stand_in_round=round_.number
    ).values("user_id")
    # One query (most games have no stand-in): the game's players among them.
    stood_in = [
        player.user_id
        for player in GamePlayer.objects.filter(game=game, user_id__in=away).select_related("user")
        if games.stand_in(game_id=game.pk, user=player.user, on=True)
    ]
    if stood_in:
        RoundSeat.objects.filter(table__round=round_, entry__user_id__in=stood_in).update(
            stood_in=True
        )
    return game


def event_home(event: Event) -> Home:
    """A table's way back to its event's page: players came from there, not the lobby."""
    return Home(event.get_absolute_url(), event.name)


def round_seat_specs(seats: Iterable[RoundSeat]) -> list[SeatSpec]:
    """A round table's seats as the table takes them: each entry's player, or a bot."""
    return [
        SeatSpec(
            position=s.position,
            user=s.entry.user if s.entry else None,
            bot_level=s.bot_level,
        )
        for s in seats
    ]
