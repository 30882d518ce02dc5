"""The hard bot: information-set Monte Carlo over the medium bot's short list.

For each decision it
1. asks the medium bot (which shares its memory) for the few moves worth considering
   -- its own choice first; a move the medium bot rates far below the best is dropped,
   and a decision with one move left is made at once;
2. samples worlds consistent with what it has seen (`worlds.WorldSampler`: the
   unplaced cards dealt into the other hands, the stock and the buried discards). It
   watches every move at the table (`watch`, shown each other player's move with its
   own view before it), and its `inference.TableWatch` reads each other hand from
   them: the worlds take their hands from there when it has them, and so does the
   chance of being caught lowest that decides a knock (`knock_ratio`);
3. in each world plays every candidate, then continues the round with a quick sensible
   policy for every seat (`rollout.policy_action`; its own later knocks judged by the
   world's hands, as it judges a knock by the hands it reads), and scores the end of
   the round by the bot's equity (lives, points or chips, squared, over everyone's:
   `equity`). All candidates meet the same worlds and the same later shuffles, so the
   comparison is fair even with few worlds;
4. stops playing a candidate once it is clearly worse than the first (`PRUNE_SE`),
   and stops searching when its budget of simulated moves is spent or no other
   candidate is left (deterministic given the seed), or, as a safety net on a slow
   machine, after `max_seconds`; it plays the candidate with the best mean.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from functools import partial

from ..actions import Action, Draw, Exchange, Knock, OpenWidow, Stand
from ..observation import Observation
from ..state import DISCARD, THROW_DOWN, WIDOW
from ..turns import play_order
from .common import blitz_take, own_seat, players_after, strength
from .inference import TableWatch
from .knock_risk import chance_lowest
from .knocking import KnockParams, lives_ratio
from .medium import MediumBot
from .memory import Memory
from .rollout import Rollouts
from .worlds import ImaginedDeck, WorldSampler

BUDGET = 8000  # simulated moves per decision (see docs/bots.md for the timing)
MAX_SECONDS = 0.2
DROP_BELOW = 4.0  # medium's score below its best at which a move is not considered
KNOCK_WIDER = 4.0  # a knock is simulated when it is up to this many times too risky...
KNOCK_SURE = 0.05  # ... and made at once when it is this safe
HORIZON_TURNS = 6  # per player: a round still going after that is judged as it stands
CONFIDENCE = 1.5  # standard errors by which a move must beat the medium bot's choice
PRUNE_SE: float | None = 2.0  # standard errors below the first at which a move is dropped
PRUNE_AFTER = 8  # worlds before any move is dropped


class HardBot:
    name = "hard"

    def __init__(
        self,
        seed: int = 0,
        *,
        budget: int = BUDGET,
        max_seconds: float | None = MAX_SECONDS,
        knock: KnockParams | None = None,
        confidence: float = CONFIDENCE,
        watch: bool = True,
    ) -> None:
        self.budget = budget
        self.confidence = confidence
        self.max_seconds = max_seconds
        self.knock = knock or KnockParams()
        self.medium = MediumBot(seed, knock=self.knock)
        self.memory: Memory = self.medium.memory
        self._random = random.Random(seed)
        self.table = TableWatch(random.Random(seed + 1), self.knock) if watch else None

    def choose(self, obs: Observation) -> Action:
        action = self.memory.choose(obs, self._decide)
        if self.table is not None:
            self.table.watch(obs, own_seat(obs), action)
        return action

    def watch(self, obs: Observation, seat: int, action: Action) -> None:
        """See a move made at the table (`obs`: this seat's view just before it): every
        other player's, and this seat's own when its memory is rebuilt (`recall`)."""
        if self.table is not None:
            self.table.watch(obs, seat, action)

    def _decide(self, obs: Observation) -> Action:
        candidates, worlds = self.options(obs, self._random)
        sampler = worlds() if len(candidates) > 1 else None
        if sampler is None:
            return candidates[0]
        return self._search(obs, candidates, sampler)[0]

    def options(
        self, obs: Observation, rng: random.Random
    ) -> tuple[list[Action], Callable[[], WorldSampler | None]]:
        """The moves worth simulating (`candidates`) and the decision's worlds, dealt by
        `rng` (made once, when first asked for; None if the memory's counts do not add
        up). The memory learns the buried discards the table watch has seen first. The
        review of a finished game asks here too (`review.judge`)."""
        if self.table is not None:
            buried = self.table.buried(obs)  # every discard seen: the buried ones known
            if buried:
                self.memory.dead |= buried - set(obs.hand or ())
        found: list[WorldSampler | None] = []

        def worlds() -> WorldSampler | None:
            """The worlds of this decision, made once and only when a step needs them."""
            if not found:
                sampler = WorldSampler(obs, self.memory, rng, self.knock, self.table)
                found.append(sampler if sampler.ok else None)
            return found[0]

        return self.candidates(obs, worlds), worlds

    def knock_ratio(self, obs: Observation, worlds: Callable[[], WorldSampler | None]) -> float:
        """Like the medium bot's, but with the chance of being caught lowest read from
        the hands the table watch holds likely, when it holds them for every player."""
        rules = obs.rules
        value = strength(obs.hand or (), rules)[0]
        ratio = self.medium.knock_ratio(obs, value)
        if rules.scoring != "lives" or ratio == float("inf"):
            return ratio
        risk = self.watched_risk(obs, value, worlds)
        if risk is None:
            return ratio
        players = len(play_order(obs.dealer, [s.out for s in obs.seats]))
        return lives_ratio(risk, players, obs.seats[own_seat(obs)], rules, self.knock)

    def watched_risk(
        self, obs: Observation, value: float, worlds: Callable[[], WorldSampler | None]
    ) -> float | None:
        """The chance that a knock with `value` is caught lowest, read from the hands the
        table watch holds likely; None unless it holds them for every other player."""
        sampler = worlds()
        if sampler is None:
            return None
        order = play_order(obs.dealer, [s.out for s in obs.seats])
        others = players_after(order, own_seat(obs))
        if any(seat not in sampler.watched for seat in others):
            return None
        hands = (sampler.watched[seat] for seat in others)
        return chance_lowest(hands, value, sampler.pool, obs.rules, obs.discard_top)

    def candidates(
        self, obs: Observation, worlds: Callable[[], WorldSampler | None] = lambda: None
    ) -> list[Action]:
        """The moves worth simulating, the medium bot's choice first (`worlds`: the
        decision's worlds, for reading the knock risk from the watched hands)."""
        legal = obs.legal
        if len(legal) == 1:
            return [legal[0]]
        medium = self.medium
        if obs.phase == THROW_DOWN:
            return list(legal)
        if obs.phase == DISCARD:
            return _first(
                medium.decide(obs), _close(medium.best_discards(obs, limit=4, knock_by_rule=False))
            )
        if obs.phase == WIDOW:
            return _first(medium.decide(obs), _close(medium.best_exchanges(obs, legal, limit=3)))
        moves = _close(sorted(medium.score_draws(obs), key=lambda pair: pair[1], reverse=True))
        blitz = blitz_take(obs)
        if blitz is not None:
            return [blitz]
        knock = next((a for a in legal if type(a) is Knock), None)
        choice = medium.decide(obs)
        if knock is not None:
            ratio = self.knock_ratio(obs, worlds)
            if ratio <= KNOCK_SURE:
                return [knock]
            if ratio <= KNOCK_WIDER:
                moves = [knock, *moves] if ratio <= 1.0 else [*moves, knock]
            if ratio <= 1.0:
                choice = knock
            elif choice == knock:
                choice = next((a for a in moves if a != knock), choice)
        if not any(type(a) in (Draw, Exchange, OpenWidow) for a in legal):
            moves += [a for a in legal if type(a) is Stand]
        return _first(choice, moves)

    def _search(
        self, obs: Observation, candidates: list[Action], sampler: WorldSampler
    ) -> tuple[Action, int]:
        """Play every candidate in the same sampled worlds; keep the medium bot's choice
        (the first) unless another did better by more than chance explains. A candidate
        already clearly worse than the first (`PRUNE_SE`) is played no more, so the
        budget goes to the close calls. Returns the move and how many worlds it took."""
        me = own_seat(obs)
        horizon = HORIZON_TURNS * 2 * len(obs.seats)
        round_no = obs.round_no
        count = len(candidates)
        gain = [0.0] * count  # summed over worlds: value minus the first candidate's
        gain_sq = [0.0] * count
        seen = [0] * count  # worlds each candidate met
        alive = list(range(1, count))
        spent = 0
        worlds = 0
        started = time.perf_counter()
        while (spent < self.budget and alive) or worlds == 0:
            seed = self._random.getrandbits(32)
            # Every candidate meets the same world and the same later shuffles, each
            # played on one mutable state and undone (`Rollouts`).
            rollouts = Rollouts(
                sampler.sample(seed), me, self.knock, horizon, round_no, partial(ImaginedDeck, seed)
            )
            first, used = rollouts.after(candidates[0])
            spent += used + 1
            for i in alive:
                value, used = rollouts.after(candidates[i])
                spent += used + 1
                diff = value - first
                gain[i] += diff
                gain_sq[i] += diff * diff
                seen[i] += 1
            worlds += 1
            prune_se = PRUNE_SE
            if worlds >= PRUNE_AFTER and prune_se is not None:
                alive = [
                    i for i in alive if not _clearly_worse(gain[i], gain_sq[i], seen[i], prune_se)
                ]
            if self.max_seconds is not None and time.perf_counter() - started > self.max_seconds:
                break
        return candidates[_confident_best(gain, gain_sq, seen, self.confidence)], worlds


def _clearly_worse(gain: float, gain_sq: float, worlds: int, prune_se: float) -> bool:
    """Whether a candidate's mean gain is more than `prune_se` standard errors below 0."""
    mean, error = _mean_and_error(gain, gain_sq, worlds)
    return mean < -prune_se * error


def _mean_and_error(gain: float, gain_sq: float, worlds: int) -> tuple[float, float]:
    """A candidate's mean gain over the first, and its standard error."""
    mean = gain / worlds
    variance = max(0.0, gain_sq / worlds - mean * mean)
    return mean, (variance / worlds) ** 0.5


def _confident_best(
    gain: list[float], gain_sq: list[float], worlds: list[int], confidence: float
) -> int:
    """The candidate whose mean gain over the first is largest and more than
    `confidence` standard errors above nothing; else the first (0)."""
    best, best_mean = 0, 0.0
    for i in range(1, len(gain)):
        if not worlds[i]:
            continue
        mean, error = _mean_and_error(gain[i], gain_sq[i], worlds[i])
        if mean > best_mean and mean > confidence * error:
            best, best_mean = i, mean
    return best


def _first(choice: Action, moves: list[Action]) -> list[Action]:
    return [choice, *(a for a in moves if a != choice)]


def _close(scored: Sequence[tuple[Action, float]]) -> list[Action]:
    """The moves scored within `DROP_BELOW` of the best, best first, each once."""
    if not scored:
        return []
    top = scored[0][1]
    result: list[Action] = []
    for action, score in scored:
        if score >= top - DROP_BELOW and action not in result:
            result.append(action)
    return result
