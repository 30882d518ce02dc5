"""The hard bot's review of a finished game: for each decision of a person, the move
the bot prefers and what the difference cost (docs/bots.md#the-review-of-a-finished-game).

`judge` weighs one decision. It asks the hard bot, with the memory it would have had
at that seat (rebuilt from the round's moves as `recall` rebuilds it, so it knows only
what the person knew), for its short list of moves (`HardBot.options`) and adds the
move the person made; deals worlds consistent with what the seat saw (the bot's
`WorldSampler`, its table watch included), plays every candidate in the SAME worlds
and later shuffles with the rollout policy to the end of the round, and measures each
by what the round left the person: stages left (lives), points, or chips. The
preferred move is the one with the most left on average; the person's move cost the
difference (never below 0), and within noise of the best it is the bot's agreement.

The budget is fixed in simulated moves, never in seconds, and every world is drawn
from a seed the caller derives from the game and the step, so a review comes out the
same wherever and however often it is made, and costs a bounded amount of work.

`review_game` walks a game's log once and judges the decisions of the seats asked for,
skipping the moves a bot made for a person (timeouts, away) and decisions with one
legal move.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Collection, Iterator, Sequence
from typing import NamedTuple

from ..actions import AGREEMENTS, Action
from ..events import TABLE_EVENTS, Event
from ..observation import Observation, observation
from ..replay import action_of, moves
from ..rules import Rules
from ..state import GameState, PlayerState
from .common import stages_left
from .hard import HORIZON_TURNS, HardBot
from .rollout import play_out_after
from .rollout_steps import Scorer, standings_now
from .worlds import ImaginedDeck, WorldSampler

VERSION = 1  # a stored review says which judge made it
BUDGET = 1500  # simulated moves per decision at most (docs/bots.md: the CPU it costs)
MIN_WORLDS = 12  # worlds each step of a decision gets before any early stop
CHOOSE_SHARE = 0.5  # the budget's share for choosing the best move; the rest measures it
PRUNE_SE = 2.5  # a candidate this many standard errors below the best is played no more
SETTLED_SE = 4.0  # the taken move this far from the best: the verdict is clear, stop
AGREE_SE = 2.0  # within this many standard errors of the best: the bot agrees ...
AGREE_BELOW = 0.02  # ... and so within this much (lives, points or chips)
BIG_MISTAKE = 0.15  # a cost of this much or more is a big mistake

AGREE, MISTAKE, BIG = "agree", "mistake", "big"
UNITS = {"lives": "life", "points": "point", "banking": "chip"}


class Verdict(NamedTuple):
    """One decision judged: the move `taken` and the bot's `preferred` one (the taken
    one when it agrees), the `cost` of the difference in `unit`s with its standard
    error, the worlds it took and the simulated moves spent; `kind` AGREE, MISTAKE or
    BIG."""

    taken: Action
    preferred: Action
    cost: float
    error: float
    worlds: int
    spent: int
    unit: str
    kind: str


class Reviewed(NamedTuple):
    """A verdict and where it was made: the replay's step (`engine.replay.steps`'
    index: 0 is the deal) and the seat that decided."""

    step: int
    seat: int
    verdict: Verdict


def decision_seed(game_key: int, step: int) -> int:
    """The seed of one decision's worlds, from the game and the replay step."""
    return zlib.crc32(f"review:{game_key}:{step}".encode())


def reviewable(obs: Observation, taken: Action) -> bool:
    """Whether a decision is worth judging: a move of the game (not an agreement on
    levels) among more than one legal move."""
    legal = [a for a in obs.legal if not isinstance(a, AGREEMENTS)]
    return len(legal) > 1 and taken in legal


def scorer_for(rules: Rules) -> Scorer:
    """What a round's end leaves a seat (`value_of`), played out or cut short."""
    return Scorer(
        lambda state, me: value_of(state.players[me], rules),
        lambda state, me: value_of(standings_now(state)[me], rules),
    )


def value_of(player: PlayerState, rules: Rules) -> float:
    """What a standing is worth, in the review's unit: stages left (a life, or the
    county), points, or chips."""
    if rules.scoring == "lives":
        return float(stages_left(player, rules))
    if rules.scoring == "points":
        return float(player.points)
    return float(player.chips)


