"""A Swiss event's rounds (docs/tournaments.md#swiss): each seated from the standings of the
rounds before it (`tournaments.formats.swiss.seating`), each table a `games.Table` playing one whole
game, recorded as places. The caller holds the event's row lock."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from django.db import IntegrityError
from django.utils.translation import gettext as _

from games.errors import ServiceError
from tournaments import keep_apart, progress
from tournaments.formats.seated import SeatedRounds
from tournaments.formats.swiss import results, seating
from tournaments.formats.swiss import standings as tally
from tournaments.models import Bye, Entry, Event, Round, RoundTable
from tournaments.tables import (
    open_event_tables,
    round_seat_specs,
    start_event_game,
    table_name,
)

# The level of the bots that fill empty seats: a fair opponent, not a pushover.
BOT_LEVEL = "medium"


@dataclass(frozen=True)
class Inputs:
    """What a Swiss round is drawn from
    (docs/fair-seating.md#everything-that-changes-a-seating-is-recorded): the players to
    seat (in the order they registered), the standings before the round (everyone
    entered then), who has met whom, who has dealt first how often, who has sat out, the
    event's tables and the round's seed. Everything but the seed is public once the
    round is played."""

    players: tuple[int, ...]
    rows: tuple[tally.Row[int], ...]
    met: dict[frozenset[Hashable], int]
    dealer_counts: dict[int, int]
    had_bye: frozenset[int]
    table_size: int
    table_min: int
    table_max: int
    bots_fill: bool
    seed: str
    # Version 2's keep-apart pairs among the players, entry ids in their one order, as
    # recorded with the round (`Round.kept_apart`, docs/fair-seating.md#keep-apart-pairs).
    apart: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Drawn:
    """A round as drawn: its tables in order, each seat an entry id or a bot ("bot-k"),
    and who sits out with a bye."""

    tables: tuple[tuple[int | str, ...], ...]
    byes: tuple[int, ...]


def inputs(
    event: Event,
    number: int,
    players: list[int],
    as_of: results.AsOf,
    apart: Sequence[Sequence[int]] = (),
) -> Inputs:
    """Round `number`'s inputs for `players`, read from the records as they stood at
    `as_of`: now, when it is drawn; the moment it was drawn, when the verify page draws
    it again. `apart`: the keep-apart pairs it honours (the event's now; the round's
    recorded ones when drawn again)."""
    return Inputs(
        players=tuple(players),
        rows=tuple(results.standings(event, before_round=number, as_of=as_of)),
        met=tally.meetings(results.finished_tables(event, before_round=number, as_of=as_of)),
        dealer_counts=results.dealer_counts(event, before_round=number),
        had_bye=results.had_byes(event, before_round=number),
        table_size=event.table_size,
        table_min=event.table_min,
        table_max=event.table_max,
        bots_fill=event.bots_fill,
        seed=f"{event.seed}:{number}",
        apart=tuple((a, b) for a, b in apart),
    )


def draw(given: Inputs) -> Drawn:
    """Seat a round from its inputs (pure): tables as close to the preferred size as the
    bounds allow, filled with bots (or, with bots off, the lowest-ranked players without
    a bye yet sit out), seated by `seating.seat_round` with the round's seed. Raises
    ServiceError with a sentence for a field that cannot be seated."""
    players = list(given.players)
    # Bots ("bot-k") are seated with the players, with no score and no deals yet.
    scores: dict[int | str, float] = {row.player: row.points for row in given.rows}
    dealt: dict[int | str, int] = dict(given.dealer_counts.items())
    try:
        plan = seating.table_sizes(len(players), given.table_size, given.table_min, given.table_max)
    except ValueError as error:
        raise ServiceError(str(error)) from error
    sitting_out: list[int] = []
    bots: list[str] = []
    if plan.bots_needed and given.bots_fill:
        bots = [f"bot-{k}" for k in range(plan.bots_needed)]
    elif plan.bots_needed:
        # The fewest byes that let the rest sit at full tables.
        for count in range(1, len(players) - 1):
            rest = seating.table_sizes(
                len(players) - count, given.table_size, given.table_min, given.table_max
            )
            if not rest.bots_needed:
                break
        else:
            raise ServiceError(
                _(
                    "%(count)s players cannot be seated at tables of %(smallest)s to "
                    "%(largest)s without bots: let bots fill seats."
                )
                % {
                    "count": len(players),
                    "smallest": given.table_min,
                    "largest": given.table_max,
                }
            )
        sitting_out = _bye_players(given.rows, given.had_bye, players, count)
        players = [p for p in players if p not in sitting_out]
        plan = rest
    everyone: list[int | str] = [*players, *bots]
    seated = seating.seat_round(
        everyone, scores, given.met, plan.sizes, given.seed, dealer_counts=dealt, apart=given.apart
    )
    return Drawn(tables=tuple(tuple(table) for table in seated), byes=tuple(sitting_out))


def _cards_as_before(round_: Round) -> None:
    """A mixed event's round is seated with cards at the tables that played with cards
    the round before, by number (the room's tables with a deck on them), but never a
    table with a bot: the organizer sees them ticked and changes them before starting
    it. Forgetting to tick them would start those tables online, which cannot be undone
    (docs/club-night.md#card-tables-carried-round-to-round)."""
    before = RoundTable.objects.filter(
        round__event_id=round_.event_id, round__number=round_.number - 1, cards=True
    ).values_list("number", flat=True)
    round_.tables.filter(number__in=list(before)).exclude(seats__entry__isnull=True).update(
        cards=True
    )


def _bye_players(
    rows: Sequence[tally.Row[int]], had: frozenset[int], players: list[int], count: int
) -> list[int]:
    """Who sits out when bots may not fill seats: the lowest-ranked players without a bye
    so far (as lichess gives its bye), then the lowest-ranked."""
    rank = {row.player: i for i, row in enumerate(rows)}
    order = sorted(players, key=lambda p: (p in had, -rank.get(p, 0)))
    return order[:count]


class SwissRounds(SeatedRounds):
    """A Swiss event's rounds: each seated from the standings (`draw`), its tables'
    games opened and started, each recorded as places."""

    def seat(self, event: Event, number: int) -> Round:
        """Seat round `number` from the standings of the rounds before it (`draw`), noting
        what the drawing saw (`Round.drawn_entries`, `drawn_corrections`) so it can be drawn
        again from the records."""
        players = list(
            Entry.objects.filter(event=event, status=Entry.REGISTERED, first_round__lte=number)
            .order_by("registered_at", "pk")
            .values_list("pk", flat=True)
        )
        as_of = results.AsOf.now(event)
        apart = keep_apart.pairs_for(event, players)
        drawn = self.drawn(event, inputs(event, number, players, as_of, apart))
        try:
            round_ = Round.objects.create(
                event=event,
                number=number,
                seed=f"{event.seed}:{number}",
                drawn_entries=as_of.entries,
                drawn_corrections=as_of.corrections,
                kept_apart=[list(p) for p in apart],
            )
        except IntegrityError as error:  # unreachable under the event lock; a backstop
            raise ServiceError(
                _("Round %(number)s is already seated.") % {"number": number}
            ) from error
        for k, table in enumerate(drawn.tables, start=1):
            progress.write_table(
                round_,
                k,
                [(k, BOT_LEVEL if isinstance(who, str) else who) for k, who in enumerate(table)],
            )
        Bye.objects.bulk_create(
            Bye(round=round_, entry_id=entry_id, points=event.bye_points) for entry_id in drawn.byes
        )
        # every table plays with real cards (docs/club-night.md#card-tables)
        if event.venue == Event.CARDS:
            round_.tables.update(cards=True)
        elif event.venue == Event.MIXED:
            _cards_as_before(round_)
        return round_

    def drawn(self, event: Event, given: Inputs) -> Drawn:
        """The round drawn from `given` (`draw`): a format built on Swiss rounds may draw
        them its own way (a team battle spreads its teams)."""
        return draw(given)

    def start_round(self, event: Event, round_: Round) -> None:
        """Open and start a `games.Table` for each of the round's tables: hosted by no one,
        started by the system, playing the event's frozen rules, the first dealer at seat 0
        (the seating put the player who has dealt first least often there). A card table
        gets neither: it plays with real cards in the room (docs/club-night.md#card-tables)."""
        tables = list(round_.tables.filter(cards=False).prefetch_related("seats__entry__user"))
        seats = [list(table.seats.all()) for table in tables]
        # The round's tables opened in two queries, then each dealt; the round tables
        # written back in one.
        opened = open_event_tables(
            event,
            [
                (
                    table_name(event, table.number, round_number=round_.number),
                    round_seat_specs(sat),
                    len(sat),
                )
                for table, sat in zip(tables, seats, strict=True)
            ],
        )
        for table, games_table in zip(tables, opened, strict=True):
            table.table = games_table
            table.game = start_event_game(round_, games_table, dealer=0)
        RoundTable.objects.bulk_update(tables, ["table", "game"])

    def record_game(self, event: Event, game_id: int) -> Round | None:
        """A table's game is over: each seat's place. None when already recorded."""
        table = progress.unrecorded_table(game_id)
        if table is None:
            return None
        progress.record_places(table)
        return table.round
