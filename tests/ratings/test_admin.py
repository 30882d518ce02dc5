"""The ratings admin: read-only lists, and a rebuild for superusers."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse

from ratings.models import Rating, RatingChange


def test_ratings_are_listed_read_only_and_rebuilt_from_the_games(
    play_game: Any, ann: Any, bob: Any, django_user_model: Any
) -> None:
    game = play_game(ann, bob)
    root = django_user_model.objects.create_superuser("root", password="x" * 12)
    client = Client()
    client.force_login(root)
    listing = client.get(reverse("admin:ratings_rating_changelist"))
    assert listing.status_code == 200 and "ann" in listing.content.decode()
    assert client.get(reverse("admin:ratings_ratingchange_changelist")).status_code == 200
    rating = Rating.objects.get(user=ann)
    page = client.get(reverse("admin:ratings_rating_change", args=[rating.pk]))
    assert page.status_code == 200 and b'name="mu"' not in page.content  # view only
    assert client.get(reverse("admin:ratings_rating_add")).status_code == 403

    before = sorted(RatingChange.objects.values_list("user", "mu_after"))
    Rating.objects.filter(user=ann).update(mu=1.0)  # a number gone wrong
    answer = client.post(
        reverse("admin:ratings_rating_changelist"),
        {"action": "rebuild", "_selected_action": [rating.pk]},
        follow=True,
    )
    assert "Rebuilt from 1 rated game." in answer.content.decode()
    assert sorted(RatingChange.objects.values_list("user", "mu_after")) == before
    assert Rating.objects.get(user=ann).mu == RatingChange.objects.get(user=ann, game=game).mu_after


def test_staff_who_are_not_superusers_cannot_rebuild(
    play_game: Any, ann: Any, bob: Any, django_user_model: Any
) -> None:
    play_game(ann, bob)
    staff = django_user_model.objects.create_user("sam", password="x" * 12, is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="view_rating"))
    client = Client()
    client.force_login(staff)
    listing = client.get(reverse("admin:ratings_rating_changelist"))
    assert listing.status_code == 200
    assert b"Rebuild every rating" not in listing.content
