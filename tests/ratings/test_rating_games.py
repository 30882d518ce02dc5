"""Rating a finished game: which games count, what they change, and that a repeated
delivery changes nothing (docs/design.md §15)."""

from __future__ import annotations

from typing import Any

from games.models import GamePlayer
from ratings import services
from ratings.fold import MU, SIGMA
from ratings.models import Rating, RatingChange


def test_a_rated_game_between_two_people_rates_both(play_game: Any, ann: Any, bob: Any) -> None:
    game = play_game(ann, bob, bots=("medium",))
    changes = RatingChange.objects.filter(game=game).order_by("user__username")
    assert [c.user for c in changes] == [ann, bob]
    places = dict(GamePlayer.objects.filter(game=game).values_list("user", "place"))
    for change in changes:
        assert change.place == places[change.user_id]
        assert (change.mu_before, change.sigma_before, change.seq) == (MU, SIGMA, 1)
        rating = Rating.objects.get(user=change.user, family="lives")
        assert (rating.mu, rating.sigma, rating.games) == (change.mu_after, change.sigma_after, 1)
        assert change.sigma_after < SIGMA
    best, worst = sorted(changes, key=lambda c: c.place)
    if best.place < worst.place:
        assert best.mu_after > worst.mu_after


def test_a_repeated_delivery_changes_nothing(play_game: Any, ann: Any, bob: Any) -> None:
    game = play_game(ann, bob)
    before = list(RatingChange.objects.values())
    ratings = list(Rating.objects.values())
    assert services.rate_game(game_id=game.pk) is False
    assert services.rate_game(game_id=game.pk) is False
    assert list(RatingChange.objects.values()) == before
    assert list(Rating.objects.values()) == ratings
