"""What one finished game says about each pair of seats: the moments where one player
could help another, and whether they did (docs/fair-play.md#collusion-signals).

Read from the whole game with every hand known, so only ever after the game is over,
and shown only to staff and organizers. Three signals, each an opportunity and a hit:

- `FEED`: A discards with B next to play, A had both a discard that would improve B's
  hand and one that would not, each costing A at most `FEED_MARGIN` points of its own
  hand; a hit when A's discard improved B's hand.
- `SPARE`: A could knock, A's hand (at least `SPARE_MIN_VALUE`) beats everyone's, B's is
  the lowest and B is on their last life: a knock would most likely put B out. A hit
  when A did not knock.
- `THROW`: a round in which A lost a life and B, the next lowest, lost none; a hit when
  the bots' review of A's moves in that round found a big mistake (`big_mistakes`).

Only the first opportunity of each kind between two players in a round counts: the
same hands make the same choice again a turn later, and the test counts independent
trials (docs/fair-play.md#the-test).

Seats only: the caller maps them to people and leaves out the bots' seats.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from typing import NamedTuple

from games.engine.actions import AGREEMENTS, Action, Discard, Knock
from games.engine.bots.common import stages_left, strength
from games.engine.cards import Card
from games.engine.events import Event
from games.engine.legal import legal_actions
from games.engine.replay import transitions
from games.engine.state import DISCARD, GameState
from games.engine.turns import play_order

FEED, SPARE, THROW = "feed", "spare", "throw"
SIGNALS = (FEED, SPARE, THROW)

FEED_MARGIN = 1.0  # points of A's own hand a feeding or a safe discard may cost it
SPARE_MIN_VALUE = 25.0  # a hand this good is knocked with, by most players, most times


class Sighting(NamedTuple):
    signal: str
    actor: int  # the seat that could help
    partner: int  # the seat it could help
    hit: bool
    step: int  # the replay step of the move (1 for the first move after the deal)


def sightings(
    events: Iterable[Event], seats: Collection[int], big_mistakes: Collection[int] | None = None
) -> list[Sighting]:
    """Every opportunity of `events` (a whole game's log) between two of `seats` (the
    people's seats). `big_mistakes`: the replay steps at which the bots' review found a
    big mistake (empty: a review that found none); None, no review yet, and no `THROW`
    is counted."""
    found: list[Sighting] = []
    round_mistakes: set[int] = set()  # seats with a big mistake in the current round
    seen: set[tuple[str, int, int]] = set()  # (signal, actor, partner) met this round
    for step, state, action, after in _moves(events):
        if big_mistakes is not None and step in big_mistakes:
            round_mistakes.add(action.seat)
        if after.last_round != state.last_round:
            found += _thrown(after, seats, round_mistakes, step, big_mistakes is not None)
            round_mistakes, seen = set(), set()
            continue
        if action.seat not in seats:
            continue
        for sighting in (*_fed(state, action, seats, step), *_spared(state, action, seats, step)):
            key = (sighting.signal, sighting.actor, sighting.partner)
            if key not in seen:
                seen.add(key)
                found.append(sighting)
    return found


def _moves(events: Iterable[Event]) -> Iterator[tuple[int, GameState, Action, GameState]]:
    """Each player's move: its replay step, the state before, the action, the state after."""
    step = 0
    for state, action, after in transitions(list(events)):
        step += 1
        if isinstance(action, AGREEMENTS):
            continue
        yield step, state, action, after


def _next_seat(state: GameState, seat: int) -> int:
    order = play_order(state.dealer, [p.out for p in state.players])
    return order[(order.index(seat) + 1) % len(order)]


def _value(cards: Iterable[Card], state: GameState) -> float:
    return float(strength(tuple(cards), state.rules)[0])


def _gain(hand: tuple[Card, ...], card: Card, state: GameState) -> float:
    """What taking `card` (and then discarding the worst) adds to `hand`."""
    now = _value(hand, state)
    best = max(_value(hand[:i] + hand[i + 1 :] + (card,), state) for i in range(len(hand)))
    return best - now


def _fed(state: GameState, action: Action, seats: Collection[int], step: int) -> list[Sighting]:
    if not (isinstance(action, Discard) and len(action.cards) == 1 and state.phase == DISCARD):
        return []
    me = action.seat
    partner = _next_seat(state, me)
    if partner == me or partner not in seats:
        return []
    hand = state.hands[me]
    theirs = state.hands[partner]
    options = [c for c in hand if c != state.taken]
    kept = {c: _value([d for d in hand if d != c], state) for c in options}
    best = max(kept.values())
    cheap = [c for c in options if kept[c] >= best - FEED_MARGIN]
    helps = {c: _gain(theirs, c, state) > 0 for c in cheap}
    if not (any(helps.values()) and not all(helps.values())):
        return []
    hit = _gain(theirs, action.cards[0], state) > 0
    return [Sighting(FEED, me, partner, hit, step)]


def _spared(state: GameState, action: Action, seats: Collection[int], step: int) -> list[Sighting]:
    me = state.turn
    if me is None or me != getattr(action, "seat", None):
        return []
    if not any(type(a) is Knock for a in legal_actions(state, me)):
        return []
    values = {s: _value(state.hands[s], state) for s in state.active_seats()}
    mine = values.pop(me)
    if mine < SPARE_MIN_VALUE or not values:
        return []
    low = min(values.values())
    lowest = [s for s, v in values.items() if v == low]
    if mine <= low or len(lowest) != 1:
        return []
    partner = lowest[0]
    if partner not in seats or stages_left(state.players[partner], state.rules) != 1:
        return []
    return [Sighting(SPARE, me, partner, type(action) is not Knock, step)]


def _thrown(
    after: GameState, seats: Collection[int], mistakes: set[int], step: int, reviewed: bool
) -> list[Sighting]:
    result = after.last_round
    if not reviewed or result is None:
        return []
    found = []
    losers = [s for s, lost in enumerate(result.lives_lost) if lost > 0]
    for loser in losers:
        if loser not in seats:
            continue
        others = {
            s: v
            for s, v in enumerate(result.values)
            if v is not None and s != loser and result.lives_lost[s] == 0
        }
        if not others:
            continue
        low = min(others.values())
        nearest = [s for s, v in others.items() if v == low]
        if len(nearest) == 1 and nearest[0] in seats:
            found.append(Sighting(THROW, loser, nearest[0], loser in mistakes, step))
    return found


__all__ = ["FEED", "SIGNALS", "SPARE", "THROW", "Sighting", "sightings"]
