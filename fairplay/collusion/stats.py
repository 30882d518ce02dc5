"""From the signals' counts to a pair's score (docs/fair-play.md#the-test).

For each person A, each signal and each other person B: k hits in n opportunities
with B, against A's own rate with everyone else (hits + 1 over opportunities + 2, so
a rate is never 0 or 1). The chance of k or more hits in n at that rate (a one-sided
binomial test) is small when A helps B far more than A helps others. A pair's tests
(each signal, each direction: up to six) are joined by Fisher's method into one
p-value; a pair is flagged below `ALPHA` once it has met at least `MIN_GAMES` times.
Under honest play each pair's p-value is uniform or larger (the binomial test on
counts is conservative), so about `ALPHA` of honest pairs are flagged: the rate
`make bench-collusion` measures.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from typing import NamedTuple

ALPHA = 0.001
MIN_GAMES = 5


class Count(NamedTuple):
    actor: Hashable
    partner: Hashable
    signal: str
    opportunities: int
    hits: int


class Test(NamedTuple):
    actor: Hashable
    partner: Hashable
    signal: str
    hits: int
    opportunities: int
    usual_rate: float  # the actor's rate with everyone else
    p_value: float


class PairScore(NamedTuple):
    pair: frozenset[Hashable]
    p_value: float
    games: int
    tests: tuple[Test, ...]

    @property
    def flagged(self) -> bool:
        return self.games >= MIN_GAMES and self.p_value < ALPHA


def binomial_tail(hits: int, trials: int, rate: float) -> float:
    """P(X >= hits) for X ~ Binomial(trials, rate)."""
    if hits <= 0:
        return 1.0
    if hits > trials:
        return 0.0
    log_rate, log_rest = math.log(rate), math.log1p(-rate)
    terms = [
        math.lgamma(trials + 1)
        - math.lgamma(k + 1)
        - math.lgamma(trials - k + 1)
        + k * log_rate
        + (trials - k) * log_rest
        for k in range(hits, trials + 1)
    ]
    top = max(terms)
    return min(1.0, math.exp(top) * sum(math.exp(t - top) for t in terms))


def fisher(p_values: Iterable[float]) -> float:
    """Fisher's combination: P(chi-squared with 2m degrees >= -2 sum log p)."""
    values = [max(p, 1e-300) for p in p_values]
    if not values:
        return 1.0
    half = -sum(math.log(p) for p in values)  # the statistic over 2
    term, total = 1.0, 1.0
    for i in range(1, len(values)):
        term *= half / i
        total += term
    return min(1.0, math.exp(-half) * total)


def tests(counts: Iterable[Count]) -> list[Test]:
    """Each (actor, partner, signal) measured against the actor's other partners."""
    rows = list(counts)
    per: dict[tuple[Hashable, Hashable, str], list[int]] = defaultdict(lambda: [0, 0])
    whole: dict[tuple[Hashable, str], list[int]] = defaultdict(lambda: [0, 0])
    for row in rows:
        cell = per[(row.actor, row.partner, row.signal)]
        cell[0] += row.opportunities
        cell[1] += row.hits
        total = whole[(row.actor, row.signal)]
        total[0] += row.opportunities
        total[1] += row.hits
    found = []
    for (actor, partner, signal), (n, k) in per.items():
        if n == 0:
            continue
        all_n, all_k = whole[(actor, signal)]
        rate = (all_k - k + 1) / (all_n - n + 2)
        found.append(Test(actor, partner, signal, k, n, rate, binomial_tail(k, n, rate)))
    return found


def pair_scores(
    counts: Iterable[Count], games_together: Mapping[frozenset[Hashable], int]
) -> list[PairScore]:
    """Every pair with at least one test, lowest p-value first."""
    by_pair: dict[frozenset[Hashable], list[Test]] = defaultdict(list)
    for test in tests(counts):
        by_pair[frozenset((test.actor, test.partner))].append(test)
    scores = [
        PairScore(pair, fisher(t.p_value for t in found), games_together.get(pair, 0), tuple(found))
        for pair, found in by_pair.items()
    ]
    scores.sort(key=lambda score: score.p_value)
    return scores
