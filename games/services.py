"""The one write path for tables and games (docs/design.md §4).

Every function is keyword-only and runs in one transaction. `play` locks the game row,
checks the caller's `expected_seq`, lets the engine validate and apply the move,
appends the events and saves the snapshot; what follows a change (pushes, the next bot
turn or timer, `game_finished`) is left to `games.notify`, which does it on commit, so
no one hears of a move that is not in the log.
Views, consumers, tasks and the admin call these; none writes game state itself.

Besides the moves, the log holds table events (`engine.events.TABLE_EVENTS`): whose
time ran out, who is away and why, who came back, a game ended before anyone won. The
policy they carry out, and its numbers, is in `games.absence`.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from games import absence, access, engine, notify, results
from games.engine import events as engine_events
from games.engine import levels
from games.engine.bots import make_bot, recall
from games.engine.serialize import state_to_dict
from games.models import Deal, Game, GameEvent, GamePlayer, Home, RuleSet, Seat, Table
from games.shuffles import Board, CommittedDecks, GivenDecks, deck_commitment, new_salt

log = logging.getLogger(__name__)

# A seated player's page views mark their table as in use at most this often (seconds):
# the page polls every few seconds, and one write a minute is plenty to keep it open.
ACTIVITY_SECONDS = 60

# Where shuffles come from: the operating system's secure generator. Tests that need a
# known deal replace this with a seeded source. Games shuffle through `CommittedDecks`.
new_deck_source = engine.SecureDeckSource


def new_bot_seed() -> int:
    """A bot's seed for one move, from the secure generator: no one can foresee a bot's
    play. Tests replace it with a counter, so their games are played the same each run."""
    return secrets.randbits(32)


class ServiceError(Exception):
    """A request that cannot be done, with a message for the person who made it.

    `field` names the form field it is about, when there is one.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field


class StaleMove(ServiceError):
    """The move was made against an old view of the table (or was sent twice)."""


# ---- tables -----------------------------------------------------------------------


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
    changes: dict | None = None,
    seat_count: int = 4,
    is_public: bool = True,
    turn_timer: int = absence.DEFAULT_TURN_TIMER,
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
    changes: dict | None = None,
    seat_count: int = 4,
    is_public: bool = True,
    turn_timer: int = absence.DEFAULT_TURN_TIMER,
    rules: engine.Rules | None = None,
    rated: bool = False,
    home: Home | None = None,
) -> Table:
    """A new table playing `rule_set` (one that is offered) with `changes` on top, or
    exactly `rules` when given (a tournament's, frozen from `rule_set` when it was
    made: whether the rule set is still offered, or has changed, no longer matters), with
    `seats` taken (users and bots, at any positions), hosted by `owner` (None: no one
    hosts it, as a tournament's tables) and started by `starters` (`Table.STARTERS`: the
    host, any seated player, or only the system, `start_game(by=None)`). A host must
    have a seat. The table keeps a copy of the rules, and the rule set's name and preset:
    editing the rule set later changes no table made with it. `rated`: its games count
    for the players' ratings (docs/design.md §15). `home`: where the table's page leads
    back to (None: the lobby), for a table opened by another app's page."""
    if rule_set is None:
        raise ServiceError("Choose the rules to play by.", "rule_set")
    if starters not in dict(Table.STARTERS):
        raise ServiceError("Choose who may start the table's games.", "starters")
    if starters == Table.STARTED_BY_OWNER and owner is None:
        raise ServiceError("A table without a host is started by its players or the system.")
    with transaction.atomic():
        # As the rule set is now, not as the caller read it: staff may have just
        # stopped offering it.
        if rules is not None:
            current = rule_set
        else:
            current = RuleSet.objects.filter(pk=rule_set.pk, offered=True).first()
            if current is None:
                raise ServiceError(
                    f"\u201c{rule_set.name}\u201d is not offered: choose other rules.", "rule_set"
                )
            try:
                rules = engine.Rules.preset(
                    current.preset, **{**current.changes, **(changes or {})}
                )
            except engine.RulesError as error:
                raise ServiceError(str(error), error.option) from error
        if turn_timer not in dict(Table.TIMER_CHOICES):
            raise ServiceError("Choose a turn timer from the list.", "turn_timer")
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
            rated=rated,
            home=home,
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
        raise ServiceError(f"A table seats 2 to {rules.max_players} players.", "seat_count")
    _check_seats(seats, seat_count, owner)
    if not name.strip() and owner is None:
        raise ServiceError("Name the table.", "name")
    return Table(
        name=(name.strip() or f"{owner.get_username()}'s table")[:80],
        owner=owner,
        rule_set=rule_set,
        rules=rules.to_dict(),
        rules_name=rule_set.name,
        rules_preset=rule_set.preset,
        seat_count=seat_count,
        home_url=home.url[:200] if home else "",
        home_label=home.label[:80] if home else "",
        **fields,
    )


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
    is_public: bool = True,
    home: Home | None = None,
) -> list[Table]:
    """Several tables hosted by no one, alike but for their names and seats (a
    tournament round's): each as `open_table` with exactly `rules` would open it, all in
    two queries (the tables, then their seats) rather than a transaction each. Checked
    first: one table refused opens none."""
    if starters not in dict(Table.STARTERS) or starters == Table.STARTED_BY_OWNER:
        raise ServiceError("A table without a host is started by its players or the system.")
    if turn_timer not in dict(Table.TIMER_CHOICES):
        raise ServiceError("Choose a turn timer from the list.", "turn_timer")
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
            home=home,
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
        raise ServiceError(f"Seats are numbered 0 to {seat_count - 1}, one player each.")
    users = [s.user.pk for s in seats if s.user is not None]
    if len(set(users)) != len(users):
        raise ServiceError("A player takes one seat at a table.")
    for s in seats:
        if (s.user is None) == (not s.bot_level):
            raise ServiceError("A seat holds a player or a bot.")
        if s.bot_level and s.bot_level not in dict(Seat.BOT_LEVELS):
            raise ServiceError("Choose a bot level: easy, medium or hard.", "level")
    if owner is not None and owner.pk not in users:
        raise ServiceError("The host sits at their table.")