def judge(
    obs: Observation, taken: Action, bot: HardBot, seed: int, budget: int = BUDGET
) -> Verdict | None:
    """The verdict on `taken`, made from `obs` by a seat whose hard bot `bot` holds the
    memory of the round so far (its memory updated with `obs`); None when the decision
    is not reviewable or no world fits what the seat saw."""
    if not reviewable(obs, taken):
        return None
    rng = random.Random(seed)
    dead = set(bot.memory.dead)
    try:
        candidates, worlds = bot.options(obs, rng)
        if taken not in candidates:
            candidates.append(taken)
        unit = UNITS[obs.rules.scoring]
        if len(candidates) == 1:  # the bot's only move worth a thought: the person's
            return Verdict(taken, taken, 0.0, 0.0, 0, 0, unit, AGREE)
        sampler = worlds()
        if sampler is None:
            return None
        return _paired(obs, candidates, candidates.index(taken), sampler, rng, budget, unit)
    finally:
        bot.memory.dead = dead  # what `options` learnt is this decision's only


def _paired(
    obs: Observation,
    candidates: list[Action],
    taken: int,
    sampler: WorldSampler,
    rng: random.Random,
    budget: int,
    unit: str,
) -> Verdict:
    """Two steps, each in paired worlds (every move it compares meets the same world
    and later shuffles, as in `HardBot._search`), measured against the taken move:

    1. which move is best: every candidate, until half the budget is spent or the
       choice is clear (`_settled`); a candidate that cannot be the best is played no
       more (`_pruned`). The taken move best: the bot agrees;
    2. what the difference cost: the best move against the taken one in new worlds,
       with the rest of the budget. Measured apart from the worlds that chose it, the
       cost is not inflated by the choice (the best of several noisy means is high)."""
    search = _Search(obs, candidates, taken, sampler, rng)
    count = len(candidates)
    sums = [_Sums() for _ in candidates]
    alive = [i for i in range(count) if i != taken]
    while alive and (
        search.worlds < MIN_WORLDS
        or (search.spent < budget * CHOOSE_SHARE and not _settled(sums, alive))
    ):
        search.play([(i, sums[i]) for i in alive])
        if search.worlds >= MIN_WORLDS:
            alive = _pruned(sums, alive)
    means = [s.mean_and_error()[0] if s.worlds else float("-inf") for s in sums]
    means[taken] = 0.0
    best = max(range(count), key=lambda i: (means[i], i == taken))
    if best == taken:
        return search.verdict(best, 0.0, 0.0, unit)
    cost = _Sums()
    measured = 0
    while measured < MIN_WORLDS or (search.spent < budget and not _settled([cost], [0])):
        search.play([(best, cost)])
        measured += 1
    mean, error = cost.mean_and_error()
    return search.verdict(best, mean, error, unit)


class _Search:
    """One decision's worlds: dealt from `rng`, each candidate played out in them."""

    def __init__(
        self,
        obs: Observation,
        candidates: list[Action],
        taken: int,
        sampler: WorldSampler,
        rng: random.Random,
    ) -> None:
        assert obs.viewer is not None
        self.me = obs.viewer
        self.round_no = obs.round_no
        self.candidates = candidates
        self.taken = taken
        self.sampler = sampler
        self.rng = rng
        self.scorer = scorer_for(obs.rules)
        self.horizon = HORIZON_TURNS * 2 * len(obs.seats)
        self.spent = self.worlds = 0

    def play(self, which: Sequence[tuple[int, _Sums]]) -> None:
        """A new world: the taken move and each candidate of `which` in it, its
        difference from the taken move added to its sums."""
        seed = self.rng.getrandbits(32)
        world = self.sampler.sample(seed)
        base = self._value(world, self.taken)
        for i, sums in which:
            start = world.with_deck_source(ImaginedDeck(seed))  # the same later shuffles
            sums.add(self._value(start, i) - base)
        self.worlds += 1

    def _value(self, world: GameState, i: int) -> float:
        value, used = play_out_after(
            world,
            self.candidates[i],
            self.me,
            self.sampler.params,
            self.horizon,
            self.round_no,
            self.scorer,
        )
        self.spent += used + 1
        return value

    def verdict(self, best: int, cost: float, error: float, unit: str) -> Verdict:
        """The verdict: `best` preferred at `cost`, unless that is within noise."""
        taken = self.candidates[self.taken]
        if best == self.taken or cost < AGREE_SE * error or cost < AGREE_BELOW:
            return Verdict(taken, taken, 0.0, error, self.worlds, self.spent, unit, AGREE)
        kind = BIG if cost >= BIG_MISTAKE else MISTAKE
        preferred = self.candidates[best]
        return Verdict(taken, preferred, cost, error, self.worlds, self.spent, unit, kind)


