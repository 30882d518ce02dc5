"""The replay: the table after each step as a seat, a spectator or everyone face up
sees it, what was said, and the steps made on demand from states kept in the cache
(docs/tables.md#replays)."""

from __future__ import annotations

import zlib
from collections.abc import Collection, Sequence
from typing import Any, NamedTuple

from django.utils.translation import gettext as _

from games import engine, safe_cache
from games.access import FACE_UP, WATCH
from games.archive.page import ShownHand, shown_hands
from games.archive.public import log, public_rounds
from games.engine.events import TABLE_EVENTS
from games.engine.replay import Step, steps, steps_from
from games.engine.serialize import state_from_dict, state_to_dict
from games.models import Game
from games.rendering import CardView, cards, standing
from games.wording import describe
from games.wording.names import shown_name, with_shown_names


class SeatBoard(NamedTuple):
    name: str
    held: range  # one per card held, for the face-down backs
    hand: list[CardView] | None  # face up, or None (face down or not shown)
    standing: str
    dealer: bool
    turn: bool
    out: bool
    you: bool


def board(step: Step, mode: str, public: bool) -> dict[str, Any]:
    """The table after `step` as `mode` sees it: a seat's number (their own hand),
    FACE_UP (every hand) or WATCH (no hand). In a round that is not `public`, no hand
    is shown whatever the mode: nobody may see it yet, or ever."""
    state = step.state
    seat = int(mode) if mode.isdigit() and public else None
    obs = engine.observation(state, seat)
    face_up = mode == FACE_UP and public
    seats = [
        SeatBoard(
            s.name,
            range(0 if s.out else obs.cards_held[s.seat]),
            cards(state.hands[s.seat])
            if face_up and not s.out
            else cards(obs.hand)
            if s.seat == seat and obs.hand is not None
            else None,
            standing(obs.rules.scoring, s),
            s.seat == obs.dealer and obs.outcome is None,
            s.seat == obs.turn,
            s.out,
            s.seat == seat,
        )
        for s in obs.seats
    ]
    return {
        "obs": obs,
        "seats": seats,
        "discard_top": cards([obs.discard_top]) if obs.discard_top is not None else [],
        "buried": cards(obs.discard_pile[:-1]),
        "widow": cards(obs.widow),
        "hidden_round": mode != WATCH and not public,
    }


def said(step: Step, names: Sequence[str], mode: str, public: bool) -> list[str]:
    """What the step's events told `mode`'s viewer: a seat hears of its own draws (in
    a public round), everyone else as a spectator."""
    viewer = int(mode) if mode.isdigit() and public else None
    return [describe(event, names, viewer) for event in step.events]


def fold(events: Sequence[engine.Event]) -> list[Step]:
    """The replay's steps (`engine.replay.steps`): EngineError if the log does not fold."""
    return steps(events)


# A replay step is made from the state kept for the nearest step at most this many
# before it (docs/tables.md#replays): a step then folds at most SNAPSHOT_EVERY - 1 moves,
# not the whole log.
SNAPSHOT_EVERY = 16
# How long a game version's snapshots stay in the cache (seconds): a finished game's
# never change; a game in play moves on, and an old seq's are never asked for again.
SNAPSHOT_SECONDS = 24 * 3600
SNAPSHOT_SECONDS_IN_PLAY = 600


class ReplaySteps(Sequence[Step]):
    """A stored game's replay steps as of its seq, each made on demand from a kept
    state: the one of step `i - i % SNAPSHOT_EVERY`, folded forward by the moves up
    to step `i` (`engine.replay.steps_from`, which checks them against the log). The
    states kept, each step's last seq, the names and the public rounds are made once
    per game and seq by the whole fold (`steps`, checked against the log as before) and
    kept in the cache; a step then reads only its own few rows of the log."""

    def __init__(self, game: Game, index: dict[str, Any], kept: dict[int, Any]) -> None:
        self.game = game
        self.names: list[str] = [shown_name(name) for name in index["names"]]
        self.public: set[int] = set(index["public"])
        self.ends: list[int] = index["ends"]  # each step's last seq
        self._kept = kept  # step -> its state (a dict, engine.serialize)

    def __len__(self) -> int:
        return len(self.ends)

    def __getitem__(self, index: int) -> Step:  # type: ignore[override]
        if not 0 <= index < len(self.ends):
            raise IndexError(index)
        base = index - index % SNAPSHOT_EVERY
        kept = self._kept.get(base)
        if kept is None:
            kept = safe_cache.cache_get(_snapshot_key(self.game, base))
            if kept is None:  # evicted: fold again, keep again
                replayed = _fold_and_keep(self.game)
                self._kept = replayed._kept
                kept = self._kept[base]
            self._kept[base] = kept
        after = self.ends[base - 1] if base else 0
        rows = self.game.events.filter(seq__gt=after, seq__lte=self.ends[index]).order_by("seq")
        events = [
            (row.seq, event) for row in rows if (event := row.to_engine()).kind not in TABLE_EVENTS
        ]
        own = tuple(event for seq, event in events if seq <= self.ends[base])
        state = with_shown_names(state_from_dict(kept))
        if index == base:
            return Step(state, own)
        return steps_from(state, [event for seq, event in events if seq > self.ends[base]])[-1]