def join_table(*, table: Table, user: Any) -> Seat:
    """Seat `user` at the first free seat (a no-op if they already sit there)."""
    with transaction.atomic():
        table = _locked_table(table.pk)
        _require_open(table)
        existing = table.seats.filter(user=user).first()
        if existing:
            return existing
        if _in_play(table):
            raise ServiceError(
                "A game is being played at this table: watch it, or join the next one."
            )
        position = _free_position(table)
        try:
            seat = Seat.objects.create(table=table, position=position, user=user)
        except IntegrityError as error:  # a concurrent join took the seat
            raise ServiceError("That seat was just taken: try again.") from error
        _active(table)
        return seat


def add_bot(*, table: Table, by: Any, level: str) -> Seat:
    if level not in dict(Seat.BOT_LEVELS):
        raise ServiceError("Choose a bot level: easy, medium or hard.", "level")
    with transaction.atomic():
        table = _locked_table(table.pk)
        _require_open(table)
        _require_owner(table, by)
        if _in_play(table):
            raise ServiceError("Bots can be added between games, not during one.")
        seat = Seat.objects.create(table=table, position=_free_position(table), bot_level=level)
        _active(table)
        return seat


def leave_seat(*, table: Table, by: Any, position: int) -> None:
    """A player leaves their seat, or the owner removes a bot or player, between games."""
    with transaction.atomic():
        table = _locked_table(table.pk)
        _require_open(table)
        seat = table.seats.filter(position=position).first()
        if seat is None:
            raise ServiceError("That seat is empty.")
        if seat.user_id != by.pk:
            _require_owner(table, by)
        if seat.user_id is not None and seat.user_id == table.owner_id:
            raise ServiceError(
                "The host keeps their seat: to go, use Leave the table, "
                "and the next player hosts it."
            )
        if _in_play(table):
            raise ServiceError("Seats can change between games, not during one.")
        seat.delete()
        _active(table)


def set_seats(*, table: Table, seats: list[SeatSpec]) -> Table:
    """The system reseats a table it starts (`Table.STARTED_BY_SYSTEM`), between games:
    a knockout moves players from table to table between deals, and each player keeps
    the table's address while seated there. `seats` is the whole new seating (an empty
    list leaves the table empty: a knockout table that broke). Refused during a game,
    on a closed table, or on a table its players or host start."""
    with transaction.atomic():
        table = _locked_table(table.pk)
        _require_open(table)
        if table.starters != Table.STARTED_BY_SYSTEM:
            raise ServiceError("Only a table the system starts is reseated by it.")
        if _in_play(table):
            raise ServiceError("Seats can change between games, not during one.")
        _check_seats(seats, table.seat_count, None)
        table.seats.all().delete()
        Seat.objects.bulk_create(
            Seat(table=table, position=s.position, user=s.user, bot_level=s.bot_level)
            for s in seats
        )
    return table


# ---- a table's life ---------------------------------------------------------------
# A table is open until it is closed, for good: by its host or a moderator, when its
# host leaves with no other player seated, or by the sweep when no seated player has
# looked at it for THIRTYONE_IDLE_TABLE_MINUTES. Closing never happens during a game.
# Seats and games are kept: the people who sat there still see the table, and why it
# closed.


def close_table(*, table: Table, by: Any) -> Table:
    """The host (or a staff member, any table) closes the table between games."""
    with transaction.atomic():
        table = _locked_table(table.pk)
        role = access.manager_role(by, table)
        if role == "host":
            reason = Table.CLOSED_BY_HOST
        elif role == "staff":
            reason = Table.CLOSED_BY_STAFF
        else:
            raise ServiceError("Only the table's host (or a moderator) can close it.")
        if table.closed_at is not None:
            raise ServiceError("This table is already closed.")
        if _in_play(table):
            raise ServiceError(
                "A game is being played at this table: it can be closed once the game is over."
            )
        _close(table, reason)
    return table


def leave_table(*, table: Table, by: Any) -> Table:
    """`by` leaves the table between games. A player's seat is freed. The host's seat
    goes to the next human player clockwise, who hosts the table from now on; with no
    other human seated (bots cannot host), the table closes instead, seats kept.
    Returns the table as it is now (its owner, or closed_at, tell which happened)."""
    with transaction.atomic():
        table = _locked_table(table.pk)
        _require_open(table)
        seats = list(table.seats.all()) if by.pk is not None else []
        seat = next((s for s in seats if s.user_id == by.pk), None)
        if seat is None:
            raise ServiceError("You have no seat at this table.")
        if _in_play(table):
            raise ServiceError("You can leave between games, not during one.")
        if seat.user_id != table.owner_id:
            seat.delete()
            _active(table)
            return table
        heir = next_host(table, seats)
        if heir is None:
            _close(table, Table.HOST_LEFT)
            return table
        seat.delete()
        table.owner_id = heir.user_id
        table.last_activity = timezone.now()
        table.save(update_fields=["owner", "last_activity"])
        return table


