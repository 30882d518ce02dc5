"""Top-q knockout events (docs/tournaments.md#top-q): "top q of each table go through" rounds
(Board Game Arena's multiplayer elimination; `Event.top_q` = q >= 1), instead of
balancing tables deal by deal (tournaments.formats.knockout).

Each round seats the players still in from scratch (`balancing.first_tables`, seeded
by the event's seed and the round's number) at new tables of the preferred size; each
table plays a whole game of the event's rules (every player starting with the rules'
lives). When every table's game is over, `balancing.top_q` sends the first q of each
table through and ranks the others after them by their place at their table. q is
lowered, for that round only, to one less than the smallest table's size, and by
`top_q` further when every table ties at the cut, so that each round puts someone out
and the event always ends. When everyone left fits at one
table, that table is the final: its game's places are the event's first places.
Everything runs under the event lock held by `tournaments.services`.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments import keep_apart
from tournaments.formats.knockout import balancing
from tournaments.formats.knockout.rounds import (
    KnockoutRounds,
    first_dealer,
    layout_seat_specs,
    seated,
)
from tournaments.models import Entry, Event, KnockoutPlayer, Round, RoundTable
from tournaments.progress import (
    finish_round,
    mark_finished,
    playing_round,
    record_card_places,
    record_places,
    write_table,
)
from tournaments.tables import open_event_table, start_event_game, table_name


def _end_round(event: Event, round_: Round) -> None:
    n = round_.number
    players = {
        p.entry_id: p
        for p in KnockoutPlayer.objects.filter(event=event, out_deal__isnull=True).select_related(
            "entry"
        )
    }
    tables: list[list[tuple[int, int]]] = []
    for table in round_.tables.select_related("game").order_by("number"):
        seats = list(table.seats.order_by("position"))
        # A card table's result is its order only: lives left are a game's to say.
        state = None if table.cards else table.game.engine_state()
        row = []
        for index, seat in enumerate(seats):
            player = players[seat.entry_id]
            if state is not None:
                player.lives = state.players[index].lives
            row.append((seat.entry_id, seat.place or len(seats)))
        tables.append(row)
    if len(tables) == 1:  # the final: its game's places are the event's first places
        for entry_id, place in tables[0]:
            players[entry_id].place = place
            if place != 1:
                players[entry_id].out_deal = n
        through: tuple[int, ...] = ()
    else:
        q = min(event.top_q, min(len(row) for row in tables) - 1)
        # A player who withdrew goes no further: last at their table.
        ranked = [
            [(p, place if players[p].entry.active else len(row) + 1) for p, place in row]
            for row in tables
        ]
        cut = balancing.top_q(ranked, q)
        for entry_id, place in cut.places.items():
            players[entry_id].place, players[entry_id].out_deal = place, n
        through = cut.through
        if len(through) == 1:
            players[through[0]].place = 1
    for player in players.values():
        player.save(update_fields=["lives", "out_deal", "place"])
    finish_round(round_)
    if len(through) <= 1:
        mark_finished(event)
        return
    _seat_round(event, n + 1, list(through))


def _seat_round(event: Event, number: int, players: list[int]) -> Round:
    """Seat `players` from scratch at new tables and start a whole game at each, dealt
    first by the player after the drawn button."""
    users = {e.pk: e.user for e in Entry.objects.filter(pk__in=players).select_related("user")}
    apart = keep_apart.pairs_for(event, players)
    layout = balancing.first_tables(players, event.table_size, f"{event.seed}:{number}", apart)
    round_ = playing_round(event, number)
    keep_apart.record(round_, apart)
    final = len(layout) == 1
    for table in layout:
        # real cards in the room: no games.Table (docs/club-night.md#card-tables)
        if event.venue == Event.CARDS:
            cards = write_table(round_, number=table.number, seats=seated(table))
            cards.cards, cards.dealer = True, first_dealer(table)
            cards.save(update_fields=["cards", "dealer"])
            continue
        opened = open_event_table(
            event,
            table_name(event, table.number, round_number=number, final=final),
            layout_seat_specs(table, users),
            len(table.seats),
        )
        occupied = seated(table)
        round_table = write_table(round_, table.number, occupied, table=opened)
        round_table.game = start_event_game(
            round_, opened, dealer=[k for k, _ in occupied].index(first_dealer(table))
        )
        round_table.save(update_fields=["game"])
    return round_


class TopQRounds(KnockoutRounds):
    """A top-q knockout's rounds: whole games, the first q of each table through."""

    def start(self, event: Event) -> Round:
        """Give every registered player the rules' lives and seat round 1. The caller holds
        the event lock and has set the event running."""
        return _seat_round(event, 1, [e.pk for e in self.enter_players(event)])

    def record_table(self, event: Event, table: RoundTable) -> None:
        """A table's whole game is over (the caller checked it was not recorded yet): write
        each seat's place, and when it was the round's last table, end the round."""
        record_places(table)
        if not table.round.tables.filter(finished_at__isnull=True).exists():
            _end_round(event, table.round)

    def record_cards(
        self, event: Event, table: RoundTable, places: list[int], lost: Sequence[int] = ()
    ) -> bool:
        """A card table's confirmed finishing order
        (docs/club-night.md#knockouts-with-cards), recorded as a game's places are; the
        round ends with its last table, whichever kind, and the next is seated from who
        went through."""
        if table.finished_at is not None:
            return False
        record_card_places(table, places)
        if not table.round.tables.filter(finished_at__isnull=True).exists():
            _end_round(event, table.round)
        return True
