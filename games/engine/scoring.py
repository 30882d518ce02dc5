"""How rounds and games end (docs/rules.md §6-§7): showdowns, blitzes, drawn rounds, lives
and the county, points, banking, three aces, and the winner.

Each ending works out who loses or wins what, then `_finish_round` applies it, records
the public `RoundResult`, eliminates players, and either ends the game or deals on.
"""

from __future__ import annotations

from collections.abc import Iterable

from . import levels
from .events import Event, EventData
from .hands import HandKey, hand_key, hand_value, is_blitz, tiebreak_ranks
from .state import OVER, ROUND_OVER, GameState, Outcome, PlayerState, RoundResult, StateView


def all_on_county(state: StateView) -> bool:
    """Every player still in the game is on the county (lives scoring with the county)."""
    return all(p.lives == 0 for p in state.players if not p.out)


def thirty_one(state: GameState, seat: int) -> bool:
    return hand_value(state.hands[seat], state.rules) == 31


# ---- the endings ------------------------------------------------------------------


def showdown(state: GameState, events: list[Event], reason: str) -> GameState:
    """After a knock or a throw-down: all hands are shown and compared."""
    rules = state.rules
    seats = state.active_seats()
    if rules.blitz_timing == "on_turn":
        blitzers = tuple(s for s in seats if is_blitz(state.hands[s], rules))
        if blitzers:
            return blitz(state, blitzers, events, reason=reason)
    keys = {s: hand_key(state.hands[s], rules, showdown=True) for s in seats}
    if rules.scoring == "points":
        return _finish_round(state, events, reason, points_won=_points_winners(state, keys))
    if rules.scoring == "banking":
        best = max(keys.values())
        return _finish_round(
            state, events, reason, pot_winners=[s for s in seats if keys[s] == best]
        )
    lost, tiebreak_winner, drawn_game = _showdown_losers(state, keys)
    if drawn_game:
        return _finish_round(state, events, reason, drawn_game=True)
    # `final_two_tiebreak_decides: "game"`: the tie's winner wins the whole game.
    decides_game = tiebreak_winner is not None and rules.final_two_tiebreak_decides == "game"
    return _finish_round(
        state,
        events,
        reason,
        lives_lost=lost,
        tiebreak_winner=tiebreak_winner,
        game_won_by=tiebreak_winner if decides_game else None,
    )


def _showdown_losers(
    state: GameState, keys: dict[int, HandKey]
) -> tuple[dict[int, int], int | None, bool]:
    """Lives lost at a showdown, the final-two tiebreak winner, and whether the game is
    drawn (final two with identical ranks)."""
    rules, knocker = state.rules, state.knocker
    lowest = min(keys.values())
    losers = [s for s, k in keys.items() if k == lowest]
    if (
        rules.final_two_tiebreak
        and len(keys) == 2
        and len(losers) == 2
        and any(state.on_county(s) for s in keys)
    ):
        a, b = losers
        ranks_a = tiebreak_ranks(state.hands[a])
        ranks_b = tiebreak_ranks(state.hands[b])
        if ranks_a == ranks_b:
            return {}, None, True
        winner, loser = (a, b) if ranks_a > ranks_b else (b, a)
        return {loser: _penalty(state, loser)}, winner, False
    if knocker in losers:
        if len(losers) == 1 or rules.knocker_tie == "loses":
            return {knocker: rules.knocker_penalty}, None, False
        losers.remove(knocker)  # "safe": the others tied with the knocker lose
    return {s: 1 for s in losers}, None, False


def _penalty(state: GameState, seat: int) -> int:
    return state.rules.knocker_penalty if seat == state.knocker else 1


def _points_winners(state: GameState, keys: dict[int, HandKey]) -> dict[int, int]:
    best = max(keys.values())
    winners = [s for s, k in keys.items() if k == best]
    if len(winners) > 1 and state.knocker in winners:
        winners.remove(state.knocker)  # a tie with the knocker goes to the other player
    return {s: 1 for s in winners}


