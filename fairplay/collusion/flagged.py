"""The pairs the collusion test flags, for staff (every game) and for a club's
organizers (their club's events' games): docs/fair-play.md#who-sees-a-flagged-pair.
Never shown to players."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from itertools import combinations
from typing import NamedTuple

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils import timezone

from fairplay.collusion import stats
from fairplay.collusion.rows import PairSignal
from games.models import GamePlayer

WINDOW = timedelta(days=180)  # the games a pair's case is made of
EVIDENCE = 12  # replay steps listed for a flagged pair


class Evidence(NamedTuple):
    """In one game, the replay steps at which `actor_id` helped the other in one way."""

    game_id: int
    signal: str
    actor_id: int
    steps: list[int]


class FlaggedPair(NamedTuple):
    first: object  # the two people (users)
    second: object
    score: stats.PairScore
    evidence: list[Evidence]


def flagged_pairs(club_id: int | None = None) -> list[FlaggedPair]:
    """The flagged pairs of the last `WINDOW`: over every game (staff, `club_id`
    None) or over club `club_id`'s events' games, most certain first."""
    rows = _rows(club_id)
    counts = [
        stats.Count(r["actor_id"], r["partner_id"], r["signal"], r["opportunities"], r["hits"])
        for r in rows.values("actor_id", "partner_id", "signal", "opportunities", "hits")
    ]
    games = set(rows.values_list("game_id", flat=True))
    scores = [s for s in stats.pair_scores(counts, _together(games)) if s.flagged]
    if not scores:
        return []
    people = {
        u.pk: u for u in get_user_model().objects.filter(pk__in={p for s in scores for p in s.pair})
    }
    found = []
    for score in scores:
        first, second = sorted(score.pair)  # type: ignore[type-var]
        found.append(FlaggedPair(people[first], people[second], score, _evidence(rows, score)))
    return found


def _rows(club_id: int | None) -> QuerySet[PairSignal]:
    rows = PairSignal.objects.filter(finished_at__gte=timezone.now() - WINDOW)
    return rows if club_id is None else rows.filter(club_id=club_id)


def _together(games: set[int]) -> Counter[frozenset[object]]:
    """How many of `games` each pair of people played together."""
    seated: dict[int, list[int]] = {}
    for game_id, user_id in GamePlayer.objects.filter(
        game_id__in=games, user__isnull=False, bot_level=""
    ).values_list("game_id", "user_id"):
        seated.setdefault(game_id, []).append(user_id)
    together: Counter[frozenset[object]] = Counter()
    for users in seated.values():
        for pair in combinations(sorted(set(users)), 2):
            together[frozenset(pair)] += 1
    return together


def _evidence(rows: QuerySet[PairSignal], score: stats.PairScore) -> list[Evidence]:
    """The replay steps that made the case, newest games first: the times one helped
    the other, at most `EVIDENCE` steps."""
    a, b = tuple(score.pair)
    found: list[Evidence] = []
    shown = 0
    helped = rows.filter(actor_id__in=(a, b), partner_id__in=(a, b), hits__gt=0)
    for row in helped.order_by("-finished_at", "game_id", "signal"):
        if row.actor_id == row.partner_id or shown >= EVIDENCE:
            continue
        steps = row.steps[: EVIDENCE - shown]
        found.append(Evidence(row.game_id, row.signal, row.actor_id, steps))
        shown += len(steps)
    return found
