"""Random games for the property tests: rule sets, seats, seeds, and a driver that plays
a whole game with random legal moves and hands every step to the checks.

A game is described by a `GameSpec` (preset, option changes, seats, seed), which is
all a failure report needs to reproduce it: `play(spec)` is deterministic. Hypothesis
draws only the spec; the moves come from `random.Random(seed)` (drawing each move
through Hypothesis would be far too slow), the shuffles from `SeededDeckSource(seed)`.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Iterator
from typing import Any, NamedTuple

from hypothesis import HealthCheck, Phase, assume, settings
from hypothesis import strategies as st

from games.engine import (
    PRESETS,
    Card,
    Discard,
    Event,
    GameState,
    Knock,
    Rules,
    RulesError,
    SeededDeckSource,
    ThrowDown,
    apply_action,
    full_deck,
    legal_actions,
    new_game,
    observation,
)
from games.engine.actions import Action
from games.engine.bots.baseline import BaselineBot
from games.engine.state import THROW_DOWN

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")

# No random game may take more moves than this: "every game ends". Random play knocks
# often, so real games are far shorter; the longest are those where no one may knock
# (everyone on the county) and the game waits for a 31.
MAX_ACTIONS = 60_000

# At most this many chips on the table in a banking game (see `game_specs`).
BANKING_CHIPS = 12

# Option changes a rule set may carry on top of its preset (docs/rules.md §1-§8).
OPTION_CHANGES: dict[str, st.SearchStrategy[Any]] = {
    "hidden_discards": st.booleans(),
    "widow": st.booleans(),
    "throw_down": st.booleans(),
    "knock_after_draw": st.booleans(),
    "allow_stand": st.booleans(),
    "take_own_discard": st.booleans(),
    "empty_stock": st.sampled_from(("reshuffle", "draw")),
    "blitz_timing": st.sampled_from(("immediate", "on_turn")),
    "blitz_requires": st.sampled_from(("any", "ace_king_ten")),
    "three_of_a_kind": st.sampled_from(("off", "30", "30.5")),
    "straight_flush": st.booleans(),
    "showdown_counts_all_cards": st.booleans(),
    "three_aces_wins_game": st.booleans(),
    "jokers": st.sampled_from((0, 1)),
    "scoring": st.sampled_from(("lives", "points", "banking")),
    "county": st.booleans(),
    "knocker_tie": st.sampled_from(("safe", "loses")),
    "knocker_penalty": st.sampled_from((1, 2)),
    "knocker_pays_double_on_blitz": st.booleans(),
    "final_two_tiebreak": st.booleans(),
    "no_knock_first_round": st.booleans(),
    "no_knock_when_all_on_county": st.booleans(),
    "knock_min": st.sampled_from((0, 17, 21, 25)),
    "first_dealer": st.sampled_from(("random", "high_card", "cut")),
    "max_turns": st.integers(10, 40),
    "lives": st.integers(1, 4),
    "target_points": st.integers(1, 5),
    "chips": st.integers(1, 5),
}


def game_settings(max_examples: int) -> settings:
    """Settings for tests over whole random games (set on each test: no profile, no
    conftest). A game takes milliseconds to a second, so there is no deadline; and
    failures are not shrunk unless THIRTYONE_SHRINK=1 is set, because shrinking replays
    thousands of games (minutes) while the `GameSpec` in every failure message already
    reproduces the game exactly."""
    shrink = os.environ.get("THIRTYONE_SHRINK", "") not in ("", "0")
    return settings(
        max_examples=max_examples,
        deadline=None,
        phases=tuple(Phase) if shrink else tuple(p for p in Phase if p != Phase.shrink),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


class GameSpec(NamedTuple):
    preset: str
    changes: dict[str, Any]
    seats: int
    seed: int

    @property
    def rules(self) -> Rules:
        return Rules.preset(self.preset, **self.changes)

    def __str__(self) -> str:
        return (
            f"GameSpec(preset={self.preset!r}, changes={self.changes!r}, "
            f"seats={self.seats}, seed={self.seed})"
        )


def _labels(count: int) -> tuple[str, ...]:
    return tuple(f"stage {i}" for i in range(count))


@st.composite
def game_specs(draw: st.DrawFn, presets: tuple[str, ...] = tuple(PRESETS)) -> GameSpec:
    """A preset, changes that are valid together, 2-9 seats and a seed."""
    preset = draw(st.sampled_from(presets))
    changes = draw(st.fixed_dictionaries({}, optional=OPTION_CHANGES))
    merged = {**Rules().to_dict(), **PRESETS[preset], **changes}
    # Keep games short: few points to win (few chips to lose: below, by the seats).
    if merged["scoring"] == "points" and "target_points" not in changes:
        changes["target_points"] = draw(st.integers(1, 5))
    # Life labels must fit the lives and the county; make them fit (or drop them).
    labels = merged["life_labels"]
    if labels is not None or (merged["scoring"] == "lives" and draw(st.booleans())):
        needed = merged["lives"] + (2 if merged["county"] else 1)
        if merged["scoring"] != "lives":
            changes["life_labels"] = None
        elif labels is None or len(labels) != needed:
            changes["life_labels"] = _labels(needed)
    try:
        rules = Rules.preset(preset, **changes)
    except RulesError:
        assume(False)
        raise  # unreachable: assume(False) raises
    seats = draw(st.integers(2, min(9, rules.max_players)))
    if rules.scoring == "banking":
        # Chips change hands and are never lost, so the last two players' duel is a
        # random walk as long as the product of their stacks: 40 chips at eight seats
        # ran past MAX_ACTIONS with random moves. (Chips leave the rules valid.)
        most = max(1, min(5, BANKING_CHIPS // seats))
        chips = changes.get("chips") or draw(st.integers(1, most))
        changes["chips"] = min(chips, most)
    seed = draw(st.integers(0, 2**32 - 1))
    return GameSpec(preset, changes, seats, seed)


# ---- playing a game ---------------------------------------------------------------


class Step(NamedTuple):
    """One move: the state before it, the move, the state after it, and its events."""

    index: int
    before: GameState
    action: Action
    after: GameState
    events: list[Event]


def _knocks(action: Action) -> bool:
    return type(action) is Knock or (type(action) is Discard and action.knock)


class Policy:
    """Random legal moves mixed with the baseline bot's, in a proportion chosen per game.

    The random moves reach odd corners (discarding every card, opening the widow,
    standing); the bot's moves build real hands, so that knock minimums are reached and
    a game that waits for a 31 gets one. Random moves come with a per-game appetite for
    knocking and throwing down, so that some rounds end at once; and some games are
    patient: no one knocks in the first turns of every other round, so that the stock
    runs out (a reshuffle, or a drawn round). Patience stays below `max_turns`, and the
    rounds between are played without it, else no round could ever be won: with
    `empty_stock: "draw"` the stock of a two-player deal (45 cards) runs out before 90
    turns, so a game patient in every round was drawn round after round for ever.
    """

    def __init__(self, rng: random.Random, rules: Rules) -> None:
        self.rng = rng
        self.bot_share = rng.choice((0.3, 0.6, 0.9))
        self.knock_weight = rng.choice((0.02, 0.1, 0.4, 1.0))
        self.throw_weight = rng.choice((0.1, 1.0))
        self.patience = min(rng.choice((0, 0, 0, 40, 90)), rules.max_turns // 2)
        self.bot = BaselineBot(knock_at=rng.choice((20, 24, 27)))

    def _kind(self, action: Action) -> tuple[Any, ...]:
        if isinstance(action, Discard):
            return (Discard, action.knock)
        return (type(action),)

    def _weight(self, kind: tuple[Any, ...]) -> float:
        if kind[0] is Knock or kind == (Discard, True):
            return self.knock_weight
        if kind[0] is ThrowDown:
            return self.throw_weight
        return 1.0

    def choose(self, state: GameState, legal: list[Action]) -> Action:
        if state.turns_taken < self.patience and state.round_no % 2 == 0:
            legal = [action for action in legal if not _knocks(action)] or legal
        if self.bot_share and self.rng.random() < self.bot_share:
            action = self.bot.choose(observation(state, state.turn))
            # Actions are named tuples, equal across types (Knock(1) == Stand(1)).
            if any(type(a) is type(action) and a == action for a in legal):
                return action
        kinds: dict[tuple[Any, ...], list[Action]] = {}
        for action in legal:
            kinds.setdefault(self._kind(action), []).append(action)
        names = list(kinds)
        kind = self.rng.choices(names, weights=[self._weight(k) for k in names])[0]
        return self.rng.choice(kinds[kind])


def start(spec: GameSpec) -> tuple[GameState, list[Event]]:
    return new_game(spec.rules, NAMES[: spec.seats], SeededDeckSource(spec.seed))


def play(
    spec: GameSpec, max_actions: int = MAX_ACTIONS, *, partial: bool = False
) -> Iterator[Step]:
    """Play `spec` with random legal moves, yielding every step. Fails if the game has
    not ended after `max_actions` moves, if the player whose turn it is has no legal
    move, or if the engine raises on a legal move (test_properties.py checks that).

    With `partial` the game just stops at any of these, or after `max_actions` moves:
    the tests about other things (replay, events, hidden cards) check the game as far
    as it went, in bounded time."""
    state, _ = start(spec)
    policy = Policy(random.Random(spec.seed), spec.rules)
    for index in range(max_actions):
        if state.is_over:
            return
        legal = legal_actions(state, state.turn)
        if not legal and partial:
            return
        assert legal, (
            f"{spec}: {state.names[state.turn]} (seat {state.turn}) has no legal "
            f"move at move {index}, in phase {state.phase!r} holding "
            f"{list(state.hands[state.turn])}"
        )
        action = policy.choose(state, legal)
        try:
            after, events = apply_action(state, action)
        except Exception as error:
            if partial:
                return
            error.add_note(f"{spec}: the engine failed at move {index}, {action}")
            raise
        yield Step(index, state, action, after, events)
        state = after
    assert partial or state.is_over, f"{spec}: the game did not end within {max_actions} moves"


# How far the tests that do not need whole games play at most (`partial`).
PARTIAL_ACTIONS = 1_000


def play_all(
    spec: GameSpec,
    *,
    partial: bool = False,
    max_actions: int | None = None,
) -> tuple[GameState, list[Event], list[Step]]:
    """The game (or with `partial`, as much of it as `play` plays, by default up to
    PARTIAL_ACTIONS moves): the last state, every event from new_game on, and every
    step."""
    state, events = start(spec)
    steps = []
    limit = max_actions or (PARTIAL_ACTIONS if partial else MAX_ACTIONS)
    for step in play(spec, limit, partial=partial):
        steps.append(step)
        events.extend(step.events)
        state = step.after
    return state, events, steps


# ---- cards: where they are and who may see them ------------------------------------


def deck_of(rules: Rules) -> list[Card]:
    return sorted(full_deck(rules.jokers))


def cards_in(value: Any, skip: frozenset[str] = frozenset()) -> list[Card]:
    """Every Card found anywhere inside `value` (tuples, named tuples, lists, dicts,
    sets, dataclasses), leaving out the named-tuple fields and dict keys in `skip`."""
    found: list[Card] = []
    _walk(value, skip, found)
    return found


# Values that hold no card (a Card is an int subclass, so this tests the exact type).
_ATOMS = frozenset({str, bytes, int, float, bool, type(None)})
# Rule sets are frozen: walk each one once (by identity, keeping it alive).
_RULES_WALKED: dict[tuple[int, frozenset[str]], tuple[Rules, tuple[Card, ...]]] = {}


def _walk(value: Any, skip: frozenset[str], found: list[Card]) -> None:
    kind = type(value)
    if kind is Card:
        found.append(value)
    elif kind in _ATOMS:
        return
    elif kind is Rules:
        known = _RULES_WALKED.get((id(value), skip))
        if known is None:
            inner: list[Card] = []
            _walk_fields(value, skip, inner)
            known = _RULES_WALKED[id(value), skip] = (value, tuple(inner))
        found.extend(known[1])
    elif isinstance(value, tuple) and hasattr(value, "_fields"):
        for name, item in zip(value._fields, value, strict=True):
            if name not in skip:
                if type(item) is Card:
                    found.append(item)
                elif type(item) not in _ATOMS:
                    _walk(item, skip, found)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            if type(item) is Card:
                found.append(item)
            elif type(item) not in _ATOMS:
                _walk(item, skip, found)
    elif isinstance(value, dict):
        for key, item in value.items():
            _walk(key, skip, found)
            if key not in skip:
                _walk(item, skip, found)
    elif dataclasses.is_dataclass(value):
        _walk_fields(value, skip, found)
    elif isinstance(value, str | bytes | int | float):  # subclasses, e.g. an IntEnum
        return
    else:
        raise AssertionError(f"cards_in does not know how to look inside {value!r}")


def _walk_fields(value: Any, skip: frozenset[str], found: list[Card]) -> None:
    for f in dataclasses.fields(value):
        if f.name not in skip:
            _walk(getattr(value, f.name), skip, found)


def visible_cards(state: GameState, viewer: int | None) -> set[Card]:
    """The cards `viewer` may see now (docs/rules.md §10): their own hand (face down until
    they look, with a throw-down), the visible discards (the top one, or all of them
    with hidden_discards), the widow once it is face up, the card they drew this turn,
    and the card taken from the discard pile this turn (everyone saw it taken)."""
    seen: set[Card] = set()
    if viewer is not None:
        if not (state.phase == THROW_DOWN and state.turn == viewer):
            seen.update(state.hands[viewer])
        if state.turn == viewer and state.drawn is not None:
            seen.add(state.drawn)
    seen.update(state.discard if state.rules.hidden_discards else state.discard[-1:])
    if state.widow_open:
        seen.update(state.widow)
    if state.taken is not None:
        seen.add(state.taken)
    return seen


def next_in_game(players: tuple[Any, ...], seat: int) -> int:
    """The next seat clockwise (to the left) whose player is not out."""
    count = len(players)
    for step in range(1, count + 1):
        candidate = (seat + step) % count
        if not players[candidate].out:
            return candidate
    raise AssertionError("no player is left in the game")


def all_cards(state: GameState) -> list[Card]:
    """Every card on the table: hands, stock, discard pile and widow."""
    cards = [c for hand in state.hands for c in hand]
    return sorted(cards + list(state.stock) + list(state.discard) + list(state.widow))