def blitz(
    state: GameState, blitzers: tuple[int, ...], events: list[Event], reason: str = "blitz"
) -> GameState:
    """31 is shown: everyone without one loses (a knocker perhaps double)."""
    rules = state.rules
    if rules.scoring == "points":
        return _finish_round(
            state, events, reason, blitzers=blitzers, points_won={s: 1 for s in blitzers}
        )
    if rules.scoring == "banking":
        return _finish_round(
            state,
            events,
            reason,
            blitzers=blitzers,
            pot_winners=blitzers,
            blitz_payers=[s for s in state.active_seats() if s not in blitzers],
        )
    lost = {}
    for seat in state.active_seats():
        if seat not in blitzers:
            double = seat == state.knocker and rules.knocker_pays_double_on_blitz
            lost[seat] = 2 if double else 1
    return _finish_round(state, events, reason, blitzers=blitzers, lives_lost=lost)


def round_drawn(state: GameState, events: list[Event], reason: str) -> GameState:
    """The stock ran out (`empty_stock: "draw"`) or `max_turns` passed: no one loses."""
    return _finish_round(state, events, reason)


def game_won_at_once(state: GameState, seat: int, events: list[Event], reason: str) -> GameState:
    """Three aces, or 31 when all are on the county: `seat` wins the whole game and
    takes the kitty or pot and every token or chip still in front of the others."""
    in_round = state.active_seats()
    others = [s for s in in_round if s != seat]
    state = _record_round(state, events, reason, in_round, eliminated=others)
    players = tuple(p._replace(out=True) if s in others else p for s, p in enumerate(state.players))
    for s in others:
        events.append(Event("player_out", s))
    scoring = state.rules.scoring
    everything = (
        0
        if scoring == "points"
        else state.kitty
        + state.pot
        + sum(
            p.lives if scoring == "lives" else p.chips
            for s, p in enumerate(state.players)
            if s in others
        )
    )
    shares = tuple(float(everything) if s == seat else 0.0 for s in range(len(players)))
    return _end_game(state._replace(players=players), events, (seat,), reason, shares)


# ---- applying a round's result ----------------------------------------------------


def _finish_round(
    state: GameState,
    events: list[Event],
    reason: str,
    *,
    blitzers: tuple[int, ...] = (),
    lives_lost: dict[int, int] | None = None,
    points_won: dict[int, int] | None = None,
    pot_winners: Iterable[int] = (),
    blitz_payers: Iterable[int] = (),
    tiebreak_winner: int | None = None,
    drawn_game: bool = False,
    game_won_by: int | None = None,
) -> GameState:
    """Apply a round's losses and wins, record it, and end the game or deal on.
    `game_won_by`: that seat wins the whole game now (a final-two tie-break that decides
    the game): everyone else still in is out, and it takes the kitty and their tokens."""
    lives_lost = lives_lost or {}
    points_won = points_won or {}
    in_round = state.active_seats()
    players = list(state.players)
    paid, eliminated = _pay_lives(players, lives_lost, state.rules.county)
    for seat, count in points_won.items():
        players[seat] = players[seat]._replace(points=players[seat].points + count)
    pot, chips_won = _pay_chips(players, state.pot, blitz_payers, pot_winners)
    if game_won_by is not None:
        for seat in in_round:
            if seat != game_won_by and not players[seat].out:
                players[seat] = players[seat]._replace(out=True)
                eliminated.append(seat)
    state = state._replace(players=tuple(players), kitty=state.kitty + paid, pot=pot)
    state = _record_round(
        state,
        events,
        reason,
        in_round,
        blitzers=blitzers,
        lives_lost=lives_lost,
        points_won=points_won,
        chips_won=chips_won,
        eliminated=eliminated,
        tiebreak_winner=tiebreak_winner,
    )
    for seat in eliminated:
        events.append(Event("player_out", seat))
    if game_won_by is not None:
        prize = state.kitty + sum(players[s].lives for s in eliminated)
        shares = tuple(float(prize) if s == game_won_by else 0.0 for s in range(len(players)))
        return _end_game(state, events, (game_won_by,), "tiebreak", shares)
    if drawn_game:
        survivors = tuple(state.active_seats())
        kitty_share = state.kitty / len(survivors)
        shares = tuple(kitty_share if s in survivors else 0.0 for s in range(len(players)))
        return _end_game(state, events, survivors, "draw", shares)
    return _next_round_or_end(state, events)


