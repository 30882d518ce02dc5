"""A game's log (docs/persistence.md#the-event-log, docs/persistence.md#the-write-path):
what a change to a game writes -- its events, its decks' commitments (`games.shuffles`),
its snapshot, its players' results. A change takes the game's row lock here
(`locked_game`), checks the seq its asker saw (`check_seq`), and ends with `record` (a
move: a new snapshot and turn) or `append` (table events: the snapshot stays), which
leave what follows the commit to `games.notify`. An agreement on levels writes its own
events and snapshot (`level_agreements`): it keeps the turn's start and deadline."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from games import engine, notify, results
from games.engine import events as engine_events
from games.errors import ServiceError, StaleMove
from games.models import Deal, Game, GameEvent, GamePlayer
from games.services import sources, vacation
from games.shuffles import CommittedDecks, deck_commitment, new_salt
from games.wording import refusal


@dataclass(frozen=True)
class MoveResult:
    game: Game
    events: list[engine.Event]


def store_results(game: Game, state: engine.GameState, *, ended_early: bool) -> None:
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


def players_seat(game: Game, user: Any, not_playing: str) -> GamePlayer:
    """`user`'s seat in `game` while it is played; else ServiceError (`not_playing` when
    they are not among its players)."""
    player = (
        game.players.filter(user=user, user__isnull=False).first()
        if user.is_authenticated
        else None
    )
    if player is None:
        raise ServiceError(not_playing)
    if not game.in_play:
        raise ServiceError(_("This game is over."))
    return player


def locked_game(game_id: int) -> Game:
    # select_for_update locks the row on PostgreSQL; SQLite's IMMEDIATE transactions
    # already hold the database's write lock from the start of the transaction.
    try:
        return Game.objects.select_for_update().select_related("table").get(pk=game_id)
    except Game.DoesNotExist as error:
        raise ServiceError(_("There is no such game.")) from error


def locked_with_players(game_id: int) -> Game | None:
    """The game (None if there is none) with its table, locked as `locked_game` locks
    them, and its players in hand (`access.players`), in one query: a row per player,
    each joined with the game and its table."""
    rows = list(
        GamePlayer.objects.filter(game_id=game_id)
        .select_related("game__table")
        .select_for_update(of=("game", "game__table"))
        .order_by("position")
    )
    if not rows:
        return None
    game = rows[0].game
    for player in rows:
        player.game = game
    game.once_per_seq("_players", lambda: rows)
    return game


def check_seq(game: Game, expected_seq: int, passing: frozenset[str] = frozenset()) -> None:
    """The game is in play and still at `expected_seq`, or has moved on since only by
    events of the `passing` kinds."""
    if not game.in_play:
        raise ServiceError(_("This game is over."))
    if expected_seq != game.seq and not (
        passing
        and 0 <= expected_seq < game.seq
        and not game.events.filter(seq__gt=expected_seq).exclude(kind__in=passing).exists()
    ):
        raise StaleMove(
            _(
                "The table has moved on since your last view (or that move was "
                "already made): here is the table as it is now."
            )
        )


def apply_move(
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
    decks = deck_source(game)
    state = game.engine_state(decks)
    try:
        state, events = engine.apply_action(state, action)
    except engine.IllegalAction as error:
        raise ServiceError(refusal(error)) from error
    by_bot_seat = action.seat if by_bot else None
    record(
        game,
        state,
        [*(before or []), *events],
        decks,
        by_bot_seat=by_bot_seat,
        human=human,
        players_kept=players_kept,
    )
    notify.moved("person" if human else "bot")
    return MoveResult(game=game, events=events)


def deck_source(game: Game) -> CommittedDecks:
    """What a move at `game` shuffles with: a reshuffle takes the order of the round's
    committed reshuffle deck, read only if the stock runs out."""

    def reserve() -> str | None:
        return _unused_reserve(game).values_list("deck", flat=True).first()

    return CommittedDecks(sources.new_deck_source(), game.table.engine_rules(), reserve)


def _unused_reserve(game: Game) -> QuerySet[Deal]:
    # At most one: the round's reshuffle deck committed last, not yet dealt from.
    return Deal.objects.filter(
        game=game, purpose=Deal.RESHUFFLE, used_seq__isnull=True, revealed_seq__isnull=True
    )


def record(
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
    game is over: its results change them). A new turn at a turn-based table is
    announced (`notify.turn_passed`, docs/tables.md#your-turn)."""
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
    started_before = game.turn_started_at
    new_turn = False
    if state.turn is None:
        game.turn_started_at = None
    elif (before.get("turn"), before.get("round_no"), before.get("turns_taken")) != (
        state.turn,
        state.round_no,
        state.turns_taken,
    ) or game.turn_started_at is None:
        game.turn_started_at = now  # a new turn (a draw and a discard are one turn)
        new_turn = True
    if (new_turn or state.turn is None) and before.get("turn") is not None:
        vacation.count_turn(game, before["turn"], started_before, now)
    game.seq = first + len(events) - 1
    game.keep_state(state)
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
        store_results(game, state, ended_early=False)
    game.turn_deadline = _deadline(game, state)
    update += ["turn_deadline", "updated_at"]
    game.save(update_fields=update)
    notify.game_changed(game)
    if new_turn and state.turn is not None and game.in_play and game.table.turn_based:
        notify.turn_passed(game, state.turn)


def append(game: Game, events: list[engine.Event], update: list[str] | None = None) -> None:
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
    """When the turn's timer runs out: the table's timer (a turn-based table's hours a
    move, docs/tables.md#hours-a-move) from now, or from the end of the table's first-turn grace
    for a person who has not opened the table yet (`games.services.arrival`; asked only
    while the grace lasts)."""
    seconds = game.table.turn_seconds
    if not seconds or state.turn is None:
        return None
    start = timezone.now()
    grace = game.table.first_turn_grace
    if grace and game.started_at is not None:
        grace_ends = game.started_at + timedelta(seconds=grace)
        if grace_ends > start and _not_arrived(game, state.turn):
            start = grace_ends
    # A person away on vacation: from when they return (docs/tables.md#vacation).
    return start + vacation.put_off(game, state.turn, start) + timedelta(seconds=seconds)


def _not_arrived(game: Game, seat: int) -> bool:
    """Whether a person plays `seat` who has not opened the table during this game."""
    return GamePlayer.objects.filter(
        game=game, position=seat, user__isnull=False, bot_level="", arrived_at__isnull=True
    ).exists()