class _Sums:
    """One candidate's differences from the taken move, world by world, summed."""

    __slots__ = ("total", "squares", "worlds")

    def __init__(self) -> None:
        self.total = self.squares = 0.0
        self.worlds = 0

    def add(self, diff: float) -> None:
        self.total += diff
        self.squares += diff * diff
        self.worlds += 1

    def mean_and_error(self) -> tuple[float, float]:
        """The mean difference and its standard error."""
        mean = self.total / self.worlds
        variance = max(0.0, self.squares / self.worlds - mean * mean)
        return mean, (variance / self.worlds) ** 0.5


def _pruned(sums: list[_Sums], alive: list[int]) -> list[int]:
    """The candidates that may still be the preferred move: not clearly worse than the
    taken one, nor than the best so far (judged by the two means against the sum of
    their errors, a bound on the error of their difference)."""
    found = {i: sums[i].mean_and_error() for i in alive}
    best_mean, best_error = max(found.values())
    return [
        i
        for i, (mean, error) in found.items()
        if mean >= -PRUNE_SE * error and best_mean - mean <= PRUNE_SE * (error + best_error)
    ]


def _settled(sums: list[_Sums], alive: list[int]) -> bool:
    """Whether the verdict is clear: a move is far better than the taken one, or none
    can be better than it by more than the noise floor. (Each bound is widened by one
    over the worlds played: a few worlds that all came out alike say little.)"""
    found = [(*sums[i].mean_and_error(), 1.0 / sums[i].worlds) for i in alive]
    if any(mean - slack > SETTLED_SE * error for mean, error, slack in found):
        return True
    return all(mean + SETTLED_SE * error + slack < AGREE_BELOW for mean, error, slack in found)


def review_game(
    events: Sequence[Event],
    seats: Collection[int],
    game_key: int,
    *,
    by_bot: Sequence[bool] | None = None,
    rounds: Collection[int] | None = None,
    budget: int = BUDGET,
) -> list[Reviewed]:
    """Judge every reviewable decision of `seats` in a game's log. `by_bot`: per event
    of `events`, whether a bot made it for a person (their move is not theirs: not
    judged). `rounds`: the rounds whose decisions are judged (None: all; the web app
    judges only the rounds that ended, whose hands were shown). `game_key`: what the
    decisions' seeds are derived from (with the step)."""
    kept = [
        (event, bool(by_bot[i]) if by_bot is not None else False)
        for i, event in enumerate(events)
        if event.kind not in TABLE_EVENTS
    ]
    found: list[Reviewed] = []
    bots: dict[int, HardBot] = {}
    for step, state, action, bot_made in _moves(kept):
        if all(state.players[seat].out for seat in seats):
            break  # nobody left to review
        for seat in seats:
            if state.players[seat].out:
                continue
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = HardBot(decision_seed(game_key, -1 - seat), max_seconds=None)
            if action.seat != seat:
                bot.watch(observation(state, seat), action.seat, action)
                continue
            obs = observation(state, seat)
            bot.memory.update(obs)
            if not bot_made and (rounds is None or state.round_no in rounds):
                verdict = judge(obs, action, bot, decision_seed(game_key, step), budget)
                if verdict is not None:
                    found.append(Reviewed(step, seat, verdict))
            bot.memory.note(obs, action)
            bot.watch(obs, seat, action)
    return found


def _moves(
    kept: Sequence[tuple[Event, bool]],
) -> Iterator[tuple[int, GameState, Action, bool]]:
    """Each move (agreements left out) with its replay step, the state it was made in,
    and whether a bot made it for the person: `replay.moves`, numbered as
    `replay.steps` numbers its steps (every event that is a move, agreements too)."""
    played = moves([event for event, _ in kept])
    step = 0
    for event, bot_made in kept:
        action = action_of(event)
        if action is None:
            continue
        step += 1
        if isinstance(action, AGREEMENTS):
            continue
        state, made = next(played)
        assert made == action
        yield step, state, action, bot_made