def _pay_lives(
    players: list[PlayerState], lives_lost: dict[int, int], county: bool
) -> tuple[int, list[int]]:
    """Each loser in `lives_lost` pays their lives (`players` changed in place): the
    tokens paid into the kitty, and the seats that went out, in the order they paid."""
    paid = 0
    eliminated: list[int] = []
    for seat, count in lives_lost.items():
        players[seat], tokens = _lose_lives(players[seat], count, county)
        paid += tokens
        if players[seat].out:
            eliminated.append(seat)
    return paid, eliminated


def _pay_chips(
    players: list[PlayerState], pot: int, blitz_payers: Iterable[int], pot_winners: Iterable[int]
) -> tuple[int, list[int]]:
    """Banking: the blitz's payers add a chip each to the pot (if they have one), then
    the pot's winners share it (`players` changed in place). The pot left for the next
    round, and each seat's chips won (or lost) this round."""
    chips_won = [0] * len(players)
    for seat in blitz_payers:  # every other player adds a chip to the pot (if they have one)
        if players[seat].chips:
            players[seat] = players[seat]._replace(chips=players[seat].chips - 1)
            pot += 1
            chips_won[seat] -= 1
    winners = list(pot_winners)
    if winners:
        share = pot // len(winners)  # an odd chip stays for the next round
        for seat in winners:
            players[seat] = players[seat]._replace(chips=players[seat].chips + share)
            chips_won[seat] += share
        pot -= share * len(winners)
    return pot, chips_won


def _lose_lives(player: PlayerState, count: int, county: bool) -> tuple[PlayerState, int]:
    """Pay up to `count` tokens; a player who cannot pay is out (or, with tokens left to
    pay only part, is on the county). Returns the player and the tokens paid."""
    if player.lives == 0:  # already on the county
        return player._replace(out=True), 0
    paid = min(count, player.lives)
    lives = player.lives - paid
    return player._replace(lives=lives, out=not county and lives == 0), paid


def _record_round(
    state: GameState,
    events: list[Event],
    reason: str,
    in_round: list[int],
    *,
    blitzers: tuple[int, ...] = (),
    lives_lost: dict[int, int] | None = None,
    points_won: dict[int, int] | None = None,
    chips_won: list[int] | None = None,
    eliminated: Iterable[int] = (),
    tiebreak_winner: int | None = None,
) -> GameState:
    if not deals_on(state):
        return state  # an imagined round: no one reads its record
    count = len(state.players)
    lives_lost = lives_lost or {}
    points_won = points_won or {}
    hands = tuple(h if s in in_round else None for s, h in enumerate(state.hands))
    values = tuple(
        hand_value(h, state.rules, showdown=reason in ("knock", "throw_down"))
        if h is not None
        else None
        for h in hands
    )
    result = RoundResult(
        round_no=state.round_no,
        dealer=state.dealer,
        reason=reason,
        knocker=state.knocker,
        blitzers=tuple(blitzers),
        hands=hands,
        values=values,
        lives_lost=tuple(lives_lost.get(s, 0) for s in range(count)),
        points_won=tuple(points_won.get(s, 0) for s in range(count)),
        chips_won=tuple(chips_won or (0,) * count),
        eliminated=tuple(eliminated),
        tiebreak_winner=tiebreak_winner,
    )
    events.append(Event("round_ended", data=result._asdict()))
    # A proposal to add levels (levels_by_agreement) is open for one round at most.
    return levels.lapse(state._replace(last_round=result), events)


