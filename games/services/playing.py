"""The games (docs/persistence.md#the-write-path): starting one, a person's move, a
bot's move (thought before the game's lock is taken), a turn whose time ran out, and an
away player coming back. What a move writes -- the events, the decks' commitments, the
snapshot -- is `games.services.game_log`'s."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import access, engine, notify, signals
from games.engine import events as engine_events
from games.engine.bots import make_bot, recall
from games.engine.serialize import state_to_dict
from games.errors import ServiceError
from games.models import Game, GamePlayer, Seat, Table
from games.services import sources
from games.services.away import TO_THE_END_REFUSALS
from games.services.game_log import (
    MoveResult,
    append,
    apply_move,
    check_seq,
    deck_source,
    locked_game,
    locked_with_players,
    players_seat,
    record,
)
from games.services.table_checks import (
    in_play,
    locked_table,
    mark_active,
    rated_refusal,
    require_open,
    require_starter,
)
from games.shuffles import Board, CommittedDecks, GivenDecks
from games.wording import refusal

log = logging.getLogger(__name__)


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
        table = locked_table(table.pk)
        require_open(table)
        seats = list(table.seats.select_related("user"))
        require_starter(table, by, seats)
        if in_play(table):
            raise ServiceError(_("A game is already being played at this table."))
        if refused := rated_refusal(table, by, seats):
            raise ServiceError(refused)
        if len(seats) < 2:
            raise ServiceError(_("Seat at least two players (or bots) first."))
        names = [seat.display_name for seat in seats]
        rules = table.engine_rules()
        if dealer is None:
            dealer = _chosen_dealer(rules, seats, dealer_position)
        mark_active(table)
        source: engine.DeckSource = sources.new_deck_source()
        if board is not None:
            source = GivenDecks([board.deck, board.reshuffle], then=source)
        decks = CommittedDecks(source, rules)
        try:
            state, events = engine.new_game(rules, names, decks, dealer, lives=lives, deals=deals)
        except engine.EngineError as error:
            raise ServiceError(refusal(error)) from error
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
        record(game, state, events, decks)
        notify.started(game, tuple(seat.user_id for seat in seats if seat.user_id))
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
                _(
                    "At this table the first dealer is not picked by hand: the rules choose "
                    "(see “First dealer”)."
                ),
                "dealer",
            )
        return None
    if position is None:
        raise ServiceError(_("Choose who deals first."), "dealer")
    index = next((i for i, seat in enumerate(seats) if seat.position == position), None)
    if index is None:
        raise ServiceError(
            _("No one sits in seat %(seat)s: choose a dealer from the players at the table.")
            % {"seat": position + 1},
            "dealer",
        )
    return index


def play(*, game_id: int, user: Any, action: str, expected_seq: int) -> MoveResult:
    """`user` makes `action` (an engine action code) at `game_id`, whose view they last
    saw at `expected_seq`."""
    with transaction.atomic():
        # The game, its table and all its players in one query: the move changes none of
        # them but the mover's away state (kept in step below), so they serve the push
        # and the answer too.
        game = locked_with_players(game_id)
        if game is None:
            raise ServiceError(_("There is no such game."))
        players = access.players(game) if user.is_authenticated else []
        player = next((p for p in players if p.user_id is not None and p.user_id == user.pk), None)
        if player is None:
            raise ServiceError(_("You are not playing in this game."))
        # A proposal or an answer about levels (agreements) made since the player's view
        # changes nothing they saw of the board: their move still stands.
        check_seq(game, expected_seq, passing=engine_events.AGREEMENT_KINDS)
        if player.away and player.away_reason in TO_THE_END_REFUSALS:
            # Away for good: a move of their own would take the seat back.
            raise ServiceError(str(TO_THE_END_REFUSALS[player.away_reason]))
        try:
            move = engine.parse_action(action, player.position)
        except engine.IllegalAction as error:
            raise ServiceError(refusal(error)) from error
        back = []
        if player.turns_timed_out or player.away:  # they are here: the count starts over
            GamePlayer.objects.filter(pk=player.pk).update(
                away=False, away_reason="", turns_timed_out=0
            )
            if player.away:  # before the bot moved for them: the log says they are back
                back = [engine.Event("player_back", player.position)]
                _tell_back(game.pk, player.user_id, player.away_reason)
            player.away, player.away_reason, player.turns_timed_out = False, "", 0
        return apply_move(game, move, before=back, human=True, players_kept=True)


def play_for_bot(*, game_id: int, expected_seq: int, held: Game | None = None) -> MoveResult | None:
    """The bot (or away player) whose turn it is moves, if the game is still at
    `expected_seq`; a late or repeated call does nothing and returns None.

    One read, under the game's lock: the game, its table and its players in one query
    (`locked_with_players`); nothing is read before it. A bot that needs only what it
    sees (the easy bot, the baseline) chooses under the lock: it takes a fraction of a
    millisecond. A bot with a memory (medium, hard) reads the log to rebuild it and may
    search for a good part of a second, which must not hold the game's lock (on SQLite,
    the whole database's write lock): it thinks from what that read found, with the
    lock let go, and its move is applied only if the game has not moved on since (a
    second read, under the lock again). `held`: the game as the caller holds it at
    `expected_seq`, with its players read or kept at that seq (a chained bot turn's
    own last move, `games.tasks.bot_turn`): any bot thinks from it before the lock, so
    the move costs that one read under the lock and its writes."""
    if held is not None and held.seq == expected_seq and held.in_play:
        thought = _think(held)
        if thought is None:
            return None
        return _apply_thought(game_id, expected_seq, *thought)
    with transaction.atomic():
        game = locked_with_players(game_id)
        if game is None or game.seq != expected_seq or not game.in_play:
            return None
        player = _on_turn(game)
        if player is None:
            return None
        level = player.bot_level or "easy"
        if level in QUICK_LEVELS:
            state = game.engine_state()
            action = _bot_choice(game, state, state.seat_on_turn, level)
            return apply_move(game, action, by_bot=not player.is_bot, players_kept=True)
    # A bot that thinks long: from the state just read, outside the lock.
    thought = _think(game)
    if thought is None:
        return None
    return _apply_thought(game_id, expected_seq, *thought)


# The levels that choose from the observation alone, in well under a millisecond: they
# choose under the game's lock (the others rebuild a memory from the log, and the hard
# bot searches).
QUICK_LEVELS = frozenset({"easy", "baseline"})


def _on_turn(game: Game) -> GamePlayer | None:
    """The player on turn at `game` (its players in hand), if a bot plays their turn."""
    turn = game.state.get("turn")
    player = next((p for p in access.players(game) if p.position == turn), None)
    if player is None or not player.played_by_machine:
        return None
    return player


def _think(game: Game) -> tuple[GamePlayer, engine.Action] | None:
    """The machine-played player on turn at `game` (held, not locked) and their bot's
    move; None if a person is on turn."""
    player = _on_turn(game)
    if player is None:
        return None
    state = game.engine_state()
    return player, _bot_choice(game, state, state.seat_on_turn, player.bot_level or "easy")


def _apply_thought(
    game_id: int, expected_seq: int, player: GamePlayer, action: engine.Action
) -> MoveResult | None:
    """Make `action`, chosen for `player` outside the lock, if the game is still at
    `expected_seq` and a bot still plays that seat: a player who was away may have come
    back while the bot thought."""
    with transaction.atomic():
        game = locked_with_players(game_id)
        if game is None or game.seq != expected_seq or not game.in_play:
            return None
        locked = _on_turn(game)
        if locked is None or locked.pk != player.pk:
            return None
        return apply_move(game, action, by_bot=not locked.is_bot, players_kept=True)


def _bot_choice(game: Game, state: engine.GameState, seat: int, level: str) -> engine.Action:
    """A new bot of `level` for `seat`, with its memory of this round rebuilt from the
    event log, chooses the move."""
    bot = make_bot(level, seed=sources.new_bot_seed())
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
        game = locked_game(game_id)
        if (
            game.seq != expected_seq
            or not game.in_play
            or game.turn_deadline is None
            or game.turn_deadline > timezone.now()
        ):
            return None
        decks = deck_source(game)
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
        record(game, state, logged, decks, by_bot_seat=seat)
        notify.moved("timeout")
    return MoveResult(game=game, events=events)


def _tell_back(game_id: int, user_id: int | None, reason: str) -> None:
    """After the commit, tell other apps (`games.signals.player_back`) that a player who
    was away is back: an event ends its organizer's stand-in for them."""

    def send() -> None:
        for receiver, response in signals.player_back.send_robust(
            sender=Game, game_id=game_id, user_id=user_id, reason=reason
        ):
            if isinstance(response, Exception):
                log.error("player_back receiver %r failed", receiver, exc_info=response)

    transaction.on_commit(send)


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
        game = locked_game(game_id)
        player = players_seat(game, user, _("You are not playing in this game."))
        if not player.away:
            raise ServiceError(_("You are not marked away: you already play your own turns."))
        if player.away_reason in TO_THE_END_REFUSALS:
            raise ServiceError(str(TO_THE_END_REFUSALS[player.away_reason]))
        GamePlayer.objects.filter(pk=player.pk).update(
            away=False, away_reason="", turns_timed_out=0
        )
        game.human_moved_at = timezone.now()
        append(game, [engine.Event("player_back", player.position)], ["human_moved_at"])
        _tell_back(game.pk, player.user_id, player.away_reason)
        # A bot was to play this turn, so no timer task waits for it: start one that
        # runs out at the turn's existing deadline.
        timer = 0.0
        if game.state.get("turn") == player.position and game.turn_deadline is not None:
            timer = max(0.0, (game.turn_deadline - timezone.now()).total_seconds())
        notify.game_changed(game, bot_moves_next=False, timer=timer)
