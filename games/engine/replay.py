"""Rebuild a game from its events: the state is a fold over the log
(docs/persistence.md#the-snapshot).

The moves are read back from the player events, and every shuffle or random pick from
the events that recorded it, then the game is played again. The regenerated events
must equal the log, so a tampered or truncated log is caught, not silently accepted.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from .actions import (
    AGREEMENTS,
    Action,
    AnswerLevels,
    Discard,
    Draw,
    Exchange,
    Knock,
    Look,
    OpenWidow,
    ProposeLevels,
    Stand,
    ThrowDown,
)
from .cards import Card
from .errors import N_, EngineError
from .events import TABLE_EVENTS, Event
from .game import apply_action, new_game
from .randomness import ReplaySource
from .rules import Rules
from .state import GameState


def action_of(event: Event) -> Action | None:
    """The move that caused `event`, if it is the first event of a move."""
    seat = event.seat
    if seat is None:
        # Every move names its player; events without a seat are the deal's and the
        # scoring's. (A damaged log's seatless move then fails `replay`'s check.)
        return None
    match event.kind:
        case "drew":
            return Draw(seat, event.data["source"])
        case "discarded":
            return Discard(seat, tuple(event.data["cards"]), bool(event.data["knock"]))
        case "knocked":
            return Knock(seat)
        case "stood":
            return Stand(seat)
        case "widow_opened":
            return OpenWidow(seat)
        case "exchanged":
            return Exchange(seat, tuple(event.data["gave"]), tuple(event.data["took"]))
        case "looked":
            return Look(seat)
        case "thrown_down":
            return ThrowDown(seat)
        case "levels_proposed":
            return ProposeLevels(seat, tuple(event.data["names"]))
        case "levels_agreed":
            return AnswerLevels(seat, True)
        case "levels_declined":
            return AnswerLevels(seat, False)
    return None


def _random_results(events: Sequence[Event]) -> list[tuple[Card, ...] | int]:
    """Every shuffle (a deck) and pick (a seat) the log recorded, in order."""
    results: list[tuple[Card, ...] | int] = []
    for event in events:
        if event.kind == "dealer_chosen" and event.data["method"] != "chosen":
            results.append(event.data["pick"] if "pick" in event.data else event.secret["deck"])
        elif event.kind == "round_started":
            results.append(event.secret["deck"])
        elif event.kind == "reshuffled":
            results.append(event.secret["stock"])
    return results


def _start(events: Sequence[Event]) -> tuple[GameState, list[Event]]:
    """The game as `events` began it, with the events that made it."""
    if not events or events[0].kind != "game_started":
        raise EngineError(N_("An event log starts with game_started."))
    start = events[0].data
    source = ReplaySource(_random_results(events))
    chosen = next(
        (
            e.data["dealer"]
            for e in events
            if e.kind == "dealer_chosen" and e.data["method"] == "chosen"
        ),
        None,
    )
    return new_game(
        Rules.from_dict(start["rules"]),
        start["names"],
        source,
        chosen,
        lives=start.get("lives"),
        deals=start.get("deals"),
    )


def moves(events: Sequence[Event]) -> Iterator[tuple[GameState, Action]]:
    """Each move of the log with the state it was made in (use `replay` to check a log).
    The players' agreements (levels added by agreement) are folded in, not yielded:
    they are no one's turn."""
    state, _ = _start(events)
    for event in events:
        action = action_of(event)
        if action is not None:
            if not isinstance(action, AGREEMENTS):
                yield state, action
            state, _ = apply_action(state, action)


def transitions(events: Sequence[Event]) -> Iterator[tuple[GameState, Action, GameState]]:
    """Each action of the log, the players' agreements included, with the state before
    and after it: the n-th is what replay step n (`steps`) shows."""
    events = [event for event in events if event.kind not in TABLE_EVENTS]
    state, _ = _start(events)
    for event in events:
        action = action_of(event)
        if action is not None:
            after, _ = apply_action(state, action)
            yield state, action, after
            state = after


class Step(NamedTuple):
    """One step of a replay: the state after it, and the events that made it (the deal
    for step 0, one player's move and all it caused after that)."""

    state: GameState
    events: tuple[Event, ...]


def steps(events: Sequence[Event]) -> list[Step]:
    """The game move by move, as the fold `replay` makes it: the steps' events joined
    are the log (table events left out), else EngineError, so a replay shown to people
    can never tell a different story than the log."""
    events = [event for event in events if event.kind not in TABLE_EVENTS]
    state, produced = _start(events)
    found = [Step(state, tuple(produced))]
    for event in events:
        action = action_of(event)
        if action is not None:
            state, more = apply_action(state, action)
            found.append(Step(state, tuple(more)))
    _check([e for step in found for e in step.events], events)
    return found


def steps_from(state: GameState, events: Sequence[Event]) -> list[Step]:
    """The steps that follow `state` -- a step's state, kept by the caller (a replay's
    snapshot) -- as `steps` makes them, from `events`: the events of those steps, table
    events left out. The shuffles they need are the ones these events recorded; their
    events joined must be `events`, else EngineError."""
    state = state.with_deck_source(ReplaySource(_random_results(events)))
    found = []
    for event in events:
        action = action_of(event)
        if action is not None:
            state, more = apply_action(state, action)
            found.append(Step(state, tuple(more)))
    _check([e for step in found for e in step.events], events)
    return found


def _check(produced: Sequence[Event], events: Sequence[Event]) -> None:
    if list(produced) != list(events):
        at = next(
            (i for i, (a, b) in enumerate(zip(produced, events, strict=False)) if a != b),
            min(len(produced), len(events)),
        )
        raise EngineError(
            N_("The event log does not replay: it differs at event %(number)s."), number=at + 1
        )


def replay(events: Sequence[Event], *, check: bool = True) -> GameState:
    """The state the events lead to. With `check`, the replayed game's own events must
    match the log exactly (else EngineError). Table events (who was away, a game ended
    early: `events.TABLE_EVENTS`) are the web app's, not the game's: they are skipped."""
    events = [event for event in events if event.kind not in TABLE_EVENTS]
    state, produced = _start(events)
    for event in events:
        action = action_of(event)
        if action is not None:
            state, more = apply_action(state, action)
            produced.extend(more)
    if check:
        _check(produced, events)
    return state
