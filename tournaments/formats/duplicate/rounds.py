"""Duplicate rounds (docs/tournaments.md#playing-the-boards): every table of a round
plays the same boards, one deal each, in the same order, each at its own pace.

The Django side of `tournaments.formats.duplicate.matchpoints` (which stays pure). The
format (`tournaments.formats.duplicate.Duplicate`) calls here; `tournaments.services`
holds the event's row lock around every call, so a board is recorded once, revealed
once and a round advanced once.

- Seating: every table has the event's preferred size; bots fill the last seats (so the
  tables of a round are alike and every board is comparable at every table). Round 1 is
  drawn from the event's seed; later rounds move everyone round the seats of their table
  (`duplicate.rotation`), so over as many rounds as seats everyone holds every seat.
- Boards: every round's drawn when the event starts (a deck and a reshuffle deck from
  the secure source, the dealer moving round the seats board by board) and committed to
  with a salt; each joins its round when the round is seated. The decks and salt stay
  on the server until the board's last table has finished (or the event is over).
- Play: one `games.Table` per round table for the whole round; board 1 is dealt at every
  table when the round starts, and when a table finishes a board its next is dealt at
  once. Each board's game is sealed (only its own players see it) until the board is
  revealed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import engine
from games import services as games
from games.engine import Rules
from games.errors import ServiceError
from games.models import Game
from games.services import sources
from games.shuffles import Board as GivenBoard
from games.shuffles import deck_commitment, new_salt
from tournaments import keep_apart as pairs
from tournaments import progress, roster
from tournaments.fairness import keep_apart
from tournaments.formats.duplicate import matchpoints
from tournaments.formats.rounds import Rounds
from tournaments.formats.seated import SeatedRounds
from tournaments.models import Board, BoardPlay, Entry, Event, Round, RoundTable
from tournaments.tables import (
    open_event_table,
    round_seat_specs,
    start_event_game,
    table_name,
)

MAX_BOARDS = 16


def check_boards(boards: int) -> None:
    if not 1 <= boards <= MAX_BOARDS:
        raise ServiceError(
            _("A duplicate round has 1 to %(most)s boards.") % {"most": MAX_BOARDS}, "boards"
        )


def check_field(players: int, table_size: int) -> None:
    """A board is scored against the same seat at the other tables: one table alone
    would compare nothing."""
    if players <= table_size:
        raise ServiceError(
            _(
                "A duplicate event compares tables: with tables of %(size)s it needs at "
                "least %(least)s players (two tables; bots fill the rest)."
            )
            % {"size": table_size, "least": table_size + 1}
        )


# ---- seating and the boards ------------------------------------------------------------


def first_round_tables(
    players: Sequence[int], size: int, seed: str, apart: Sequence[Sequence[int]] = ()
) -> list[list[Any]]:
    """Round 1's tables: `players` (entry ids, in id order) in an order drawn from the
    event's seed, dealt round the tables, so the bots ("bot-k") that fill the last seats
    are spread over them; then `apart`'s keep-apart pairs split by swaps between tables
    where they can be (version 2, `keep_apart.separate`: later rounds keep round 1's
    tables, so this is every round's). Pure: the verify page draws it again
    (docs/fair-seating.md#drawing-again)."""
    order: list[Any] = list(players)
    random.Random(f"{seed}:duplicate").shuffle(order)
    count = -(-len(order) // size)
    order += [f"bot-{k}" for k in range(count * size - len(order))]
    return keep_apart.separate([order[t::count] for t in range(count)], apart)


def later_round_tables(first: Round, number: int) -> list[list[Any]]:
    """Round `number`'s tables: round 1's as seated (a bot's seat as "bot-t-p"), each
    player moved round the seats of their table (`duplicate.rotation`)."""
    start = [
        [s.entry_id if s.entry_id else f"bot-{s.table.number}-{s.position}" for s in seats]
        for seats in roster.seated_tables(first)
    ]
    return matchpoints.rotation(start, number)[number - 1]


def draw_boards(event: Event) -> None:
    """Every board of every round, drawn and committed to as the event starts, before
    anyone plays (docs/fair-seating.md#duplicate-boards-are-drawn-at-the-start): the
    commitments are on the event page from then on, so no board can be chosen after the
    first results are known. Each joins its round when the round is seated."""
    Board.objects.bulk_create(
        board for number in range(1, event.rounds + 1) for board in _boards(event, number)
    )


def _boards(event: Event, number: int, round_: Round | None = None) -> list[Board]:
    """Round `number`'s boards: two whole decks each from the secure source (the deal,
    and the order a reshuffle of the stock takes), committed to with a fresh salt.
    Board n is dealt by seat n-1 (mod the table's size): the deal moves round as in a
    game."""
    rules = Rules.from_dict(event.rules)
    source = sources.new_deck_source()
    whole = engine.full_deck(rules.jokers)
    boards = []
    for n in range(1, event.boards + 1):
        deck = engine.format_cards(source.shuffled(whole))
        salt = new_salt()
        boards.append(
            Board(
                event=event,
                round_number=number,
                round=round_,
                number=n,
                dealer=(n - 1) % event.table_size,
                deck=deck,
                reshuffle=engine.format_cards(source.shuffled(whole)),
                salt=salt,
                commitment=deck_commitment(salt, deck),
            )
        )
    return boards


# ---- playing ------------------------------------------------------------------------


def _deal(table: RoundTable, board: Board) -> BoardPlay:
    """Start `board` at `table`: a game of one deal from the board's decks, sealed.
    A withdrawn player's seat is played by a bot from the first move."""
    assert table.table is not None
    game = start_event_game(
        table.round,
        table.table,
        dealer=board.dealer,
        deals=1,
        board=GivenBoard(deck=board.deck, reshuffle=board.reshuffle),
    )
    for seat in table.seats.select_related("entry__user").filter(entry__status=Entry.WITHDRAWN):
        games.let_bot_finish(game_id=game.pk, user=seat.entry.user)
    return BoardPlay.objects.create(board=board, table=table, game=game)


# The level of the bots that fill the tables: a fair opponent, not a pushover.
BOT_LEVEL = "medium"

# Why a duplicate event's tables cannot play with real cards (docs/club-night.md#card-tables).
ONLINE_ONLY = gettext_lazy(
    "A duplicate board deals every table the same cards from the same stock order; "
    "a shuffled real deck cannot, so duplicate is played online."
)


class DuplicateRounds(SeatedRounds):
    """A duplicate event's rounds: everyone seated at the start (bots fill the tables),
    every board drawn then, each round's boards dealt at every table in turn."""

    late_entry_refusal = gettext_lazy(
        "A duplicate event seats everyone at its start: it is too late."
    )
    correction_refusal = gettext_lazy(
        "A duplicate event scores the deals themselves: no places to correct."
    )

    def check_field(self, event: Event, count: int) -> None:
        Rounds.check_field(self, event, count)  # any number of rounds: seats rotate
        check_field(count, event.table_size)

    def start(self, event: Event) -> Round:
        # Every board of the event is drawn and committed to before round 1 is seated.
        draw_boards(event)
        return super().start(event)

    def finish(self, event: Event) -> None:
        """The event is over: every board drawn for it that no table was dealt (a round
        never played) is revealed with its seed
        (docs/fair-seating.md#duplicate-boards-are-drawn-at-the-start)."""
        super().finish(event)
        Board.objects.filter(event=event, revealed_at__isnull=True, plays__isnull=True).update(
            revealed_at=event.finished_at
        )

    def record_cards(
        self, event: Event, table: RoundTable, places: list[int], lost: Sequence[int] = ()
    ) -> bool:
        raise ServiceError(str(ONLINE_ONLY))

    def seat(self, event: Event, number: int) -> Round:
        """Seat round `number` and give it its boards. Round 1: the registered players in an
        order drawn from the event's seed, dealt round the tables (`first_round_tables`).
        Later rounds: round 1's tables rotated (`later_round_tables`); a player who has
        withdrawn since is played by a bot."""
        if number == 1:
            players = list(
                Entry.objects.filter(event=event, status=Entry.REGISTERED)
                .order_by("pk")
                .values_list("pk", flat=True)
            )
            apart = pairs.pairs_for(event, players)
            tables = first_round_tables(players, event.table_size, event.seed, apart)
        else:
            first = event.round_set.get(number=1)
            apart = pairs.recorded(first)
            tables = later_round_tables(first, number)
        active = set(
            Entry.objects.filter(event=event, status=Entry.REGISTERED).values_list("pk", flat=True)
        )
        round_ = Round.objects.create(
            event=event,
            number=number,
            seed=f"{event.seed}:{number}",
            kept_apart=[list(p) for p in apart],
        )
        for k, table in enumerate(tables, start=1):
            progress.write_table(
                round_, k, [(p, who if who in active else BOT_LEVEL) for p, who in enumerate(table)]
            )
        # The round's boards were drawn when the event started (`draw_boards`); an event
        # that started before that was so draws them now, as it did then.
        if not Board.objects.filter(event=event, round_number=number).update(round=round_):
            Board.objects.bulk_create(_boards(event, number, round_))
        return round_

    def start_round(self, event: Event, round_: Round) -> None:
        """Open one `games.Table` for each of the round's tables (no host, started by the
        system, not listed: only its players and staff find it) and deal board 1 there."""
        first = round_.boards.get(number=1)
        for table in round_.tables.prefetch_related("seats__entry__user"):
            seats = list(table.seats.all())
            table.table = open_event_table(
                event,
                table_name(event, table.number, round_number=round_.number),
                round_seat_specs(seats),
                len(seats),
                is_public=False,
            )
            table.save(update_fields=["table"])
            _deal(table, first)

    def record_game(self, event: Event, game_id: int) -> Round | None:
        """A board's game is over (the caller holds the event's lock): write each seat's
        result, reveal the board if this was its last table, and deal the table's next board
        (or mark the table finished). Returns the round, or None when there was nothing to
        record (a repeated or late call, a game still in play)."""
        play = (
            BoardPlay.objects.select_related("board__round", "table__table", "game")
            .filter(game_id=game_id)
            .first()
        )
        if play is None or play.finished_at is not None or play.game is None or play.game.in_play:
            return None
        now = timezone.now()
        last = play.game.engine_state().last_round
        # A game ended early (by staff, or abandoned) never finished its deal: the table did
        # not play this board, and the others' results are scaled to that (Neuberg).
        if play.game.status == Game.FINISHED and last is not None:
            play.scored = True
            play.lives_lost = list(last.lives_lost)
            play.hand_values = [0.0 if v is None else float(v) for v in last.values]
        play.finished_at = now
        play.save(update_fields=["scored", "lives_lost", "hand_values", "finished_at"])
        board, table, round_ = play.board, play.table, play.board.round
        done = BoardPlay.objects.filter(board=board, finished_at__isnull=False)
        if done.count() == round_.tables.count():
            games.unseal(game_ids=list(done.exclude(game=None).values_list("game_id", flat=True)))
            board.revealed_at = now
            board.save(update_fields=["revealed_at"])
        following = round_.boards.filter(number=board.number + 1).first()
        if following is not None:
            _deal(table, following)
        else:
            table.finished_at = now
            table.save(update_fields=["finished_at"])
        return round_

    def games_of(self, entry: Entry) -> list[int]:
        """The board games `entry` is playing now (a bot takes them over if they withdraw)."""
        return list(
            BoardPlay.objects.filter(
                table__round__status=Round.PLAYING,
                finished_at__isnull=True,
                table__seats__entry=entry,
                game__isnull=False,
            ).values_list("game_id", flat=True)
        )

    def table_games(self, round_: Round) -> dict[int, tuple[int | None, str]]:
        """Each table's board being played (or its last, once it has played them all)."""
        count = round_.boards.count()
        found: dict[int, tuple[int | None, str]] = {t.pk: (None, "") for t in round_.tables.all()}
        for table_id, game_id, number in (
            BoardPlay.objects.filter(table__round=round_)
            .values_list("table_id", "game_id", "board__number")
            .order_by("table_id", "board__number")
        ):
            found[table_id] = (
                game_id,
                _("Board %(number)s of %(count)s") % {"number": number, "count": count},
            )
        return found