def replay_steps(game: Game) -> ReplaySteps:
    """`game`'s replay steps as of its seq (`ReplaySteps`): from the cache, else folded
    (EngineError if the log does not fold) and kept."""
    index_key = _index_key(game)
    found = safe_cache.cache_get_many([index_key, _snapshot_key(game, 0)])
    if index_key in found:
        kept = {0: found[_snapshot_key(game, 0)]} if _snapshot_key(game, 0) in found else {}
        return ReplaySteps(game, found[index_key], kept)
    return _fold_and_keep(game)


def _fold_and_keep(game: Game) -> ReplaySteps:
    rows = log(game)
    events = [row.to_engine() for row in rows]
    if not events:
        return ReplaySteps(game, {"names": [], "public": [], "ends": []}, {})
    found = steps(events)
    seqs = [row.seq for row, event in zip(rows, events, strict=True)]
    seqs = [seq for seq, event in zip(seqs, events, strict=True) if event.kind not in TABLE_EVENTS]
    ends, at = [], 0
    for step in found:
        at += len(step.events)
        ends.append(seqs[at - 1])
    index = {
        "names": list(events[0].data["names"]),
        "public": sorted(public_rounds(events)),
        "ends": ends,
    }
    kept = {i: state_to_dict(found[i].state) for i in range(0, len(found), SNAPSHOT_EVERY)}
    safe_cache.cache_set_many(
        {_index_key(game): index, **{_snapshot_key(game, i): kept[i] for i in kept}},
        SNAPSHOT_SECONDS_IN_PLAY if game.in_play else SNAPSHOT_SECONDS,
    )
    return ReplaySteps(game, index, kept)


def _index_key(game: Game) -> str:
    return f"replay:{game.pk}:{game.seq}:{_names_version(game)}"


def _snapshot_key(game: Game, step: int) -> str:
    return f"replay:{game.pk}:{game.seq}:{_names_version(game)}:{step}"


def _names_version(game: Game) -> int:
    """The players' stored names, in short: the log and the snapshot keep them, and a
    member's deletion replaces theirs (docs/privacy.md#deleting-an-account) without a new
    seq, so what was kept under the old names is never read again."""
    return zlib.crc32("\n".join(game.state.get("names", ())).encode())


def side_label(side: str, names: Sequence[str]) -> str:
    if side == WATCH:
        return _("As a spectator saw it")
    if side == FACE_UP:
        return _("Every hand face up")
    return _("As %(name)s saw it") % {"name": names[int(side)]}


def replay_context(
    found: Sequence[Step],
    names: Sequence[str],
    sides: Sequence[str],
    side: str,
    index: int,
    ended: Collection[int] | None = None,
) -> dict[str, Any]:
    """The page of one step of a replay: the board and what was said, seen from `side`
    (one of `sides`, the ones this viewer may ask for; else the first), with the links
    to the steps around it. `index` is clamped to the steps there are."""
    side = side if side in sides else sides[0]
    last = len(found) - 1
    index = max(0, min(index, last))
    step = found[index]
    if ended is None:  # the public rounds, from every step's events
        ended = public_rounds(e for s in found for e in s.events)
    public = step.state.round_no in ended

    def link(to: int) -> str:
        return f"?side={side}&step={to}"

    return {
        "board": board(step, side, public),
        "said": said(step, names, side, public),
        "step": index,
        "last": last,
        "side": side,
        "side_label": side_label(side, names),
        "sides": [(s, side_label(s, names)) for s in sides],
        "first_url": link(0) if index > 0 else None,
        "prev_url": link(index - 1) if index > 0 else None,
        "next_url": link(index + 1) if index < last else None,
        "last_url": link(last) if index < last else None,
        "round_end": next((e.data for e in step.events if e.kind == "round_ended"), None),
        "shown": _shown_at(step, names),
    }


def _shown_at(step: Step, names: Sequence[str]) -> list[ShownHand]:
    """The hands a round's end in this step showed everyone (public by then)."""
    data = next((e.data for e in step.events if e.kind == "round_ended"), None)
    return shown_hands(data, names) if data else []