def next_host(table: Table, seats: list[Seat]) -> Seat | None:
    """The seat of the player who would host `table` if its host left: the next human
    clockwise from the host (bots cannot host). None if there is none."""
    start = next((s.position for s in seats if s.user_id == table.owner_id), 0)
    clockwise = sorted(seats, key=lambda s: (s.position - start) % table.seat_count)
    return next((s for s in clockwise if s.user_id not in (None, table.owner_id)), None)


def note_activity(*, table: Table) -> None:
    """A seated player is looking at `table`: it is in use. One write a minute at most;
    not a lock (a timestamp only moves forward, and a closed table stays closed)."""
    now = timezone.now()
    if table.closed_at is not None or table.last_activity > now - timedelta(
        seconds=ACTIVITY_SECONDS
    ):
        return
    Table.objects.filter(pk=table.pk, closed_at__isnull=True).update(last_activity=now)
    table.last_activity = now


def close_if_idle(*, table_id: int, idle_since: datetime) -> bool:
    """Close the table if no seated player was active there, and no game was played
    there, since `idle_since`. Safe twice, late or on two workers: whoever comes second
    finds it closed (or active again) and does nothing. Returns whether it closed."""
    with transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=table_id).first()
        if table is None or table.closed_at is not None or table.last_activity >= idle_since:
            return False
        if (table.games.in_play() | table.games.filter(updated_at__gte=idle_since)).exists():
            return False
        _close(table, Table.IDLE)
        return True


def idle_tables(idle_since: datetime) -> QuerySet[Table]:
    """Open tables with no activity and no game since `idle_since` (for the sweep)."""
    games = Game.objects.filter(table=OuterRef("pk"))
    recent = games.in_play() | games.filter(updated_at__gte=idle_since)
    return Table.objects.filter(closed_at__isnull=True, last_activity__lt=idle_since).exclude(
        Exists(recent)
    )


def _close(table: Table, reason: str) -> None:
    table.closed_at = timezone.now()
    table.closed_reason = reason
    table.save(update_fields=["closed_at", "closed_reason"])
    table_id = table.pk
    transaction.on_commit(lambda: log.info("table %s closed (%s)", table_id, reason))


def _locked_table(table_id: int) -> Table:
    try:
        return Table.objects.select_for_update().get(pk=table_id)
    except Table.DoesNotExist as error:
        raise ServiceError("There is no such table.") from error


def _require_open(table: Table) -> None:
    if table.closed_at is not None:
        raise ServiceError("This table is closed.")


def _in_play(table: Table) -> bool:
    return table.games.in_play().exists()


def _active(table: Table) -> None:
    """A seated player acted at `table` (inside its locked transaction)."""
    table.last_activity = timezone.now()
    table.save(update_fields=["last_activity"])


def _free_position(table: Table) -> int:
    taken = set(table.seats.values_list("position", flat=True))
    for position in range(table.seat_count):
        if position not in taken:
            return position
    raise ServiceError("This table is full.")


def _require_owner(table: Table, user: Any) -> None:
    if not access.is_host(user, table):
        raise ServiceError("Only the table's owner can do that.")


def may_start(table: Table, user: Any, seats: list[Seat]) -> bool:
    """Whether `user` (a person: None is the system) may start a game at `table`."""
    try:
        _require_starter(table, user, seats)
    except ServiceError:
        return False
    return True


def _require_starter(table: Table, by: Any, seats: list[Seat]) -> None:
    """`by` may start a game at `table` (`Table.starters`); None is the system (a
    tournament), which may start any table's games."""
    if by is None:
        return
    if table.starters == Table.STARTED_BY_OWNER:
        _require_owner(table, by)
    elif table.starters == Table.STARTED_BY_PLAYERS:
        if by.pk is None or not any(seat.user_id == by.pk for seat in seats):
            raise ServiceError("Only a player seated at this table can start its game.")
    else:
        raise ServiceError("This table's games are started for it: wait for the start.")


# ---- games ------------------------------------------------------------------------


def start_game(
    *,
    table: Table,
    by: Any,
    dealer: int | None = None,
    dealer_position: int | None = None,
    lives: list[int] | None = None,
    deals: int | None = None,
    board: Board | None = None,
) -> Game:
    """Deal a new game to the players now seated, in seat order. `by` is who starts it,
    as the table's `starters` allow; None is the system (a tournament), allowed always.
    `dealer`: the engine seat that deals first (a tournament balances it), else the
    rules' method chooses. `dealer_position`: the table's seat (`Seat.position`) whose
    player deals first, as the starter picks it when the rules' `first_dealer` is
    "chosen" (and only then); a seat with no one in it is refused.

    A tournament playing deal by deal also gives `lives` (each seat's, carried from
    its last deal), `deals` (the game ends after that many) and, for a duplicate
    board, `board`: the decks every table of the board deals from. A game dealt from a
    board is sealed (`Game.sealed`) until the tournament says every table has played it."""
    with transaction.atomic():
        table = _locked_table(table.pk)
        _require_open(table)
        seats = list(table.seats.select_related("user"))
        _require_starter(table, by, seats)
        if _in_play(table):
            raise ServiceError("A game is already being played at this table.")
        if len(seats) < 2:
            raise ServiceError("Seat at least two players (or bots) first.")
        names = [seat.display_name for seat in seats]
        rules = table.engine_rules()
        if dealer is None:
            dealer = _chosen_dealer(rules, seats, dealer_position)
        _active(table)
        source = new_deck_source()
        if board is not None:
            source = GivenDecks([board.deck, board.reshuffle], then=source)
        decks = CommittedDecks(source, rules)
        try:
            state, events = engine.new_game(rules, names, decks, dealer, lives=lives, deals=deals)
        except engine.EngineError as error:
            raise ServiceError(str(error)) from error
        game = Game.objects.create(
            table=table, state=state_to_dict(state), sealed=board is not None
        )
        GamePlayer.objects.bulk_create(
            [
                GamePlayer(
                    game=game,
                    position=index,
                    user=seat.user,
                    bot_level=seat.bot_level,
                    name=names[index],
                )
                for index, seat in enumerate(seats)
            ]
        )
        _record(game, state, events, decks)
    return game


