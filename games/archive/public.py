"""What of a game's log is public as of its snapshot's seq (docs/rules.md §10): the
rounds that have ended (and the first dealer's deck, used up at once), and the log as
a transcript may hold it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games import engine
from games.engine.transcript import Line
from games.models import Game, GameEvent

FIRST_DEALER_ROUND = 0  # the round_no of the first dealer's deck and events


def log(game: Game) -> list[GameEvent]:
    """The game's events as of its snapshot's seq, oldest first."""
    return list(game.events.filter(seq__lte=game.seq).order_by("seq"))


def round_of(events: Iterable[engine.Event]) -> list[int]:
    """The round each event belongs to: a deal starts one; what comes before the first
    deal (the game's start, the first dealer) is round 0."""
    found, current = [], FIRST_DEALER_ROUND
    for event in events:
        if event.kind == "round_started":
            current = event.data["round_no"]
        found.append(current)
    return found


def public_rounds(events: Iterable[engine.Event]) -> set[int]:
    """The rounds whose hands and secrets everyone may see: those that have ended."""
    ended = {e.data["round_no"] for e in events if e.kind == "round_ended"}
    return ended | {FIRST_DEALER_ROUND}


def public_lines(rows: Sequence[GameEvent]) -> list[Line]:
    """The log as a transcript may hold it: the secrets of a round that has not ended
    are left out, as a spectator gets them (`engine.event_view(event, None)`)."""
    events = [row.to_engine() for row in rows]
    public = public_rounds(events)
    return [
        Line(
            row.seq,
            event if round_no in public else engine.event_view(event, None),
            row.by_bot,
        )
        for row, event, round_no in zip(rows, events, round_of(events), strict=True)
    ]