def _next_round_or_end(state: GameState, events: list[Event]) -> GameState:
    rules = state.rules
    active = state.active_seats()
    if rules.scoring == "points":
        best = max(p.points for p in state.players)
        if best >= rules.target_points:
            winners = tuple(s for s in active if state.players[s].points == best)
            return _end_game(state, events, winners, "target_points", (0.0,) * len(state.players))
    elif len(active) <= 1:
        return _last_player_wins(state, events)
    if state.last_deal is not None and state.round_no >= state.last_deal:
        return _deals_played(state, events)
    # The round is over and the game goes on: `game` deals the next round (if the
    # deck source deals on, see `deals_on`).
    return state._replace(phase=ROUND_OVER, turn=None, drawn=None, taken=None)


def deals_on(state: GameState) -> bool:
    """False in an imagined world played to the end of one round (its deck source
    says so, see `randomness.DeckSource`): the hard bot's rollouts, a quarter faster
    without recording the round and dealing the next, which they never look at."""
    return getattr(state.deck_source, "deals_on", True)


def _deals_played(state: GameState, events: list[Event]) -> GameState:
    """The game's fixed number of deals is played: those still in with the most lives
    (points, chips) lead. Nobody is paid out: the tournament that asked for the deals
    carries the lives on (knockout) or compares the deal across tables (duplicate)."""
    active = state.active_seats()

    def standing(seat: int) -> int:
        player = state.players[seat]
        return {"points": player.points, "banking": player.chips}.get(
            state.rules.scoring, player.lives
        )

    best = max(standing(seat) for seat in active)
    winners = tuple(seat for seat in active if standing(seat) == best)
    return _end_game(state, events, winners, "deals_played", (0.0,) * len(state.players))


def _last_player_wins(state: GameState, events: list[Event]) -> GameState:
    active = state.active_seats()
    # Someone always survives a round (a blitzer, or a player above the lowest hand).
    winner = active[0]
    prize = state.kitty + state.pot
    shares = tuple(float(prize) if s == winner else 0.0 for s in range(len(state.players)))
    return _end_game(state, events, (winner,), "last_player", shares)


def collect_antes(state: GameState, events: list[Event]) -> GameState:
    """Banking: players without chips are out; the rest ante one chip each.

    If no one has a chip left (drawn rounds kept the last antes in the pot), the game
    is drawn between the players still in, who share the pot."""
    players = list(state.players)
    active = state.active_seats()
    if not any(players[seat].chips for seat in active):
        share = state.pot / len(active)
        shares = tuple(share if seat in active else 0.0 for seat in range(len(players)))
        return _end_game(state, events, tuple(active), "draw", shares)
    for seat, p in enumerate(players):
        if not p.out and p.chips == 0:
            players[seat] = p._replace(out=True)
            events.append(Event("player_out", seat))
    state = state._replace(players=tuple(players))
    if len(state.active_seats()) <= 1:
        return _last_player_wins(state, events)
    players = [p if p.out else p._replace(chips=p.chips - 1) for p in players]
    return state._replace(players=tuple(players), pot=state.pot + len(state.active_seats()))


def _end_game(
    state: GameState,
    events: list[Event],
    winners: tuple[int, ...],
    reason: str,
    shares: tuple[float, ...],
) -> GameState:
    outcome = Outcome(winners=winners, reason=reason, shares=shares)
    data: EventData = {"winners": winners, "reason": reason, "shares": shares}
    if reason == "target_points":
        data["points"] = state.players[winners[0]].points
    events.append(Event("game_ended", data=data))
    return state._replace(outcome=outcome, phase=OVER, turn=None, drawn=None, taken=None)