def unseal(*, game_ids: list[int]) -> int:
    """Show these games (duplicate boards every table has now played) to everyone who
    may watch their tables, decks included. Returns how many were sealed."""
    return Game.objects.filter(pk__in=game_ids, sealed=True).update(sealed=False)


def _chosen_dealer(rules: engine.Rules, seats: list[Seat], position: int | None) -> int | None:
    """The engine seat of the player at table seat `position`, whom the starter chose to
    deal first (`first_dealer: "chosen"`); None when the rules choose."""
    if rules.first_dealer != "chosen":
        if position is not None:
            raise ServiceError(
                "At this table the first dealer is not picked by hand: the rules choose "
                "(see \u201cFirst dealer\u201d).",
                "dealer",
            )
        return None
    if position is None:
        raise ServiceError("Choose who deals first.", "dealer")
    index = next((i for i, seat in enumerate(seats) if seat.position == position), None)
    if index is None:
        raise ServiceError(
            f"No one sits in seat {position + 1}: choose a dealer from the players at the table.",
            "dealer",
        )
    return index


@dataclass(frozen=True)
class MoveResult:
    game: Game
    events: list[engine.Event]


def play(*, game_id: int, user: Any, action: str, expected_seq: int) -> MoveResult:
    """`user` makes `action` (an engine action code) at `game_id`, whose view they last
    saw at `expected_seq`."""
    with transaction.atomic():
        game = _locked_game(game_id)
        # All the players, read once: the move changes none of them but the mover's
        # away state (kept in step below), so they serve the push and the answer too.
        players = access.players(game) if user.is_authenticated else []
        player = next((p for p in players if p.user_id is not None and p.user_id == user.pk), None)
        if player is None:
            raise ServiceError("You are not playing in this game.")
        # A proposal or an answer about levels (agreements) made since the player's view
        # changes nothing they saw of the board: their move still stands.
        _check_seq(game, expected_seq, passing=engine_events.AGREEMENT_KINDS)
        try:
            move = engine.parse_action(action, player.position)
        except engine.IllegalAction as error:
            raise ServiceError(str(error)) from error
        back = []
        if player.turns_timed_out or player.away:  # they are here: the count starts over
            GamePlayer.objects.filter(pk=player.pk).update(
                away=False, away_reason="", turns_timed_out=0
            )
            if player.away:  # before the bot moved for them: the log says they are back
                back = [engine.Event("player_back", player.position)]
            player.away, player.away_reason, player.turns_timed_out = False, "", 0
        return _apply(game, move, before=back, human=True, players_kept=True)


