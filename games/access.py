"""Who may see and do what at a table: the one place these rules are decided (the
table views, the game socket, the page's rendering and the services ask here).

- `viewer(game, user)`: the seat `user` plays at, or a spectator, or refused.
- `may_watch(user, table)`: public tables are open to everyone; private ones to the
  people seated there or playing the game shown (newcomers come through the invite
  link's page), to the host, and to staff, who may end a game or let a bot play
  there (as spectators: no hand shown).
- `is_host(user, table)` and `manager_role(user, table)`: the host runs the table;
  the host or staff may manage a game's players ("host" or "staff", or None);
  `may_free_seat`: players leave their own seat, the host removes anyone else.
- `seats_itself(table)`: people take and leave seats themselves, but at a table the
  system starts (a tournament's), whose seats its opener sets alone.
- `replay_sides(game)`: the sides a replay of `game` may be seen from (issue 26).
- A sealed game (`Game.sealed`: a duplicate board still played at other tables) is
  seen by its own players only -- not spectators, not the host, not staff -- and
  cannot be replayed until the tournament unseals it.
- `review_seats(user, game)`: whose decisions in the bots' review of `game` `user` may
  read.
- `may_chat(user, table, seats)`: who writes in a table's chat -- its players;
  everyone who may watch the table reads it. `may_mute`: the host or staff.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games import running_events
from games.models import Game, GamePlayer, Seat, Table


@dataclass(frozen=True)
class Viewer:
    """How `user` sees a game: `allowed` or refused, at `seat` (None: a spectator)."""

    allowed: bool
    seat: int | None = None


REFUSED = Viewer(False)


def _signed_in(user: Any) -> bool:
    return user is not None and user.is_authenticated


def hosted_by(table: Table, user_id: int | None) -> bool:
    """Whether the user `user_id` hosts (owns) `table`."""
    return user_id is not None and table.owner_id == user_id


def seats_itself(table: Table) -> bool:
    """Whether people take and leave `table`'s seats themselves. Not where the system
    starts the games (a tournament's table): whoever opened it seats it
    (`games.services.set_seats`), and nobody else may sit down there, now or later.
    The one rule: the services' join and leave and the table page's Take a seat ask
    here."""
    return table.starters != Table.STARTED_BY_SYSTEM


def starts_games(table: Table, user_id: int | None, *, seated: bool) -> bool:
    """Whether the person `user_id` may start `table`'s games (`Table.starters`): the
    host; at a table its players start, anyone `seated` there; nobody where the system
    starts them. The one rule: `games.services.start_game` (which tells a refused
    person who may), the table page's Start button and the game-over panel's Deal
    again all ask here."""
    if user_id is None:
        return False
    if table.starters == Table.STARTED_BY_PLAYERS:
        return seated
    return table.starters == Table.STARTED_BY_OWNER and hosted_by(table, user_id)


def is_host(user: Any, table: Table) -> bool:
    """Whether `user` hosts (owns) `table`."""
    return _signed_in(user) and hosted_by(table, user.pk)


def may_free_seat(user: Any, table: Table, seat: Seat | None) -> bool:
    """Whether `user` may free `seat` (between games, at an open table): players leave
    their own seat; the host, who keeps theirs, removes anyone else; nobody at a table
    the system seats (`seats_itself`)."""
    return (
        _signed_in(user)
        and seats_itself(table)
        and not table.is_closed
        and seat is not None
        and not hosted_by(table, seat.user_id)
        and (is_host(user, table) or seat.user_id == user.pk)
    )


def manager_role(user: Any, table: Table) -> str | None:
    """Why `user` may manage the games at `table`: "host", "staff", or None."""
    if is_host(user, table):
        return "host"
    if _signed_in(user) and user.is_staff:
        return "staff"
    return None


def players(game: Game) -> list[GamePlayer]:
    """`game`'s players, read once per instance and seq."""
    return game.once_per_seq("_players", lambda: list(game.players.all()))


def seat_at(game: Game, user: Any) -> int | None:
    """The engine seat `user` plays at `game`, or None (a spectator)."""
    if not _signed_in(user):
        return None
    return next((p.position for p in players(game) if p.user_id == user.pk), None)


def may_watch(
    user: Any, table: Table, seats: list[Seat] | None = None, game: Game | None = None
) -> bool:
    """Whether `user` may see `table` (and `game`, played there): see the module's
    docstring. `seats`: the table's seats, when the caller has them."""
    if game is not None and game.sealed:
        return seat_at(game, user) is not None
    if table.is_public or manager_role(user, table) is not None:
        return True
    if not _signed_in(user):
        return False
    if game is not None and seat_at(game, user) is not None:
        return True
    if seats is None:
        return table.seats.filter(user=user).exists()
    return any(seat.user_id == user.pk for seat in seats)


def viewer(game: Game, user: Any) -> Viewer:
    """`user`'s seat at `game`, or a spectator, or refused."""
    seat = seat_at(game, user)
    if seat is not None:
        return Viewer(True, seat)
    return Viewer(True) if may_watch(user, game.table, game=game) else REFUSED


def viewer_of(game_id: int, user: Any) -> Viewer:
    """As `viewer`, for a game known by id (refused if there is none)."""
    game = Game.objects.select_related("table").filter(pk=game_id).first()
    return REFUSED if game is None else viewer(game, user)


# A replay's sides besides a seat's number: as a spectator saw it, or every hand face up.
WATCH, FACE_UP = "watch", "all"


def replay_sides(game: Game, seat_count: int) -> list[str]:
    """The sides from which anyone who may watch `game` may replay it.

    While it is played, only a spectator's: a player's view would show their hand to
    whoever asks for it, and every hand face up would show everyone's. Once it is over,
    every side: a seat's hand as its player held it, or all hands face up. (In a round
    that never ended -- the last one of a game ended early -- no side shows a hand:
    games.archive.board.) A sealed game, none: it is the same deal as another
    table's game still in play."""
    if game.sealed:
        return []
    if game.in_play:
        return [WATCH]
    return [WATCH, FACE_UP, *(str(seat) for seat in range(seat_count))]


def review_seats(user: Any, game: Game) -> set[int]:
    """The seats whose decisions in the bots' review of `game` `user` may read
    (docs/bots.md#who-sees-a-review): none while the game is played or sealed; while
    its event is still running (`running_events`), a player their own only; otherwise
    every seat, to anyone who may watch the game. The one rule: the replay's lines and
    the game page's summary ask here. (A line that names a card is shown only on a
    replay side that shows that hand: `games.archive.reviews`.)"""
    if game.in_play or game.sealed:
        return set()
    if game.once_per_seq("_event_running", lambda: running_events.event_running(game)):
        seat = seat_at(game, user)
        return set() if seat is None else {seat}
    if not may_watch(user, game.table, game=game):
        return set()
    return {p.position for p in players(game)}


def may_chat(user: Any, table: Table, seats: list[Seat] | None = None) -> bool:
    """Whether `user` may write in `table`'s chat: the people seated there (while a
    game is played, its players; a muted player may not: games.chat). Spectators read
    it only: a table's talk is its players' to hold, and a spectator knows no card a
    player does not. `seats`: the table's seats, when the caller has them."""
    if not _signed_in(user):
        return False
    if seats is None:
        return table.seats.filter(user=user).exists()
    return any(seat.user_id == user.pk for seat in seats)


def may_mute(user: Any, table: Table) -> bool:
    """Whether `user` may mute a player in `table`'s chat: the host, or staff."""
    return manager_role(user, table) is not None
