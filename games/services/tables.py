"""Tables and their seats (docs/persistence.md#the-service-modules): opening one table
(the lobby's, or another app's with any seating) or several at once (a tournament
round's), joining, adding a bot, leaving a seat, and the system reseating a table it
starts. Every change of seats happens between games."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import absence, access, engine, gates
from games.engine.bots import SEATED_LEVELS
from games.errors import ServiceError
from games.models import Home, RuleSet, Seat, Table
from games.services import vacation
from games.services.table_checks import in_play, locked_table, mark_active, require_open
from games.wording import refusal

# The engine's levels (SEATED_LEVELS), named in one sentence to translate whole: a new
# level needs a new sentence.
CHOOSE_A_LEVEL = gettext_lazy("Choose a bot level: easy, medium or hard.")


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at `position` when a table opens: a user, or a bot of `bot_level`."""

    position: int
    user: Any = None
    bot_level: str = ""


def create_table(
    *,
    owner: Any,
    name: str,
    rule_set: RuleSet | None,
    changes: dict[str, Any] | None = None,
    seat_count: int = 4,
    is_public: bool = True,
    turn_timer: int = absence.DEFAULT_TURN_TIMER,
    move_hours: int = 0,
    rated: bool = False,
) -> Table:
    """The lobby's: a new table hosted by `owner`, who sits in the first seat and alone
    starts its games (`open_table`); `rated`: its games count for ratings."""
    return open_table(
        owner=owner,
        name=name,
        rule_set=rule_set,
        changes=changes,
        seat_count=seat_count,
        is_public=is_public,
        turn_timer=turn_timer,
        move_hours=move_hours,
        seats=[SeatSpec(0, user=owner)],
        starters=Table.STARTED_BY_OWNER,
        rated=rated,
    )


def open_table(
    *,
    name: str,
    rule_set: RuleSet | None,
    seats: list[SeatSpec],
    owner: Any = None,
    starters: str = Table.STARTED_BY_OWNER,
    changes: dict[str, Any] | None = None,
    seat_count: int = 4,
    is_public: bool = True,
    turn_timer: int = absence.DEFAULT_TURN_TIMER,
    move_hours: int = 0,
    rules: engine.Rules | None = None,
    rated: bool = False,
    home: Home | None = None,
    first_turn_grace: int = 0,
) -> Table:
    """A new table playing `rule_set` (one that is offered) with `changes` on top, or
    exactly `rules` when given (a tournament's, frozen from `rule_set` when it was made:
    whether the rule set is still offered, or has changed, no longer matters), with
    `seats` taken (users and bots, at any positions), hosted by `owner` (None: no one
    hosts it, as a tournament's tables) and started by `starters` (`Table.STARTERS`: the
    host, any seated player, or only the system, `start_game(by=None)`). A host must have
    a seat. The table keeps a copy of the rules, and the rule set's name and preset:
    editing the rule set later changes no table made with it. `rated`: its games count for
    the players' ratings (docs/ratings.md#which-games-count). `home`: where the table's
    page leads back to (None: the lobby), for a table opened by another app's page.
    `first_turn_grace`: seconds a person who has not opened the table yet has before their
    turn's timer starts (`games.services.arrival`). `move_hours`: a turn-based table's
    hours a move (docs/tables.md#hours-a-move), which replace the `turn_timer`."""
    if rule_set is None:
        raise ServiceError(_("Choose the rules to play by."), "rule_set")
    if starters not in dict(Table.STARTERS):
        raise ServiceError(_("Choose who may start the table's games."), "starters")
    if starters == Table.STARTED_BY_OWNER and owner is None:
        raise ServiceError(_("A table without a host is started by its players or the system."))
    with transaction.atomic():
        # As the rule set is now, not as the caller read it: staff may have just
        # stopped offering it.
        if rules is not None:
            current = rule_set
        else:
            current = RuleSet.objects.filter(pk=rule_set.pk, offered=True).first()
            if current is None:
                raise ServiceError(
                    _("“%(rules)s” is not offered: choose other rules.")
                    % {"rules": rule_set.title},
                    "rule_set",
                )
            try:
                rules = engine.Rules.preset(
                    current.preset, **{**current.changes, **(changes or {})}
                )
            except engine.RulesError as error:
                raise ServiceError(refusal(error), error.option) from error
        turn_timer = checked_timer(turn_timer, move_hours)
        if rated:  # nobody banned from rated play opens or sits at a rated table
            for spec in seats:
                if spec.user is not None:
                    gates.require(gates.RATED_PLAY, spec.user)
        table = _new_table(
            name=name,
            owner=owner,
            starters=starters,
            rule_set=current,
            rules=rules,
            seats=seats,
            seat_count=seat_count,
            is_public=is_public,
            turn_timer=turn_timer,
            move_hours=move_hours,
            rated=rated,
            home=home,
            first_turn_grace=first_turn_grace,
        )
        table.save()
        Seat.objects.bulk_create(_seat_rows(table, seats))
    return table


