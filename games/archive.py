"""A game's permanent record: its rounds, its replay and its transcript (issue 26).

Everything here is read from the event log as of the snapshot's seq, and shows only
what is public at that seq (docs/rules.md §10): a round's hands once the round has
ended (its `round_ended` event shows them to everyone), and a round's secrets -- the
deck, the cards drawn from the stock, a reshuffled stock -- once its deck is revealed,
which is the same moment (`games.services.game_log`). The first dealer's deck is
revealed as soon as it is used. So a round is *public* when it has ended; the round
in play, and the unfinished last round of a game ended early, are not.

Which replays a person may ask for is `games.access.replay_modes`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any, NamedTuple

from django.core.cache import cache
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games import engine, proofs, signatures
from games.access import FACE_UP, WATCH
from games.engine.events import TABLE_EVENTS
from games.engine.replay import Step, steps, steps_from
from games.engine.serialize import state_from_dict, state_to_dict
from games.engine.transcript import Line, write
from games.models import Deal, Game, GameEvent, GamePlayer
from games.rendering import CardView, cards, standing
from games.shuffles import deck_commitment, in_order_of
from games.wording import describe, round_summary

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


# ---- the game's page --------------------------------------------------------------


class ShownHand(NamedTuple):
    name: str
    cards: list[CardView]
    value: str
    lost: bool
    knocked: bool


class RoundRecord(NamedTuple):
    round_no: int
    label: str
    text: str  # what happened, in a line; "" for a round that has not ended
    hands: list[ShownHand]  # as shown at the round's end; none before
    proofs: list[proofs.Proof]
    ended: bool


def rounds(game: Game, events: Sequence[engine.Event], names: Sequence[str]) -> list[RoundRecord]:
    """Every round so far with the hands shown at its end and its shuffle proofs (the
    first dealer's deck as a round of its own, when one was used)."""
    by_round: dict[int, list[proofs.Proof]] = {}
    for proof in proofs.all_proofs(game):
        by_round.setdefault(proof.round_no, []).append(proof)
    ended = {e.data["round_no"]: e.data for e in events if e.kind == "round_ended"}
    started = [e.data["round_no"] for e in events if e.kind == "round_started"]
    found = []
    if FIRST_DEALER_ROUND in by_round:
        found.append(
            RoundRecord(
                0,
                proofs.shown_label(Deal.FIRST_DEALER, FIRST_DEALER_ROUND),
                "",
                [],
                by_round[FIRST_DEALER_ROUND],
                ended=True,
            )
        )
    for round_no in started:
        data = ended.get(round_no)
        found.append(
            RoundRecord(
                round_no,
                proofs.shown_label(Deal.ROUND, round_no),
                round_summary(data, names) if data else "",
                _shown(data, names) if data else [],
                by_round.get(round_no, []),
                ended=data is not None,
            )
        )
    return found


def _shown(data: dict[str, Any], names: Sequence[str]) -> list[ShownHand]:
    """The hands a round's end showed everyone (a player already out showed none)."""
    return [
        ShownHand(
            names[seat],
            cards(hand),
            engine.format_value(data["values"][seat]),
            bool(data["lives_lost"][seat] or seat in data["eliminated"])
            or data["chips_won"][seat] < 0,
            seat == data["knocker"],
        )
        for seat, hand in enumerate(data["hands"])
        if hand is not None
    ]


def result_text(game: Game, events: Sequence[engine.Event], names: Sequence[str]) -> str:
    """How the game ended, in a sentence; or that it is being played."""
    for event in reversed(events):
        if event.kind in ("game_ended", "game_ended_early"):
            return describe(event, names)
    if game.status == Game.ENDED:
        return describe(engine.Event("game_ended_early", data={"reason": game.end_reason}), names)
    return _("The game is being played.")


def players(game: Game) -> list[GamePlayer]:
    """The players best first once the game is over (by seat while it is played)."""
    return list(GamePlayer.objects.results_of(game))


# ---- the transcript ---------------------------------------------------------------


def transcript(game: Game) -> str:
    """The game as text (`engine.transcript`): headers with the rules, the players, how
    it ended and every deck's commitment (and salt and deck once revealed), then every
    event a spectator may know now; signed by the site (`games.signatures`). In English
    whoever asks: a file of record, the same for everyone, like a chess PGN."""
    rows = log(game)
    lines = public_lines(rows)
    with translation.override("en"):
        return signatures.sign(write(_headers(game, lines), lines, describe))


def _headers(game: Game, lines: Sequence[Line]) -> list[tuple[str, str]]:
    table = game.table
    start = lines[0].event.data if lines else {}
    names = start.get("names", ())
    headers = [
        ("Event", "Thirty-One"),
        ("Game", str(game.pk)),
        ("Table", table.title),
        ("Date", timezone.localtime(game.started_at).strftime("%Y.%m.%d %H:%M %Z")),
        ("Rules", table.rules_name),
        ("Preset", table.rules_preset),
        ("Status", game.get_status_display()),
        ("Result", result_text(game, [line.event for line in lines], names)),
    ]
    for player in players(game):
        who = player.name + (f" ({player.bot_level} bot)" if player.is_bot else "")
        place = f", place {player.place}" if player.place else ""
        headers.append((f"Seat{player.position + 1}", who + place))
    headers.append(
        (
            "Shuffles",
            "Every deck is committed before it is dealt: the commitment is the SHA-256 of "
            "salt:deck; check one with printf '%s' 'salt:deck' | sha256sum",
        )
    )
    for proof in proofs.all_proofs(game):
        headers.append(("Commitment", f"{proof.name} = {proof.commitment}"))
        if proof.revealed:
            headers.append(("Revealed", f"{proof.name} = {proof.salt}:{proof.deck}"))
    return headers


# ---- the replay -------------------------------------------------------------------


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
# before it (docs/design.md §32): a step then folds at most SNAPSHOT_EVERY - 1 moves,
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
        self.names: list[str] = index["names"]
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
            kept = cache.get(_snapshot_key(self.game, base))
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
        state = state_from_dict(kept)
        if index == base:
            return Step(state, own)
        return steps_from(state, [event for seq, event in events if seq > self.ends[base]])[-1]


def replay_steps(game: Game) -> ReplaySteps:
    """`game`'s replay steps as of its seq (`ReplaySteps`): from the cache, else folded
    (EngineError if the log does not fold) and kept."""
    index_key = _index_key(game)
    found = cache.get_many([index_key, _snapshot_key(game, 0)])
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
    cache.set_many(
        {_index_key(game): index, **{_snapshot_key(game, i): kept[i] for i in kept}},
        SNAPSHOT_SECONDS_IN_PLAY if game.in_play else SNAPSHOT_SECONDS,
    )
    return ReplaySteps(game, index, kept)


def _index_key(game: Game) -> str:
    return f"replay:{game.pk}:{game.seq}"


def _snapshot_key(game: Game, step: int) -> str:
    return f"replay:{game.pk}:{game.seq}:{step}"


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
    return _shown(data, names) if data else []


class DeckCheck(NamedTuple):
    """An imported transcript's deck: its label (in the reader's language), and why it is
    forged ("" if it is not)."""

    label: str
    forged: str


def deck_checks(
    headers: Sequence[tuple[str, str]], events: Sequence[engine.Event]
) -> list[DeckCheck]:
    """For an imported transcript: each deck its headers reveal, forged if its salt and
    deck do not hash to the commitment stated for it (the check the shuffles page
    explains) or if it is not the deck the events were dealt from; then each deck the
    events were dealt from that no header reveals. Of a transcript this site did not
    sign, a deck that passes proves nothing (whoever wrote it chose the deck and the
    commitment together); one that fails is forged all the same."""
    committed = dict(_pairs(headers, "Commitment"))
    with translation.override("en"):  # a transcript names its decks in English
        dealt = _dealt(events)
    found = []
    for label, shown in _pairs(headers, "Revealed"):
        salt, colon, deck = shown.partition(":")
        if not colon:
            forged = _("the revealed deck is not salt:deck")
        elif deck_commitment(salt, deck) != committed.get(label):
            forged = _("the deck does not match its commitment")
        elif label in dealt and not dealt[label](deck):
            forged = _("the deck is not the one the game was dealt from")
        else:
            forged = ""
        found.append(DeckCheck(label, forged))
    revealed = {check.label for check in found}
    found += [
        DeckCheck(label, _("the game was dealt from it, but no header reveals it"))
        for label in dealt
        if label not in revealed
    ]
    return [DeckCheck(proofs.shown_name(check.label), check.forged) for check in found]


def _dealt(events: Sequence[engine.Event]) -> dict[str, Callable[[str], bool]]:
    """The decks the events were dealt from, by label, each with a test of whether a
    revealed deck (card codes) is that deck: the first dealer's and each round's are
    the deck itself; a reshuffle's new stock is the discards in its deck's order."""
    found: dict[str, Callable[[str], bool]] = {}
    round_no, reshuffles = FIRST_DEALER_ROUND, 0

    def same(cards: tuple[engine.Card, ...]) -> Callable[[str], bool]:
        return lambda deck: deck == engine.format_cards(cards)

    def orders(stock: tuple[engine.Card, ...]) -> Callable[[str], bool]:
        def check(deck: str) -> bool:
            try:
                return in_order_of(engine.parse_cards(deck), stock) == tuple(stock)
            except engine.EngineError:
                return False

        return check

    for event in events:
        if event.kind == "dealer_chosen" and "deck" in event.secret:
            found[proofs.label(Deal.FIRST_DEALER, FIRST_DEALER_ROUND)] = same(event.secret["deck"])
        elif event.kind == "round_started" and "deck" in event.secret:
            round_no, reshuffles = event.data["round_no"], 0
            found[proofs.label(Deal.ROUND, round_no)] = same(event.secret["deck"])
        elif event.kind == "reshuffled" and "stock" in event.secret:
            reshuffles += 1
            label = proofs.label(Deal.RESHUFFLE, round_no, reshuffles)
            found[label] = orders(event.secret["stock"])
    return found


def _pairs(headers: Sequence[tuple[str, str]], key: str) -> list[tuple[str, str]]:
    return [
        tuple(value.split(" = ", 1))  # type: ignore[misc]
        for name, value in headers
        if name == key and " = " in value
    ]
