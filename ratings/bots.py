"""The bots' fixed ratings, per family and level: (μ, σ) on openskill's scale.

Bots are never updated: they anchor the scale. The medium bot sits at the prior's
μ = 25 (a newcomer is presumed as strong as the medium bot); the others are placed
from bot-vs-bot games (2026-11-24):

- easy: `python -m lab.bench_ratings bots` — named bots of the three levels at Scat
  tables of three, their ratings folded from the prior over 1,000 games; each level's
  μ and σ averaged over its four named bots, shifted so medium is at 25: easy 13.05,
  σ ≈ 1.9. (That run cut the hard bot's search to 200 moves to finish in the time it
  had, which made it measure level with medium, so its hard figure is not used.)
- hard: from its measured win share at full strength, 32.54% of 2,800 Scat games
  against three mediums (docs/bots.md). Under Plackett–Luce that share is
  e^(d/c) / (e^(d/c) + 3), so d = c·ln(3·0.3254/0.6746) = 3.36 with
  c = √(4·(σ² + β²)) = 9.10 (σ = 1.85, β = 25/6): μ = 28.36.
- points and banking: no bot-vs-bot games measured yet (a points game to 31 takes
  half a minute at the hard bot's full budget); they use the lives figures until
  `python -m lab.bench_ratings bots --games 300` is run with the default budget and its
  table pasted here.
"""

from __future__ import annotations

from games.engine.bots import SEATED_LEVELS

_MEASURED = {"easy": (13.05, 1.90), "medium": (25.00, 1.83), "hard": (28.36, 1.85)}
# Keyed by the engine's levels: a level a table may seat with no figure here stops the
# import (KeyError: the level), rather than every rating of a game it played.
_LIVES = {level: _MEASURED[level] for level in SEATED_LEVELS}

BOT_RATINGS: dict[str, dict[str, tuple[float, float]]] = {
    "lives": _LIVES,
    "points": dict(_LIVES),
    "banking": dict(_LIVES),
}
