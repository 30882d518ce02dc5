"""Knockout events with tables balanced between deals (docs/tournaments.md#knockout): the Django
side of `tournaments.formats.knockout.balancing`, which stays pure.

A knockout `Round` is one deal played at every table ("deal n"). Each physical table
is one `games.Table`, opened at the start and kept from deal to deal (its players keep
its address); each deal at it is a `RoundTable` of that deal's round with its own
`games.Game`, started by the system with `deals=1` and the lives each seat carries.
A `RoundSeat`'s position is the table's seat (`Seat.position`, the balancing seat);
the engine's seats are the occupied ones in seat order.

When every table has played deal n (`record_table`, under the event lock held by
`tournaments.services`): each player's lives are read from the games, those out (and
those who withdrew) leave with their places (`balancing.places_out`), the tables are
balanced (`balancing.balance`, seeded by the event's seed and n), the moves are
recorded (`KnockoutMove`) and made on the `games.Table`s (`games.services.set_seats`),
and deal n+1 starts at every table, dealt by the player after the last dealer. The
moves and the next deal's start are one transaction: no deal starts while a move is
pending, and no table starts deal n+1 while another still plays deal n. When one
player is left, they are 1st and the event is over.

At an event played with real cards (`venue == "cards"`, docs/club-night.md#card-tables) a table is
a card table: no `games.Table`, no game; its round table notes who deals
(`RoundTable.dealer`, the seat after the button) and its deal's result is each seat's
lives lost, entered and confirmed from the phones (`tournaments.cards.card_results`) and
recorded by `BalancedRounds.record_cards`. The deal's end is the same code: lives carried from
what was entered, out at none left, players out on one deal sharing a place unless
their lives at its start differ (no hand is known), the moves made on the next deal's
round seats only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import services as games
from games.engine import Rules
from games.errors import ServiceError
from games.models import Table
from games.services import SeatSpec
from tournaments import keep_apart, progress
from tournaments.formats.knockout import balancing
from tournaments.formats.knockout.words import DEAL_WORDS, KNOCKOUT_WORDS, KnockoutWords
from tournaments.formats.rounds import Rounds
from tournaments.models import (
    Entry,
    Event,
    KnockoutMove,
    KnockoutPlayer,
    Round,
    RoundSeat,
    RoundTable,
)
from tournaments.progress import mark_finished, playing_round, unrecorded_table, write_table
from tournaments.tables import open_event_table, start_event_game, table_name


def _end_deal(event: Event, round_: Round) -> None:
    """Every table has played deal n: carry the lives, put out who is out with their
    places, then finish the event or balance and start deal n+1."""
    n = round_.number
    players = {
        p.entry_id: p
        for p in KnockoutPlayer.objects.filter(event=event, out_deal__isnull=True).select_related(
            "entry"
        )
    }
    still_in = len(players)
    exits: list[balancing.Exit[int]] = []
    layout: list[balancing.Table[int]] = []
    for table in round_.tables.select_related("game", "table").order_by("number"):
        if table.cards:
            _card_exits(table, players, exits, n)
            layout.append(played_layout(event, table))
            continue
        state = table.game.engine_state()
        last = state.last_round
        for index, seat in enumerate(table.seats.order_by("position")):
            player = players[seat.entry_id]
            now = state.players[index]
            if now.out or not player.entry.active:
                value = last.values[index] if last is not None else None
                exits.append(balancing.Exit(seat.entry_id, player.lives, float(value or 0)))
                player.out_deal, player.lives_at_exit_deal = n, player.lives
                player.hand_value = value
            player.lives = now.lives
        layout.append(played_layout(event, table, state))
    for entry_id, place in balancing.places_out(exits, still_in).items():
        players[entry_id].place = place
    left = [p for p in players.values() if p.out_deal is None]
    if len(left) == 1:
        left[0].place = 1
    for player in players.values():
        player.save(
            update_fields=["lives", "out_deal", "lives_at_exit_deal", "hand_value", "place"]
        )
    progress.finish_round(round_)
    if len(left) <= 1:
        mark_finished(event)
        return
    tables = balancing.remove_players(layout, [e.player for e in exits])
    moved = {p.entry_id: p.moves for p in left}
    apart = keep_apart.pairs_for(event, moved)  # the players still in
    result = balancing.balance(tables, moved, seed=f"{event.seed}:{n}", apart=apart)
    _record_moves(event, n, result.moves, players)
    _reseat(round_, result)
    # A knockout's round is one deal: a bot standing in for a no-show goes on doing so
    # deal after deal until they come back or the organizer gives their seat back.
    Entry.objects.filter(event=event, stand_in_round=n).update(stand_in_round=n + 1)
    following = playing_round(event, n + 1)
    keep_apart.record(following, apart)
    by_number = {t.number: t for t in round_.tables.select_related("table")}
    lives = lives_left(event)
    for table in result.tables:
        if by_number[table.number].cards:
            _deal_cards(following, table)
        else:
            _deal(following, table, by_number[table.number].table, lives)


def played_layout(event: Event, table: RoundTable, state: Any = None) -> balancing.Table[int]:
    """Table `table` as its deal left it, for the balancing after the deal: its seats
    (an online table has its `games.Table`'s seats, a card table the event's table size
    or more) and its button, the seat that dealt (the game's dealer; at a card table the
    one the app named or the players said, `RoundTable.dealer`). The verify page reads
    it as the balancing did
    (docs/fair-seating.md#everything-that-changes-a-seating-is-recorded). `state`: the
    game's, when read."""
    seats = list(table.seats.order_by("position"))
    if table.cards:
        size = max(event.table_size, 1 + max(s.position for s in seats))
        button = table.dealer or 0
    else:
        assert table.table is not None and table.game is not None
        state = state if state is not None else table.game.engine_state()
        last = state.last_round
        size = table.table.seat_count
        button = seats[last.dealer if last is not None else state.dealer].position
    row: list[int | None] = [None] * size
    for seat in seats:
        row[seat.position] = seat.entry_id
    return balancing.Table(table.number, tuple(row), button)


def _card_exits(
    table: RoundTable,
    players: dict[int, KnockoutPlayer],
    exits: list[balancing.Exit[int]],
    n: int,
) -> None:
    """A card table after its deal, as `_end_deal` reads an online one: lives carried
    from the lives lost entered, who is out (lives at 0, or withdrawn). No hand is known:
    players out on the same deal share their place unless their lives at its start
    differ (every exit's hand value is 0)."""
    for seat in table.seats.order_by("position"):
        player = players[seat.entry_id]
        left = max(player.lives - seat.lives_lost, 0)
        if left == 0 or not player.entry.active:
            exits.append(balancing.Exit(player.entry_id, player.lives, 0.0))
            player.out_deal, player.lives_at_exit_deal = n, player.lives
            player.hand_value = None
        player.lives = left


def _record_moves(
    event: Event,
    deal: int,
    moves: tuple[balancing.Move[int], ...],
    players: dict[int, KnockoutPlayer],
) -> None:
    KnockoutMove.objects.bulk_create(
        KnockoutMove(
            event=event,
            after_deal=deal,
            order=k,
            entry_id=m.player,
            from_table=m.from_table,
            from_seat=m.from_seat,
            to_table=m.to_table,
            to_seat=m.to_seat,
            reason=m.reason,
        )
        for k, m in enumerate(moves)
    )
    counts = {entry_id: p.moves for entry_id, p in players.items()}
    balancing.record_moves(counts, moves)
    for entry_id, count in counts.items():
        if count != players[entry_id].moves:
            players[entry_id].moves = count
            players[entry_id].save(update_fields=["moves"])


def _reseat(round_: Round, result: balancing.Balancing[int]) -> None:
    """Make the layout after the balancing on the `games.Table`s: every table that is
    left gets its new seats, a broken one is left empty (its page says where its
    players went)."""
    kept = {t.number: t for t in result.tables}
    users = {
        e.pk: e.user for e in Entry.objects.filter(event_id=round_.event_id).select_related("user")
    }
    for table in round_.tables.select_related("table").order_by("number"):
        if table.table is None:  # a card table: its seats are the next deal's RoundSeats
            continue
        layout = kept.get(table.number)
        seats = layout_seat_specs(layout, users) if layout is not None else []
        games.set_seats(table=table.table, seats=seats)


def _deal(round_: Round, table: balancing.Table[int], opened: Table, lives: dict[int, int]) -> None:
    """Start the round's deal at `opened`: its round table and seats, then a game of one
    deal with each seat's lives, dealt by the player after the button."""
    occupied = seated(table)
    round_table = write_table(round_, table.number, occupied, table=opened)
    round_table.game = start_event_game(
        round_,
        opened,
        dealer=[k for k, _ in occupied].index(first_dealer(table)),
        lives=[lives[entry_id] for _, entry_id in occupied],
        deals=1,
    )
    round_table.save(update_fields=["game"])


def _deal_cards(round_: Round, table: balancing.Table[int]) -> None:
    """The round's deal at a card table: its round table and seats, and who deals (the
    player after the button), for the players to play with real cards."""
    round_table = write_table(round_, table.number, seated(table))
    round_table.cards, round_table.dealer = True, first_dealer(table)
    round_table.save(update_fields=["cards", "dealer"])


def lives_left(event: Event) -> dict[int, int]:
    """The lives of each player still in, by entry id."""
    return dict(
        KnockoutPlayer.objects.filter(event=event, out_deal__isnull=True).values_list(
            "entry_id", "lives"
        )
    )


class KnockoutRounds(Rounds):
    """What the knockouts share, balanced or top q: no set number of rounds, every
    player given the rules' lives at the start, and no late entry, pause, correction or
    break (docs/tournaments.md#knockout). `record_table` records one finished table."""

    words: KnockoutWords = KNOCKOUT_WORDS
    late_entry_refusal = gettext_lazy("The knockout has started: it is too late to join.")
    pause_refusal = gettext_lazy("A knockout deals on until one player is left: it has no pause.")
    correction_refusal = gettext_lazy(
        "A knockout's places follow from the games: nothing to correct."
    )
    # Decided for the club night: deal follows deal at every table within seconds, and a
    # break between two would stop every table mid-match; the organizer pauses no table.
    break_refusal = gettext_lazy("A knockout deals on until one player is left: it has no breaks.")

    def check_field(self, event: Event, count: int) -> None:
        """A knockout needs a field of at least two players and tables of two seats."""
        if count < 2:
            raise ServiceError(
                _("%(count)s player(s) registered: a knockout needs at least two.")
                % {"count": count}
            )
        if event.table_size < 2:
            raise ServiceError(_("A knockout's tables seat at least two players."))

    def enter_players(self, event: Event) -> list[Entry]:
        """Give every registered player the rules' lives (a `KnockoutPlayer` each)."""
        entries = list(
            Entry.objects.filter(event=event, status=Entry.REGISTERED)
            .select_related("user")
            .order_by("registered_at", "pk")
        )
        self.check_field(event, len(entries))
        rules = Rules.from_dict(event.rules)
        KnockoutPlayer.objects.bulk_create(
            KnockoutPlayer(event=event, entry=e, lives=rules.lives) for e in entries
        )
        return entries

    def planned(self, event: Event) -> int | None:
        return None  # it plays until one player is left

    def withdrawal_refusal(self, entry: Entry) -> str | None:
        # Out of a knockout is out: their place is decided, there is nothing to leave.
        out = KnockoutPlayer.objects.filter(entry=entry, out_deal__isnull=False).first()
        if out is None or out.out_deal is None:
            return None
        return self.words.out_refusal(entry.user.get_username(), out.out_deal)

    def table_games(self, round_: Round) -> dict[int, tuple[int | None, str]]:
        # A balanced knockout's round is one deal; a top-q round one whole game.
        label = self.words.table_game(round_.number)
        return {t.pk: (t.game_id, label) for t in round_.tables.all()}

    def record(self, event: Event, game_id: int) -> bool:
        table = unrecorded_table(game_id)
        if table is None:
            return False
        self.record_table(event, table)
        return True

    def record_table(self, event: Event, table: RoundTable) -> None:
        raise NotImplementedError


class BalancedRounds(KnockoutRounds):
    """A balanced knockout's deals: every table one deal at a time, the tables balanced
    between deals (`tournaments.formats.knockout.balancing`), kept from deal to deal."""

    words = DEAL_WORDS

    def start(self, event: Event) -> Round:
        """Seat the registered players at tables of the event's preferred size (drawn from
        its seed), give each the rules' lives, open a `games.Table` per table and start deal
        1 at every table. The caller holds the event lock and has set the event running."""
        entries = self.enter_players(event)
        users = {e.pk: e.user for e in entries}
        apart = keep_apart.pairs_for(event, users)
        layout = balancing.first_tables(list(users), event.table_size, event.seed, apart)
        round_ = playing_round(event, 1)
        keep_apart.record(round_, apart)
        for table in layout:
            # real cards in the room: no games.Table (docs/club-night.md#card-tables)
            if event.venue == Event.CARDS:
                _deal_cards(round_, table)
                continue
            opened = open_event_table(
                event,
                table_name(event, table.number),
                layout_seat_specs(table, users),
                len(table.seats),
            )
            _deal(round_, table, opened, lives_left(event))
        return round_

    def record_table(self, event: Event, table: RoundTable) -> None:
        """Table `table` has played its deal (its game is over; the caller holds the event
        lock and checked it was not recorded yet): note what each seat lost, and when it
        was the deal's last table, end the deal."""
        state = table.game.engine_state()
        last = state.last_round
        seats = list(table.seats.order_by("position"))
        for index, seat in enumerate(seats):
            seat.lives_lost = last.lives_lost[index] if last is not None else 0
            seat.save(update_fields=["lives_lost"])
        table.finished_at = timezone.now()
        table.save(update_fields=["finished_at"])
        round_ = table.round
        if not round_.tables.filter(finished_at__isnull=True).exists():
            _end_deal(event, round_)

    def record_cards(
        self, event: Event, table: RoundTable, places: list[int], lost: Sequence[int] = ()
    ) -> bool:
        """A card table's confirmed deal (docs/club-night.md#knockouts-with-cards; the
        caller holds the event lock): each seat's lives lost (`Lives`), the table
        finished, and when it was the deal's last table, the deal ends as an online one
        does (balancing, moves, the next deal seated)."""
        if table.finished_at is not None:
            return False
        for seat, n in zip(table.seats.order_by("position"), lost, strict=True):
            seat.lives_lost = int(n or 0)
            seat.save(update_fields=["lives_lost"])
        table.finished_at = timezone.now()
        table.save(update_fields=["finished_at"])
        round_ = table.round
        if not round_.tables.filter(finished_at__isnull=True).exists():
            _end_deal(event, round_)
        return True

    def moved(self, user: Any, event: Event, here: RoundTable) -> bool:
        """Whether `user` played the deal before at another of the event's tables."""
        before = RoundSeat.objects.filter(
            entry__user=user, table__round__event=event, table__round__number=here.round.number - 1
        ).values_list("table__table_id", flat=True)
        return any(table_id != here.table_id for table_id in before)


def seated(table: balancing.Table[int]) -> list[tuple[int, int]]:
    """A layout's occupied seats, (seat, entry id) in seat order, as a round table is
    written (`progress.write_table`)."""
    return [(k, entry_id) for k, entry_id in enumerate(table.seats) if entry_id is not None]


def first_dealer(table: balancing.Table[int]) -> int:
    """The seat that deals first: the player after the button. A layout's table always
    seats someone (`balancing` never leaves one empty)."""
    dealer = table.next_dealer()
    if dealer is None:
        raise ValueError(f"table {table.number} of the layout seats nobody")
    return dealer


def layout_seat_specs(table: balancing.Table[int], users: Mapping[int, Any]) -> list[SeatSpec]:
    """A balancing layout's seats (entry ids, None for empty) as the table takes them."""
    return [SeatSpec(position=k, user=users[p]) for k, p in enumerate(table.seats) if p is not None]
