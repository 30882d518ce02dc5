"""The profile's ratings and the leaderboards: plain HTML that works without
JavaScript, and a server-drawn SVG chart with an accessible title and description."""

from __future__ import annotations

import re
from typing import Any
from xml.etree import ElementTree

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from clubs.models import Club, Membership
from ratings.models import Rating

SVG = "{http://www.w3.org/2000/svg}"


def settle(user: Any, family: str = "lives", mu: float = 30.0) -> Rating:
    """A settled rating for `user`, as if they had played many rated games."""
    return Rating.objects.create(
        user=user, family=family, mu=mu, sigma=3.0, games=40, updated=timezone.now()
    )


def test_the_profile_shows_each_familys_rating_with_a_chart_and_linked_games(
    client: Any, play_game: Any, ann: Any, bob: Any
) -> None:
    first = play_game(ann, bob)
    second = play_game(ann, bob)
    page = client.get(reverse("profile", args=["ann"])).content.decode()
    assert "Lives games" in page
    rating = Rating.objects.get(user=ann, family="lives")
    assert f"{rating.displayed}?" in page  # provisional after two games
    svg = re.search(r"<svg class=\"rating-chart\".*?</svg>", page, re.S).group(0)
    root = ElementTree.fromstring(svg)
    assert root.get("role") == "img"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert title.text == "ann: Lives games rating"
    assert desc.text.startswith("Rating after each of 2 rated games")
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    links = [a.get("href") for a in root.iter(f"{SVG}a")]
    assert links == [first.get_absolute_url(), second.get_absolute_url()]
    assert "<script" not in svg


def test_a_profile_without_rated_games_says_so(client: Any, ann: Any) -> None:
    page = client.get(reverse("profile", args=["ann"])).content.decode()
    assert "No rated games yet." in page


def test_the_leaderboard_lists_settled_ratings_best_first(
    client: Any, ann: Any, bob: Any, cy: Any
) -> None:
    settle(ann, mu=28.0)
    settle(bob, mu=33.0)
    Rating.objects.create(  # provisional: not listed
        user=cy, family="lives", mu=40.0, sigma=8.0, games=3, updated=timezone.now()
    )
    response = client.get(reverse("ratings:leaderboard"))
    assert response.status_code == 200
    page = response.content.decode()
    assert page.index(">bob<") < page.index(">ann<")
    assert ">cy<" not in page
    assert reverse("ratings:family", args=["points"]) in page
    points = client.get(reverse("ratings:family", args=["points"])).content.decode()
    assert "No settled ratings yet." in points


def test_a_clubs_leaderboard_lists_its_members_only(
    client: Any, ann: Any, bob: Any, cy: Any
) -> None:
    club = Club.objects.create(name="Kitchen Club", slug="kitchen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    Membership.objects.create(club=club, user=bob)
    for user in (ann, bob, cy):
        settle(user)
    page = client.get(reverse("ratings:club", args=["kitchen"])).content.decode()
    assert ">ann<" in page and ">bob<" in page and ">cy<" not in page
    client.force_login(ann)
    page = client.get(reverse("ratings:leaderboard")).content.decode()
    assert reverse("ratings:club_family", args=["kitchen", "lives"]) in page


@pytest.mark.parametrize("url", ["/ratings/chess/", "/ratings/club/nowhere/"])
def test_an_unknown_family_or_club_is_not_found(client: Any, db: Any, url: str) -> None:
    assert client.get(url).status_code == 404


def test_the_leaderboard_pages_by_links(client: Any, django_user_model: Any) -> None:
    for n in range(55):
        settle(django_user_model.objects.create_user(f"p{n:02}"), mu=20.0 + n / 10)
    page = client.get(reverse("ratings:leaderboard")).content.decode()
    assert "Page 1 of 2" in page and 'href="?page=2"' in page
    second = client.get(reverse("ratings:leaderboard") + "?page=2").content.decode()
    assert "<td>51</td>" in second


def test_the_profiles_ratings_and_chart_read_in_danish(play_game: Any, ann: Any, bob: Any) -> None:
    play_game(ann, bob)
    page = Client(HTTP_ACCEPT_LANGUAGE="da").get(reverse("profile", args=["ann"])).content
    svg = re.search(r"<svg class=\"rating-chart\".*?</svg>", page.decode(), re.S).group(0)
    root = ElementTree.fromstring(svg)
    assert root.find(f"{SVG}title").text == "ann: rating – Spil med liv"
    assert root.find(f"{SVG}desc").text.startswith("Rating efter 1 ratet spil, fra ")
    assert "Ratede spil" in page.decode() and "Rated games" not in page.decode()
