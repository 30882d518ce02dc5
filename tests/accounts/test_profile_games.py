"""A profile's games and totals (accounts.stats.player_summary)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import User
from accounts.stats import player_summary
from games import services
from games.models import Game, GamePlayer, RuleSet, Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def scat() -> RuleSet:
    RuleSet.sync_presets()
    return RuleSet.objects.get(preset="scat", is_preset=True)


@pytest.fixture
def ann() -> User:
    return User.objects.create_user("ann", password="cards-on-the-table")


@pytest.fixture
def bob() -> User:
    return User.objects.create_user("bob", password="cards-on-the-table")


def played(
    table: Table, players: list[User | str], winners: set[int], *, finished: bool = True
) -> Game:
    """A game at `table` as the services leave it: users or bot names by seat, and the
    winners' seats. (Playing whole games is tested in tests/games.)"""
    game = Game.objects.create(
        table=table, state={}, status=Game.FINISHED if finished else Game.PLAYING
    )
    for position, player in enumerate(players):
        is_user = isinstance(player, User)
        GamePlayer.objects.create(
            game=game,
            position=position,
            user=player if is_user else None,
            bot_level="" if is_user else "easy",
            name=player.username if is_user else player,
            won=position in winners,
        )
    return game


def test_the_summary_counts_finished_games_and_wins(ann: User, bob: User, scat: RuleSet) -> None:
    table = services.create_table(owner=ann, name="Kitchen", rule_set=scat)
    played(table, [ann, bob], {0})
    played(table, [ann, "Easy bot 2"], {1})
    played(table, [bob, ann], {0})
    played(table, [ann, bob], set(), finished=False)

    summary = player_summary(ann)

    assert (summary["played"], summary["won"], summary["playing"]) == (3, 1, 1)
    assert summary["win_rate"] == pytest.approx(1 / 3)
    assert [game.result for game in summary["games"]] == ["Playing", "Lost", "Lost", "Won"]


def test_games_are_newest_first_with_everyone_who_played(
    ann: User, bob: User, scat: RuleSet
) -> None:
    first = services.create_table(owner=ann, name="First", rule_set=scat)
    second = services.create_table(owner=bob, name="Second", rule_set=scat)
    played(first, [ann, "Easy bot 2"], {0})
    played(second, [bob, ann, "Hard bot 3"], {2})

    games = player_summary(ann)["games"]

    assert [game.table_name for game in games] == ["Second", "First"]
    assert [(p.name, p.won, p.is_them) for p in games[0].players] == [
        ("bob", False, False),
        ("ann", False, True),
        ("Hard bot 3", True, False),
    ]
    assert games[0].players[2].is_bot


def test_a_drawn_game_is_a_shared_win(ann: User, bob: User, scat: RuleSet) -> None:
    table = services.create_table(owner=ann, name="Kitchen", rule_set=scat)
    played(table, [ann, bob], {0, 1})

    assert player_summary(ann)["games"][0].result == "Shared win"


def test_no_games_means_no_win_rate(ann: User) -> None:
    summary = player_summary(ann)

    assert summary["games"] == []
    assert (summary["played"], summary["won"], summary["win_rate"]) == (0, 0, None)


def summary_queries(user: User) -> int:
    with CaptureQueriesContext(connection) as queries:
        player_summary(user)
    return len(queries)


def test_the_summary_takes_three_queries_however_many_games(
    ann: User, bob: User, scat: RuleSet
) -> None:
    table = services.create_table(owner=ann, name="Kitchen", rule_set=scat)
    played(table, [ann, bob], {0})
    assert summary_queries(ann) == 3

    for number in range(15):
        other = services.create_table(owner=bob, name=f"Table {number}", rule_set=scat)
        played(other, [bob, ann, "Easy bot 3"], {number % 3})

    assert summary_queries(ann) == 3


def test_the_profile_shows_games_and_results(
    client: Client, ann: User, bob: User, scat: RuleSet
) -> None:
    table = services.create_table(owner=ann, name="Kitchen", rule_set=scat)
    played(table, [ann, bob], {0})
    played(table, [ann, bob], {1})
    played(table, [ann, bob], {0})

    html = client.get(reverse("profile", args=["ann"])).content.decode()

    assert "Kitchen" in html
    assert "<dt>Played</dt><dd>3</dd>" in html
    assert "<dt>Won</dt><dd>2</dd>" in html
    assert "<dt>Win rate</dt><dd>67%</dd>" in html
    assert 'class="result result--won">Won<' in html
    assert 'class="result result--lost">Lost<' in html
    assert "No games yet" not in html


def test_private_table_names_are_shown_only_on_your_own_profile(
    client: Client, ann: User, bob: User, scat: RuleSet
) -> None:
    table = services.create_table(owner=ann, name="Ann's birthday", rule_set=scat, is_public=False)
    played(table, [ann, bob], {0})

    assert "birthday" not in client.get(reverse("profile", args=["ann"])).content.decode()
    client.force_login(ann)
    assert "birthday" in client.get(reverse("my_profile")).content.decode()


def test_a_visitor_sees_only_games_at_public_tables_and_the_player_sees_all(
    client: Client, ann: User, bob: User, scat: RuleSet
) -> None:
    public = services.create_table(owner=ann, name="Kitchen", rule_set=scat)
    private = services.create_table(owner=ann, name="Attic", rule_set=scat, is_public=False)
    carol = User.objects.create_user("carol", password="cards-on-the-table")
    played(public, [ann, bob], {0})
    played(private, [ann, carol], {1})
    url = reverse("profile", args=["ann"])

    for visitor in (None, bob, carol):  # even carol, who was at that private game
        client.logout()
        if visitor is not None:
            client.force_login(visitor)
        html = client.get(url).content.decode()
        assert "Kitchen" in html and "bob" in html
        assert "carol" not in html, "no co-player of a private game"
        assert "Attic" not in html
        assert "<dt>Played</dt><dd>1</dd>" in html, "the totals are of public games"

    client.force_login(ann)
    html = client.get(url).content.decode()
    assert "Attic" in html and "carol" in html
    assert "<dt>Played</dt><dd>2</dd>" in html
    assert player_summary(ann, public_only=True)["played"] == 1


def test_the_profile_reads_in_french_and_keeps_its_result_classes(
    ann: User, bob: User, scat: RuleSet
) -> None:
    table = services.create_table(owner=ann, name="Kitchen", rule_set=scat)
    played(table, [ann, bob], {0})
    played(table, [ann, bob], {1})

    html = Client(HTTP_ACCEPT_LANGUAGE="fr").get(reverse("profile", args=["ann"])).content
    html = html.decode()

    assert "<dt>Jouées</dt><dd>2</dd>" in html
    assert "<dt>Gagnées</dt><dd>1</dd>" in html
    # The CSS class is the result's code, the same in every language; its words are French.
    assert 'class="result result--won">Gagnée<' in html
    assert 'class="result result--lost">Perdue<' in html
    assert "Played" not in html and "Win rate" not in html
