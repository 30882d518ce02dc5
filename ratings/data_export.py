"""The ratings' part of a person's data download (docs/privacy.md#download-my-data),
registered with `accounts.data_export.parts` in `RatingsConfig.ready`: their rating in
each family as the leaderboard shows it, and what every rated game did to it
(docs/ratings.md#rating-a-game)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from accounts.data_export.parts import one_file
from ratings.families import FAMILIES
from ratings.models import Rating, RatingChange


def ratings(user: Any) -> dict[str, Any]:
    return {
        "ratings": [
            {
                "family": rating.family,
                "family_name": FAMILIES.get(rating.family, rating.family),
                "rating": rating.shown,  # "1480?" while provisional
                "provisional": rating.provisional,
                "rated_games": rating.games,
                "mu": rating.mu,
                "sigma": rating.sigma,
                "last_rated_game": rating.updated,
            }
            for rating in Rating.objects.filter(user=user).order_by("family")
        ],
        "history": [
            {
                "game": change.game_id,
                "family": change.family,
                "number": change.seq,
                "place": change.place,
                "weight": change.weight,
                "rating_before": change.displayed_before,
                "rating_after": change.displayed_after,
                "change": change.difference,
                "mu_before": change.mu_before,
                "sigma_before": change.sigma_before,
                "mu_after": change.mu_after,
                "sigma_after": change.sigma_after,
                "finished_at": change.finished_at,
            }
            for change in RatingChange.objects.filter(user=user).order_by("family", "seq")
        ],
    }


def register() -> None:
    one_file(
        "ratings.json",
        gettext_lazy(
            "Your rating in each family of rules, and what every rated game did to it: your "
            "place, the rating before and after, and the model's own figures (mu, sigma)."
        ),
        ratings,
        order=50,
    )