def _new_table(
    *,
    name: str,
    owner: Any,
    rule_set: RuleSet,
    rules: engine.Rules,
    seats: list[SeatSpec],
    seat_count: int,
    home: Home | None = None,
    **fields: Any,
) -> Table:
    """A table as `open_table` and `open_tables` make it, checked and not yet saved:
    its size for the rules, its seats, its name (a hosted table may go without one)."""
    if not 2 <= seat_count <= rules.max_players:
        raise ServiceError(
            _("A table seats 2 to %(most)s players.") % {"most": rules.max_players}, "seat_count"
        )
    _check_seats(seats, seat_count, owner)
    if not name.strip() and owner is None:
        raise ServiceError(_("Name the table."), "name")
    return Table(
        # Unnamed, it is "<host>'s table" in each reader's language (`Table.title`).
        name=name.strip()[:80],
        host_name="" if name.strip() else owner.get_username(),
        owner=owner,
        rule_set=rule_set,
        rules=rules.to_dict(),
        rules_name=rule_set.name,
        rules_preset=rule_set.preset,
        seat_count=seat_count,
        # A table someone hosts lets its players take a vacation; an event sets its own.
        vacation_days=vacation.CASUAL_DAYS if owner is not None else 0,
        home_url=home.url[:200] if home else "",
        home_label=home.label[:80] if home else "",
        **fields,
    )


def checked_timer(turn_timer: int, move_hours: int) -> int:
    """The turn timer a table stores: one from the list, or none at a turn-based table,
    whose moves have `move_hours` (one of `absence.MOVE_HOURS`) instead
    (docs/tables.md#hours-a-move). Also what an event checks its tables' timer with."""
    if move_hours:
        if move_hours not in absence.MOVE_HOURS:
            raise ServiceError(_("Choose the hours a move has from the list."), "turn_timer")
        return 0
    if turn_timer not in dict(Table.TIMER_CHOICES):
        raise ServiceError(_("Choose a turn timer from the list."), "turn_timer")
    return turn_timer


def _seat_rows(table: Table, seats: list[SeatSpec]) -> list[Seat]:
    return [
        Seat(table=table, position=s.position, user=s.user, bot_level=s.bot_level) for s in seats
    ]


@dataclass(frozen=True)
class TableSpec:
    """One of several tables opened together (`open_tables`): its name and seats."""

    name: str
    seats: list[SeatSpec]
    seat_count: int


def open_tables(
    *,
    rule_set: RuleSet,
    rules: engine.Rules,
    tables: list[TableSpec],
    starters: str = Table.STARTED_BY_SYSTEM,
    turn_timer: int = absence.DEFAULT_TURN_TIMER,
    move_hours: int = 0,
    is_public: bool = True,
    home: Home | None = None,
    first_turn_grace: int = 0,
) -> list[Table]:
    """Several tables hosted by no one, alike but for their names and seats (a
    tournament round's): each as `open_table` with exactly `rules` would open it, all in
    two queries (the tables, then their seats) rather than a transaction each. Checked
    first: one table refused opens none."""
    if starters not in dict(Table.STARTERS) or starters == Table.STARTED_BY_OWNER:
        raise ServiceError(_("A table without a host is started by its players or the system."))
    turn_timer = checked_timer(turn_timer, move_hours)
    rows = [
        _new_table(
            name=spec.name,
            owner=None,
            starters=starters,
            rule_set=rule_set,
            rules=rules,
            seats=spec.seats,
            seat_count=spec.seat_count,
            is_public=is_public,
            turn_timer=turn_timer,
            move_hours=move_hours,
            home=home,
            first_turn_grace=first_turn_grace,
        )
        for spec in tables
    ]
    with transaction.atomic():
        Table.objects.bulk_create(rows)
        Seat.objects.bulk_create(
            seat
            for table, spec in zip(rows, tables, strict=True)
            for seat in _seat_rows(table, spec.seats)
        )
    return rows