def play_for_bot(*, game_id: int, expected_seq: int) -> MoveResult | None:
    """The bot (or away player) whose turn it is moves, if the game is still at
    `expected_seq`; a late or repeated call does nothing and returns None.

    The bot thinks before the transaction: a hard bot's search takes a good part of a
    second, and must not hold the game's lock (on SQLite, the whole database's write
    lock) meanwhile. The move is applied only if the game has not moved on since."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.seq != expected_seq or not game.in_play:
        return None
    state = game.engine_state()
    seat = state.turn
    player = game.players.get(position=seat)
    if not player.played_by_machine:
        return None
    action = _bot_choice(game, state, seat, player.bot_level or "easy")
    with transaction.atomic():
        game = _locked_game(game_id)
        if game.seq != expected_seq or not game.in_play:
            return None
        # A player who was away may have come back while the bot thought. The players
        # read under the lock serve the push too (a bot's move changes none of them).
        locked = next((p for p in access.players(game) if p.pk == player.pk), None)
        if locked is None or not locked.played_by_machine:
            return None
        return _apply(game, action, by_bot=not player.is_bot, players_kept=True)


def _bot_choice(game: Game, state: engine.GameState, seat: int, level: str) -> engine.Action:
    """A new bot of `level` for `seat`, with its memory of this round rebuilt from the
    event log, chooses the move."""
    bot = make_bot(level, seed=new_bot_seed())
    recall(bot, _logged_events(game), seat)
    return bot.choose(engine.observation(state, seat))


def _logged_events(game: Game) -> Iterator[engine.Event]:
    """The game's events up to its snapshot (a move may have committed since `game`
    was read), read only when iterated: a bot without a memory never reads the log (a
    generator expression would run the query at once)."""
    for row in game.events.filter(seq__lte=game.seq).order_by("seq"):
        yield row.to_engine()


def time_out_turn(*, game_id: int, expected_seq: int) -> MoveResult | None:
    """The turn timer ran out: the baseline bot plays the whole turn for the player, who
    is marked away after two such turns in a row (then bots play for them until they
    come back). The log says so (`turn_timed_out`, then the bot's moves, marked as a
    bot's, then `player_away` with the reason "timer"). A late, early or repeated call
    does nothing and returns None."""
    with transaction.atomic():
        game = _locked_game(game_id)
        if (
            game.seq != expected_seq
            or not game.in_play
            or game.turn_deadline is None
            or game.turn_deadline > timezone.now()
        ):
            return None
        decks = _deck_source(game)
        state = game.engine_state(decks)
        seat = state.turn
        player = game.players.get(position=seat)
        if player.played_by_machine:
            return None  # bot turns are played by the bot task
        bot = make_bot("baseline")
        events: list[engine.Event] = []
        while state.turn == seat:
            state, more = engine.apply_action(state, bot.choose(engine.observation(state, seat)))
            events.extend(more)
        player.turns_timed_out += 1
        player.away = player.turns_timed_out >= 2
        logged = [engine.Event("turn_timed_out", seat), *events]
        if player.away:
            player.away_reason = "timer"
            logged.append(engine.Event("player_away", seat, {"reason": "timer"}))
        player.save(update_fields=["turns_timed_out", "away", "away_reason"])
        _record(game, state, logged, decks, by_bot_seat=seat)
    return MoveResult(game=game, events=events)


def come_back(*, game_id: int, user: Any) -> None:
    """A player who was away says they are back: they play their own turns again.

    Only a player marked away may say so. It changes their own away state and appends
    `player_back` to the log, never the turn's deadline: if it is their own turn, they
    get what is left of that turn's time (the deadline was set when the turn began,
    while a bot was to play it), not a fresh timer: "I'm back" must not be a way to
    stop the clock. A turn whose time is already up is played for them by the next
    sweep. It counts as a person's doing for the abandoned-game clock. Anyone else is
    refused with a message, and nothing is written or sent.
    """
    with transaction.atomic():
        game = _locked_game(game_id)
        player = (
            game.players.filter(user=user, user__isnull=False).first()
            if user.is_authenticated
            else None
        )
        if player is None:
            raise ServiceError("You are not playing in this game.")
        if not game.in_play:
            raise ServiceError("This game is over.")
        if not player.away:
            raise ServiceError("You are not marked away: you already play your own turns.")
        if player.away_reason == WITHDRAWN:
            raise ServiceError("You withdrew from the event: a bot plays this game for you.")
        GamePlayer.objects.filter(pk=player.pk).update(
            away=False, away_reason="", turns_timed_out=0
        )
        game.human_moved_at = timezone.now()
        _append(game, [engine.Event("player_back", player.position)], ["human_moved_at"])
        # A bot was to play this turn, so no timer task waits for it: start one that
        # runs out at the turn's existing deadline.
        timer = 0.0
        if game.state.get("turn") == player.position and game.turn_deadline is not None:
            timer = max(0.0, (game.turn_deadline - timezone.now()).total_seconds())
        notify.game_changed(game, bot_moves_next=False, timer=timer)


# ---- levels added to the bus by agreement (engine.levels) ----------------------------


def propose_levels(*, game_id: int, user: Any, names: list[str]) -> Game:
    """`user`, a player still in the game, proposes adding levels named `names` to the
    bus (`levels_by_agreement`). The bots at the table agree at once; the people must
    answer (`answer_levels`). Refused, with nothing written, to a spectator, at a game
    that is over or whose rules have no such levels, while another proposal is open,
    and for names that make no sense (the engine's messages)."""
    with transaction.atomic():
        game = _locked_game(game_id)
        player = _playing(game, user)
        state = game.engine_state()
        state, events = _agreement(state, engine.ProposeLevels(player.position, tuple(names)))
        bots = game.players.exclude(bot_level="").values_list("position", flat=True)
        for position in sorted(bots):
            if state.proposal is None:  # the bots' agreement completed it
                break
            if not state.players[position].out:
                state, more = _agreement(state, engine.AnswerLevels(position, True))
                events += more
        _record_agreement(game, state, events)
    return game


def answer_levels(*, game_id: int, user: Any, agree: bool, key: str) -> Game:
    """`user` agrees to (or declines) the open proposal to add levels, the one whose
    `engine.levels.proposal_key` they saw. When the last player still in agrees, the levels are
    added. Refused, with nothing written, to a spectator or a player out of the game,
    when no proposal is open or it is not the one they saw, and to a second answer."""
    with transaction.atomic():
        game = _locked_game(game_id)
        player = _playing(game, user)
        state = game.engine_state()
        if state.proposal is not None and levels.proposal_key(state.proposal) != key:
            raise StaleMove("That proposal is no longer open: here is the one on the table now.")
        state, events = _agreement(state, engine.AnswerLevels(player.position, agree))
        _record_agreement(game, state, events)
    return game


def _playing(game: Game, user: Any) -> GamePlayer:
    player = (
        game.players.filter(user=user, user__isnull=False).first()
        if user.is_authenticated
        else None
    )
    if player is None:
        raise ServiceError("You are not playing in this game: only its players decide on levels.")
    if not game.in_play:
        raise ServiceError("This game is over.")
    return player


def _agreement(
    state: engine.GameState, action: engine.Action
) -> tuple[engine.GameState, list[engine.Event]]:
    try:
        return engine.apply_action(state, action)
    except engine.IllegalAction as error:
        raise ServiceError(str(error)) from error


def _record_agreement(game: Game, state: engine.GameState, events: list[engine.Event]) -> None:
    """Append the agreement's events and save the snapshot. Whose turn it is, its start
    and its deadline stay as they were: the player on turn keeps what is left of their
    time, and a bot on turn is given its turn again (the task queued for it was for the
    seq before)."""
    first = game.seq + 1
    GameEvent.objects.bulk_create(
        GameEvent(game=game, seq=first + offset, **engine_events.to_dict(event))
        for offset, event in enumerate(events)
    )
    game.seq = first + len(events) - 1
    game.state = state_to_dict(state)
    game.human_moved_at = timezone.now()
    game.save(update_fields=["seq", "state", "human_moved_at", "updated_at"])
    bot_moves_next = game.machine_moves_next()
    timer = 0.0
    if not bot_moves_next and game.turn_deadline is not None:
        timer = max(0.0, (game.turn_deadline - timezone.now()).total_seconds())
    notify.game_changed(game, bot_moves_next=bot_moves_next, timer=timer)


# ---- away players and games ended early (games.absence) -----------------------------


def mark_absent(*, game_id: int, expected_seq: int) -> bool:
    """At a table without a timer, the person whose turn it is has been gone for longer
    than `absence.ABSENT_SECONDS` (the sweep saw no sign of them): they are away
    (reason "absent") and a bot plays for them. The caller checks that they are gone;
    this checks, under the lock, that the game is still where it was seen, at a table
    without a timer, on a turn that began long enough ago, of a person not yet away.
    Returns whether they were marked away: a late or repeated call does nothing."""
    with transaction.atomic():
        game = _locked_game(game_id)
        started = game.turn_started_at
        seat = game.state.get("turn")
        if (
            game.seq != expected_seq
            or not game.in_play
            or game.table.turn_timer
            or seat is None
            or started is None
            or started > timezone.now() - timedelta(seconds=absence.ABSENT_SECONDS)
        ):
            return False
        player = game.players.get(position=seat)
        if player.is_bot or player.away:
            return False
        _mark_away(game, player, "absent", seconds=absence.ABSENT_SECONDS)
    return True


def replace_with_bot(*, game_id: int, by: Any, position: int, expected_seq: int) -> GamePlayer:
    """The host (the table's owner) or staff lets a bot play for the person at
    `position`, who is marked away (reason "host" or "staff") until they press "I'm
    back". Refused, with nothing written, to anyone else, at a game that is over, for a
    bot or a player out of the game, for a player a bot already plays for, and when the
    game has moved on since the asker's view (`expected_seq`)."""
    with transaction.atomic():
        game = _locked_game(game_id)
        reason = _manager(game, by)
        if not game.in_play:
            raise ServiceError("This game is over.")
        player = game.players.filter(position=position).first()
        if player is None:
            raise ServiceError("There is no such seat in this game.")
        if player.is_bot:
            raise ServiceError(f"{player.name} is a bot already.")
        if player.away:
            raise ServiceError(f"A bot already plays for {player.name}.")
        if game.engine_state().players[position].out:
            raise ServiceError(f"{player.name} is out of this game: there is nothing to play.")
        _check_seq(game, expected_seq)
        _mark_away(game, player, reason)
    return player


# The away reason of a player who withdrew from the event the game belongs to.
WITHDRAWN = "withdrawn"


def let_bot_finish(*, game_id: int, user: Any) -> bool:
    """The system's (a tournament the player withdrew from): a bot plays `user`'s
    seat to the end of the game, and they cannot take it back. Their results stand as
    the game gives them. False, with nothing written, when the game is over, `user` is
    not playing in it, is out of it already, or is already played for for this reason."""
    with transaction.atomic():
        game = _locked_game(game_id)
        if not game.in_play:
            return False
        player = game.players.filter(user=user).first()
        if player is None or player.away_reason == WITHDRAWN:
            return False
        if game.engine_state().players[player.position].out:
            return False
        _mark_away(game, player, WITHDRAWN)
    return True


def end_game(*, game_id: int, by: Any, expected_seq: int) -> Game:
    """The host or staff ends the game now: the standings stand and no one wins (status
    ENDED, reason "host" or "staff"). Refused, with nothing written, to anyone else, at
    a game that is over (or already ended), and when the game has moved on since the
    asker's view: of an end and a move made at the same moment, the row lock lets one
    go first, and the other finds the seq (or the status) changed."""
    with transaction.atomic():
        game = _locked_game(game_id)
        reason = _manager(game, by)
        if game.status == Game.ENDED:
            raise ServiceError("This game has already been ended.")
        if not game.in_play:
            raise ServiceError("This game is over: it was played to the end.")
        _check_seq(game, expected_seq)
        _end_early(game, reason)
    return game


def end_abandoned(*, game_id: int) -> bool:
    """The sweep's: a game in which no person has moved (or said "I'm back") for
    `absence.ABANDONED_AFTER` ends itself, reason "abandoned". Returns whether it did: a
    repeated call, or one on two workers at once, ends it once (the second finds it
    ended under the lock), and a game someone has moved in since is left alone."""
    with transaction.atomic():
        game = _locked_game(game_id)
        if not game.in_play or game.human_moved_at > timezone.now() - absence.ABANDONED_AFTER:
            return False
        hours = int(absence.ABANDONED_AFTER.total_seconds() // 3600)
        _end_early(game, "abandoned", hours=hours)
    return True


def _manager(game: Game, user: Any) -> str:
    """Why `user` may manage `game`'s players ("host" or "staff"), or a refusal."""
    role = access.manager_role(user, game.table)
    if role is not None:
        return role
    raise ServiceError("Only the table's host or staff can do that.")


def _mark_away(game: Game, player: GamePlayer, reason: str, **data: Any) -> None:
    """`player` is away from now on, and the log says why; a bot plays their turn if it
    is theirs now. The turn's deadline and start stay: the timer keeps running."""
    GamePlayer.objects.filter(pk=player.pk).update(away=True, away_reason=reason)
    # A bot's turn is due from now: the stalled-bot clock (`updated_at`) starts here.
    event = engine.Event("player_away", player.position, {"reason": reason, **data})
    _append(game, [event], ["updated_at"])
    # A bot plays their turn if it is theirs now; the timer of the turn runs on.
    notify.game_changed(game, bot_moves_next=game.state.get("turn") == player.position, timer=0)


def _end_early(game: Game, reason: str, **data: Any) -> None:
    """End `game` before anyone has won: the snapshot (the standings) stays as it is, no
    one is marked a winner, and the round in play's deck stays hidden (its hands were
    never shown). No timer or bot moves again: they find the game over."""
    game.status = Game.ENDED
    game.end_reason = reason
    game.finished_at = timezone.now()
    game.turn_deadline = None
    game.turn_started_at = None
    _store_results(game, game.engine_state(), ended_early=True)
    event = engine.Event("game_ended_early", None, {"reason": reason, **data})
    _append(
        game,
        [event],
        ["status", "end_reason", "finished_at", "turn_deadline", "turn_started_at"],
    )
    notify.game_changed(game)


def _store_results(game: Game, state: engine.GameState, *, ended_early: bool) -> None:
    """Write each player's results (`games.results`) from the final state and the log,
    in the transaction that appends the game's last event (whose rows are written)."""
    rows = (
        game.events.filter(Q(kind__in=results.RESULT_KINDS) | Q(by_bot=True))
        .order_by("seq")
        .values_list("kind", "seat", "data", "by_bot")
    )
    found = results.compute(state, rows, ended_early=ended_early)
    players = list(GamePlayer.objects.filter(game=game))
    for player in players:
        for name, value in found[player.position].fields().items():
            setattr(player, name, value)
    GamePlayer.objects.bulk_update(players, results.FIELDS)


def _locked_game(game_id: int) -> Game:
    # select_for_update locks the row on PostgreSQL; SQLite's IMMEDIATE transactions
    # already hold the database's write lock from the start of the transaction.
    try:
        return Game.objects.select_for_update().select_related("table").get(pk=game_id)
    except Game.DoesNotExist as error:
        raise ServiceError("There is no such game.") from error


def _check_seq(game: Game, expected_seq: int, passing: frozenset[str] = frozenset()) -> None:
    """The game is in play and still at `expected_seq`, or has moved on since only by
    events of the `passing` kinds."""
    if not game.in_play:
        raise ServiceError("This game is over.")
    if expected_seq != game.seq and not (
        passing
        and 0 <= expected_seq < game.seq
        and not game.events.filter(seq__gt=expected_seq).exclude(kind__in=passing).exists()
    ):
        raise StaleMove(
            "The table has moved on since your last view (or that move was "
            "already made): here is the table as it is now."
        )


def _apply(
    game: Game,
    action: engine.Action,
    *,
    before: list[engine.Event] | None = None,
    by_bot: bool = False,
    human: bool = False,
    players_kept: bool = False,
) -> MoveResult:
    """Make `action`, after the table events `before`. `by_bot`: a bot makes it for the
    person at the seat; `human`: the person makes it themselves; `players_kept`: the
    players read under the lock (`access.players`) are as they are now saved."""
    decks = _deck_source(game)
    state = game.engine_state(decks)
    try:
        state, events = engine.apply_action(state, action)
    except engine.IllegalAction as error:
        raise ServiceError(str(error)) from error
    by_bot_seat = action.seat if by_bot else None
    _record(
        game,
        state,
        [*(before or []), *events],
        decks,
        by_bot_seat=by_bot_seat,
        human=human,
        players_kept=players_kept,
    )
    return MoveResult(game=game, events=events)


def _deck_source(game: Game) -> CommittedDecks:
    """What a move at `game` shuffles with: a reshuffle takes the order of the round's
    committed reshuffle deck, read only if the stock runs out."""

    def reserve() -> str | None:
        return _unused_reserve(game).values_list("deck", flat=True).first()

    return CommittedDecks(new_deck_source(), game.table.engine_rules(), reserve)


def _unused_reserve(game: Game) -> QuerySet[Deal]:
    # At most one: the round's reshuffle deck committed last, not yet dealt from.
    return Deal.objects.filter(
        game=game, purpose=Deal.RESHUFFLE, used_seq__isnull=True, revealed_seq__isnull=True
    )


def _record(
    game: Game,
    state: engine.GameState,
    events: list[engine.Event],
    decks: CommittedDecks,
    *,
    by_bot_seat: int | None = None,
    human: bool = False,
    players_kept: bool = False,
) -> None:
    """Append `events` to the log, keep the deck commitments, and save the snapshot.
    `by_bot_seat`: the seat a bot moved for (its moves' rows say so); `human`: a person
    moved (the abandoned-game clock starts again); `players_kept`: the players read
    under the lock are still as saved, and stay in hand at the new seq (unless the
    game is over: its results change them)."""
    first = game.seq + 1
    rows = []
    for offset, event in enumerate(events):
        stored = engine_events.to_dict(event)
        by_bot = event.seat == by_bot_seat and event.kind in engine_events.MOVE_KINDS
        rows.append(GameEvent(game=game, seq=first + offset, by_bot=by_bot, **stored))
    GameEvent.objects.bulk_create(rows)
    # Before the snapshot is replaced: it says which round a reshuffle belongs to.
    _commit_decks(game, first, events, decks)
    now = timezone.now()
    before = game.state
    if state.turn is None:
        game.turn_started_at = None
    elif (before.get("turn"), before.get("round_no"), before.get("turns_taken")) != (
        state.turn,
        state.round_no,
        state.turns_taken,
    ) or game.turn_started_at is None:
        game.turn_started_at = now  # a new turn (a draw and a discard are one turn)
    game.seq = first + len(events) - 1
    game.state = state_to_dict(state)
    if players_kept and state.outcome is None:
        game.carry_over("_players")
    update = ["seq", "state", "turn_started_at"]
    if human:
        game.human_moved_at = now
        update.append("human_moved_at")
    if state.outcome is not None:
        game.status = Game.FINISHED
        game.end_reason = Game.PLAYED_OUT
        game.finished_at = now
        update += ["status", "end_reason", "finished_at"]
        GamePlayer.objects.filter(game=game, position__in=state.outcome.winners).update(won=True)
        _store_results(game, state, ended_early=False)
    game.turn_deadline = _deadline(game, state)
    update += ["turn_deadline", "updated_at"]
    game.save(update_fields=update)
    notify.game_changed(game)


def _append(game: Game, events: list[engine.Event], update: list[str] | None = None) -> None:
    """Append table events to the log: the snapshot and the turn's deadline and start
    stay as they are, and so does `updated_at` (the stalled-bot clock) unless it is in
    `update`, the other fields to save."""
    first = game.seq + 1
    GameEvent.objects.bulk_create(
        GameEvent(game=game, seq=first + offset, **engine_events.to_dict(event))
        for offset, event in enumerate(events)
    )
    game.seq = first + len(events) - 1
    game.save(update_fields=["seq", *(update or [])])


def _commit_decks(
    game: Game, first_seq: int, events: list[engine.Event], decks: CommittedDecks
) -> None:
    """Commit to every deck dealt from, and reveal each once used up (`games.shuffles`).
    Each row is stamped with its events' seqs: a view shows what its snapshot's seq
    shows. A move that ends a round and deals the next costs two queries."""
    round_no = game.state.get("round_no", 0)
    for seq, event in enumerate(events, start=first_seq):
        if event.kind == "dealer_chosen" and "deck" in event.secret:
            # Cut or drawn from and used up at once, before the first deal.
            _deal(game, 0, Deal.FIRST_DEALER, event.secret["deck"], seq, used=seq).save()
        elif event.kind == "round_started":
            round_no = event.data["round_no"]
            rows = [_deal(game, round_no, Deal.ROUND, event.secret["deck"], seq, used=seq)]
            if decks.reshuffles:
                rows.append(_deal(game, round_no, Deal.RESHUFFLE, decks.new_deck(), seq, number=1))
            Deal.objects.bulk_create(rows)
        elif event.kind == "reshuffled":
            _reshuffled(game, round_no, seq, event, decks)
        elif event.kind == "round_ended":
            round_deals = Deal.objects.filter(game=game, round_no=event.data["round_no"])
            round_deals.filter(revealed_seq__isnull=True).update(revealed_seq=seq)
        elif event.kind == "game_ended":
            # Nothing is hidden once the game is over (every round has ended first).
            Deal.objects.filter(game=game, revealed_seq__isnull=True).update(revealed_seq=seq)


def _reshuffled(
    game: Game, round_no: int, seq: int, event: engine.Event, decks: CommittedDecks
) -> None:
    """The stock was reshuffled in the order of the round's reshuffle deck: mark it
    used, and commit to the next one now, before anyone discards again."""
    reserve = _unused_reserve(game).first()
    if reserve is not None:
        reserve.used_seq = seq
        reserve.save(update_fields=["used_seq"])
        number = reserve.number + 1
    else:  # a round dealt before reshuffle decks were kept: committed as it is used
        earlier = Deal.objects.filter(game=game, round_no=round_no, purpose=Deal.RESHUFFLE)
        number = earlier.count() + 1
        _deal(game, round_no, Deal.RESHUFFLE, event.secret["stock"], seq, number, used=seq).save()
        number += 1
    _deal(game, round_no, Deal.RESHUFFLE, decks.new_deck(), seq, number).save()


def _deal(
    game: Game,
    round_no: int,
    purpose: str,
    cards: tuple[engine.Card, ...],
    seq: int,
    number: int = 0,
    used: int | None = None,
) -> Deal:
    """A new commitment to `cards`, published with the snapshot at `seq`; a deck used
    up at once (the first dealer's) is revealed with it."""
    deck = engine.format_cards(cards)
    salt = new_salt()
    return Deal(
        game=game,
        round_no=round_no,
        purpose=purpose,
        number=number,
        commitment=deck_commitment(salt, deck),
        salt=salt,
        deck=deck,
        committed_seq=seq,
        used_seq=used,
        revealed_seq=seq if purpose == Deal.FIRST_DEALER else None,
    )


def _deadline(game: Game, state: engine.GameState) -> datetime | None:
    seconds = game.table.turn_timer
    if not seconds or state.turn is None:
        return None
    return timezone.now() + timedelta(seconds=seconds)
