"""A Swiss event's rounds (docs/design.md §14): each seated from the standings of the
rounds before it (`tournaments.seating`), each table a `games.Table` playing one whole
game, recorded as places. The caller holds the event's row lock."""

from __future__ import annotations

from django.db import IntegrityError

from games.errors import ServiceError
from tournaments import progress, seating
from tournaments import standings as tally
from tournaments.formats.swiss import results
from tournaments.models import Bye, Entry, Event, Round, RoundTable
from tournaments.tables import open_event_tables, round_seat_specs, start_event_game

# The level of the bots that fill empty seats: a fair opponent, not a pushover.
BOT_LEVEL = "medium"


def seat(event: Event, number: int) -> Round:
    """Seat round `number` from the standings of the rounds before it: tables as close to
    the preferred size as the bounds allow, filled with bots (or, with bots off, the
    lowest-ranked players without a bye yet sit out with a bye)."""
    players = list(
        Entry.objects.filter(event=event, status=Entry.REGISTERED, first_round__lte=number)
        .order_by("registered_at", "pk")
        .values_list("pk", flat=True)
    )
    rows = results.standings(event, before_round=number)
    scores = {row.player: row.points for row in rows}
    seed = f"{event.seed}:{number}"
    try:
        plan = seating.table_sizes(len(players), event.table_size, event.table_min, event.table_max)
    except ValueError as error:
        raise ServiceError(str(error)) from error
    sitting_out: list[int] = []
    bots: list[str] = []
    if plan.bots_needed and event.bots_fill:
        bots = [f"bot-{k}" for k in range(plan.bots_needed)]
    elif plan.bots_needed:
        # The fewest byes that let the rest sit at full tables.
        for count in range(1, len(players) - 1):
            rest = seating.table_sizes(
                len(players) - count, event.table_size, event.table_min, event.table_max
            )
            if not rest.bots_needed:
                break
        else:
            raise ServiceError(
                f"{len(players)} players cannot be seated at tables of {event.table_min} to "
                f"{event.table_max} without bots: let bots fill seats."
            )
        sitting_out = _bye_players(event, rows, players, count)
        players = [p for p in players if p not in sitting_out]
        plan = rest
    met = tally.meetings(results.finished_tables(event, before_round=number))
    seated = seating.seat_round(
        [*players, *bots],
        scores,
        met,
        plan.sizes,
        seed,
        dealer_counts=results.dealer_counts(event),
    )
    try:
        round_ = Round.objects.create(event=event, number=number, seed=seed)
    except IntegrityError as error:  # unreachable under the event lock; a backstop
        raise ServiceError(f"Round {number} is already seated.") from error
    for k, table in enumerate(seated, start=1):
        progress.write_table(
            round_,
            k,
            [(k, BOT_LEVEL if isinstance(who, str) else who) for k, who in enumerate(table)],
        )
    Bye.objects.bulk_create(
        Bye(round=round_, entry_id=entry_id, points=event.bye_points) for entry_id in sitting_out
    )
    if event.venue == Event.CARDS:  # every table plays with real cards (§21)
        round_.tables.update(cards=True)
    elif event.venue == Event.MIXED:
        _cards_as_before(round_)
    return round_


def _cards_as_before(round_: Round) -> None:
    """A mixed event's round is seated with cards at the tables that played with cards
    the round before, by number (the room's tables with a deck on them), but never a
    table with a bot: the organizer sees them ticked and changes them before starting
    it. Forgetting to tick them would start those tables online, which cannot be undone
    (docs/design.md §21)."""
    before = RoundTable.objects.filter(
        round__event_id=round_.event_id, round__number=round_.number - 1, cards=True
    ).values_list("number", flat=True)
    round_.tables.filter(number__in=list(before)).exclude(seats__entry__isnull=True).update(
        cards=True
    )


def _bye_players(event: Event, rows: list[tally.Row], players: list[int], count: int) -> list[int]:
    """Who sits out when bots may not fill seats: the lowest-ranked players without a bye
    so far (as lichess gives its bye), then the lowest-ranked."""
    had = set(Bye.objects.filter(round__event=event, late=False).values_list("entry_id", flat=True))
    rank = {row.player: i for i, row in enumerate(rows)}
    order = sorted(players, key=lambda p: (p in had, -rank.get(p, 0)))
    return order[:count]


def start_tables(event: Event, round_: Round) -> None:
    """Open and start a `games.Table` for each of the round's tables: hosted by no one,
    started by the system, playing the event's frozen rules, the first dealer at seat 0
    (the seating put the player who has dealt first least often there). A card table
    gets neither: it plays with real cards in the room (docs/design.md §21)."""
    tables = list(round_.tables.filter(cards=False).prefetch_related("seats__entry__user"))
    seats = [list(table.seats.all()) for table in tables]
    # The round's tables opened in two queries, then each dealt; the round tables
    # written back in one.
    opened = open_event_tables(
        event,
        [
            (f"round {round_.number}, table {table.number}", round_seat_specs(sat), len(sat))
            for table, sat in zip(tables, seats, strict=True)
        ],
    )
    for table, games_table in zip(tables, opened, strict=True):
        table.table = games_table
        table.game = start_event_game(round_, games_table, dealer=0)
    RoundTable.objects.bulk_update(tables, ["table", "game"])


def record_game(game_id: int) -> Round | None:
    """A table's game is over: each seat's place. None when already recorded."""
    table = progress.unrecorded_table(game_id)
    if table is None:
        return None
    progress.record_places(table)
    return table.round