def _check_seats(seats: list[SeatSpec], seat_count: int, owner: Any) -> None:
    positions = [s.position for s in seats]
    if len(set(positions)) != len(positions) or not all(0 <= p < seat_count for p in positions):
        raise ServiceError(
            _("Seats are numbered 0 to %(last)s, one player each.") % {"last": seat_count - 1}
        )
    users = [s.user.pk for s in seats if s.user is not None]
    if len(set(users)) != len(users):
        raise ServiceError(_("A player takes one seat at a table."))
    for s in seats:
        if (s.user is None) == (not s.bot_level):
            raise ServiceError(_("A seat holds a player or a bot."))
        if s.bot_level and s.bot_level not in SEATED_LEVELS:
            raise ServiceError(str(CHOOSE_A_LEVEL), "level")
    if owner is not None and owner.pk not in users:
        raise ServiceError(_("The host sits at their table."))


SEATED_BY_ITS_TOURNAMENT = gettext_lazy(
    "This table's seats are its tournament's: nobody takes or leaves one here."
)


def join_table(*, table: Table, user: Any) -> Seat:
    """Seat `user` at the first free seat (a no-op if they already sit there)."""
    with transaction.atomic():
        table = locked_table(table.pk)
        require_open(table)
        existing = table.seats.filter(user=user).first()
        if existing:
            return existing
        if not access.seats_itself(table):
            raise ServiceError(str(SEATED_BY_ITS_TOURNAMENT))
        if in_play(table):
            raise ServiceError(
                _("A game is being played at this table: watch it, or join the next one.")
            )
        if table.rated:
            gates.require(gates.RATED_PLAY, user, table)
        gates.require(gates.JOIN, user, table)
        position = _free_position(table)
        try:
            seat = Seat.objects.create(table=table, position=position, user=user)
        except IntegrityError as error:  # a concurrent join took the seat
            raise ServiceError(_("That seat was just taken: try again.")) from error
        mark_active(table)
        return seat


def add_bot(*, table: Table, by: Any, level: str) -> Seat:
    if level not in SEATED_LEVELS:
        raise ServiceError(str(CHOOSE_A_LEVEL), "level")
    with transaction.atomic():
        table = locked_table(table.pk)
        require_open(table)
        _require_owner(table, by)
        if in_play(table):
            raise ServiceError(_("Bots can be added between games, not during one."))
        seat = Seat.objects.create(table=table, position=_free_position(table), bot_level=level)
        mark_active(table)
        return seat


def leave_seat(*, table: Table, by: Any, position: int) -> None:
    """A player leaves their seat, or the owner removes a bot or player, between games."""
    with transaction.atomic():
        table = locked_table(table.pk)
        require_open(table)
        seat = table.seats.filter(position=position).first()
        if seat is None:
            raise ServiceError(_("That seat is empty."))
        if not access.seats_itself(table):
            raise ServiceError(str(SEATED_BY_ITS_TOURNAMENT))
        if seat.user_id != by.pk:
            _require_owner(table, by)
        if seat.user_id is not None and seat.user_id == table.owner_id:
            raise ServiceError(
                _(
                    "The host keeps their seat: to go, use Leave the table, "
                    "and the next player hosts it."
                )
            )
        if in_play(table):
            raise ServiceError(_("Seats can change between games, not during one."))
        seat.delete()
        mark_active(table)


def set_seats(*, table: Table, seats: list[SeatSpec]) -> Table:
    """The system reseats a table it starts (`Table.STARTED_BY_SYSTEM`), between games:
    a knockout moves players from table to table between deals, and each player keeps
    the table's address while seated there. `seats` is the whole new seating (an empty
    list leaves the table empty: a knockout table that broke). Refused during a game,
    on a closed table, or on a table its players or host start."""
    with transaction.atomic():
        table = locked_table(table.pk)
        require_open(table)
        if table.starters != Table.STARTED_BY_SYSTEM:
            raise ServiceError(_("Only a table the system starts is reseated by it."))
        if in_play(table):
            raise ServiceError(_("Seats can change between games, not during one."))
        _check_seats(seats, table.seat_count, None)
        table.seats.all().delete()
        Seat.objects.bulk_create(
            Seat(table=table, position=s.position, user=s.user, bot_level=s.bot_level)
            for s in seats
        )
    return table


def _free_position(table: Table) -> int:
    taken = set(table.seats.values_list("position", flat=True))
    for position in range(table.seat_count):
        if position not in taken:
            return position
    raise ServiceError(_("This table is full."))


def _require_owner(table: Table, user: Any) -> None:
    if not access.is_host(user, table):
        raise ServiceError(_("Only the table's owner can do that."))
