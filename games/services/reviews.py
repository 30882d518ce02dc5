"""Writing the bots' review of a finished game (`GameReview`,
docs/bots.md#the-review-of-a-finished-game): computed once, after the game is over.

The hard bot's judging takes seconds of CPU, so it runs outside any transaction and
holds no lock; the row is written in one short transaction at the end, and the
game's one-to-one row makes it one: a second run finds it and does nothing, and two
runs at once both judge (the same verdicts: every decision's worlds come from a seed
of the game and the step) but only the first to write keeps its row.
"""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.archive.public import log, public_rounds
from games.engine.bots import review
from games.models import Game, GamePlayer, GameReview
from games.signals import game_reviewed, send_on_commit


def review_game(*, game_id: int, budget: int | None = None) -> GameReview | None:
    """Review game `game_id`'s people's decisions and keep the review; the one already
    kept if there is one; None for a game still in play (or none at all). `budget`:
    simulated moves a decision at most (`review.BUDGET`)."""
    budget = budget or review.BUDGET
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.in_play:
        return None
    found = GameReview.objects.filter(game=game).first()
    if found is not None:
        return found
    people = sorted(
        GamePlayer.objects.filter(game=game, bot_level="").values_list("position", flat=True)
    )
    rows = log(game)
    events = [row.to_engine() for row in rows]
    started = time.process_time()
    verdicts = (
        review.review_game(
            events,
            people,
            game.pk,
            by_bot=[row.by_bot for row in rows],
            rounds=public_rounds(events),
            budget=budget,
        )
        if people and events
        else []
    )
    cpu = time.process_time() - started
    try:
        with transaction.atomic():
            made, created = GameReview.objects.get_or_create(
                game=game,
                defaults={
                    "version": review.VERSION,
                    "budget": budget,
                    "cpu_seconds": round(cpu, 3),
                    "steps": [_step(r) for r in verdicts],
                    "seats": _summaries(people, verdicts),
                },
            )
            if created:
                send_on_commit(game_reviewed, sender=Game, game_id=game.pk)
    except IntegrityError:  # another run wrote it first
        made = GameReview.objects.get(game=game)
    return made


SWEEP_DAYS = 7  # how far back the sweep looks for a game without its review
SWEEP_BATCH = 50  # games a sweep enqueues at most: reviews are seconds of CPU each


def reviews_missing() -> list[int]:
    """Finished games of the last `SWEEP_DAYS` with a person and no review yet, oldest
    first, at most `SWEEP_BATCH`: their task was lost with its worker, or they ended
    before reviews were made. Enqueuing one twice is harmless (`review_game`)."""
    since = timezone.now() - timedelta(days=SWEEP_DAYS)
    return list(
        Game.objects.filter(finished_at__gte=since, review__isnull=True, sealed=False)
        .exclude(status=Game.PLAYING)
        .filter(players__bot_level="", players__user__isnull=False)
        .distinct()
        .order_by("finished_at")
        .values_list("pk", flat=True)[:SWEEP_BATCH]
    )


def _step(reviewed: review.Reviewed) -> dict[str, Any]:
    verdict = reviewed.verdict
    return {
        "step": reviewed.step,
        "seat": reviewed.seat,
        "taken": verdict.taken.code,
        "preferred": verdict.preferred.code,
        "kind": verdict.kind,
        "cost": round(verdict.cost, 4),
        "unit": verdict.unit,
        "big": verdict.kind == review.BIG,
        "worlds": verdict.worlds,
    }


def _summaries(seats: list[int], verdicts: list[review.Reviewed]) -> list[dict[str, Any]]:
    """Per seat: decisions reviewed, mistakes, big mistakes and the average cost."""
    found = []
    for seat in seats:
        own = [r.verdict for r in verdicts if r.seat == seat]
        found.append(
            {
                "seat": seat,
                "decisions": len(own),
                "mistakes": sum(v.kind != review.AGREE for v in own),
                "big": sum(v.kind == review.BIG for v in own),
                "average": round(sum(v.cost for v in own) / len(own), 4) if own else 0.0,
                "unit": own[0].unit if own else "",
            }
        )
    return found
