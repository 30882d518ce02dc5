"""The club and the eight events of the upgrade snapshot, built through the services.

One club, its owner, an organizer and ten members. Each format of
docs/tournaments.md#swiss, docs/tournaments.md#knockout, docs/tournaments.md#duplicate
as it is stored today (Swiss; a knockout balanced deal by deal, `knockout_top` 0; a
top-q knockout, `knockout_top` 2; duplicate) once finished and once running with some of
its current round played. Games are played by the tests' own means
(tests/games/playing.py's `play_out`, with tests/conftest.py's seeded decks and bots and
inline tasks): a game's last move records its table, and the event goes on by itself.
The rules are the club's own "Quick scat" (one life), so events end in a few games.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q

from clubs import services as clubs
from clubs.models import Club, Membership
from games.models import Game, RuleSet
from tests.games.playing import play_out
from tests.tournaments.upgrade.clock import StoppedClock
from tournaments import services
from tournaments.models import Event, Round

# The day the snapshot's events are played (the clock's start, a Friday).
DAY = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
OWNER, ORGANIZER = "olive", "oscar"
MEMBERS = ("ada", "ben", "cleo", "dan", "eve", "finn", "gus", "hana", "ivo", "jan")
PASSWORD = "cards-on-the-table"
MOST_GAMES = 200  # an event of six at one life ends long before: a stuck one fails


@dataclass(frozen=True)
class Plan:
    """An event to build: its create options, players, and how far to play it. A running
    event stops after `games` games, which the plan chose so that its current round (or
    deal) has a table (or board) finished and another still in play."""

    name: str
    options: dict[str, Any]
    players: tuple[str, ...]
    finished: bool
    games: int = 0


# Tables of 3: short games, and two tables for six players.
TABLES = {"table_size": 3, "table_min": 3, "table_max": 3}
SWISS = {"format": Event.SWISS, "rounds": 2, **TABLES}
KNOCKOUT = {"format": Event.KNOCKOUT, "knockout_top": 0, **TABLES}
TOP_Q = {"format": Event.KNOCKOUT, "knockout_top": 2, **TABLES}
DUPLICATE = {"format": Event.DUPLICATE, "boards": 2, **TABLES}
SIX, LAST_SIX, FIVE = MEMBERS[:6], MEMBERS[4:], MEMBERS[5:]
FIRST_FOUR, LAST_FOUR = MEMBERS[:4], MEMBERS[6:]

PLANS = (
    Plan("Swiss (finished)", SWISS, SIX, finished=True),
    # Round 1's two tables, then the first of round 2's.
    Plan("Swiss (running)", SWISS, FIVE, finished=False, games=3),
    Plan("Knockout (finished)", KNOCKOUT, SIX, finished=True),
    # Deal 1 at both tables, then deal 2 at the first.
    Plan("Knockout (running)", KNOCKOUT, LAST_SIX, finished=False, games=3),
    Plan("Top 2 knockout (finished)", TOP_Q, SIX, finished=True),
    # Round 1's first table.
    Plan("Top 2 knockout (running)", TOP_Q, LAST_SIX, finished=False, games=1),
    Plan("Duplicate (finished)", {**DUPLICATE, "rounds": 2}, LAST_FOUR, finished=True),
    # Board 1 at both tables (revealed), then board 2 at the first (still sealed).
    Plan("Duplicate (running)", {**DUPLICATE, "rounds": 1}, FIRST_FOUR, finished=False, games=3),
)


@dataclass
class Built:
    club: Club
    organizer: Any
    events: list[Event]


def build(clock: StoppedClock) -> Built:
    """The club and every plan's event, one after another on the clock: each event
    starts an hour after the one before, and each game takes a minute."""
    users = _users()
    owner, organizer = users[OWNER], users[ORGANIZER]
    club = clubs.create_club(
        by=owner, name="Kitchen Club", description="Cards on Fridays.", join_policy=Club.OPEN
    )
    for name in (ORGANIZER, *MEMBERS):
        clock.advance(minutes=1)
        clubs.join(by=users[name], club=club)
    membership = Membership.objects.get(club=club, user=organizer)
    clubs.set_role(by=owner, membership=membership, role=Membership.ORGANIZER)
    quick = clubs.create_rule_set(
        by=organizer, club=club, name="Quick scat", preset="scat", changes={"lives": 1}
    ).rule_set
    events = []
    for k, plan in enumerate(PLANS):
        starts_at = DAY + timedelta(hours=2 + k)
        events.append(_event(plan, club, organizer, quick, users, clock, starts_at))
    return Built(club, organizer, events)


def _users() -> dict[str, Any]:
    user_model = get_user_model()
    return {
        name: user_model.objects.create_user(name, password=PASSWORD)
        for name in (OWNER, ORGANIZER, *MEMBERS)
    }


def _event(
    plan: Plan,
    club: Club,
    organizer: Any,
    rules: RuleSet,
    users: dict[str, Any],
    clock: StoppedClock,
    starts_at: datetime,
) -> Event:
    clock.set(starts_at - timedelta(minutes=30))
    event = services.create_event(
        club=club,
        by=organizer,
        name=plan.name,
        rule_set=rules,
        starts_at=starts_at,
        turn_timer=0,
        **plan.options,
    )
    for name in plan.players:
        clock.advance(minutes=1)
        services.register(event=event, user=users[name])
    clock.set(starts_at)
    services.start_event(event=event, by=organizer)
    if plan.finished:
        _play(event, clock, MOST_GAMES)
        event.refresh_from_db()
        if event.status != Event.FINISHED:
            raise AssertionError(f"{plan.name} did not end in {MOST_GAMES} games")
    else:
        _play(event, clock, plan.games)
        _check_running(event, plan)
    return event


def games_in_play(event: Event) -> list[Game]:
    """The event's games being played, oldest first: a Swiss or knockout table's game,
    or a duplicate table's game of a board."""
    return list(
        Game.objects.filter(status=Game.PLAYING)
        .filter(Q(event_table__round__event=event) | Q(board_play__board__round__event=event))
        .order_by("pk")
    )


def _play(event: Event, clock: StoppedClock, games: int) -> None:
    """Play `games` games to their end, oldest first (fewer if the event ends)."""
    for _ in range(games):
        # A game that ended as it was dealt (a 31 in a hand) is recorded by the sweep,
        # as beat's is in production.
        services.sweep()
        waiting = games_in_play(event)
        if not waiting:
            return
        clock.advance(minutes=1)
        play_out(waiting[0])


def _check_running(event: Event, plan: Plan) -> None:
    """What a running plan promises: the event runs, and its current round has a table
    (or a board at a table) finished and a game still in play."""
    event.refresh_from_db()
    current = event.round_set.filter(status=Round.PLAYING).get()
    tables_finished = current.tables.filter(finished_at__isnull=False).exists()
    boards_finished = current.boards.filter(plays__finished_at__isnull=False).exists()
    if event.status != Event.RUNNING or not games_in_play(event):
        raise AssertionError(f"{plan.name}: not running with a game in play")
    if not (tables_finished or boards_finished):
        raise AssertionError(f"{plan.name}: round {current.number} has nothing finished yet")
