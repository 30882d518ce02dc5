"""Two workers rate at the same moment (PostgreSQL row locks, docs/ratings.md#rating-a-game): the
same game twice (a duplicate delivery) gives one set of changes; two games of the same
players both count, in finishing order, whichever task runs first."""

from __future__ import annotations

import threading
from collections.abc import Callable
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection

from games import services as games_services
from games.models import Game
from games.signals import game_finished
from ratings import receivers, services
from ratings.models import Rating, RatingChange
from tests.games.playing import play_out

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def finished_game(host: Any, guest: Any, scat: Any) -> Game:
    """A rated game of `host` and `guest` played out, its rating task not run."""
    table = games_services.create_table(
        owner=host, name="Rated", rule_set=scat, seat_count=2, turn_timer=0, rated=True
    )
    games_services.join_table(table=table, user=guest)
    return play_out(games_services.start_game(table=table, by=host))


def at_once(calls: list[Callable[[], bool]]) -> list[bool]:
    barrier = threading.Barrier(len(calls))
    outcomes: list[bool] = []
    errors: list[BaseException] = []

    def run(call: Callable[[], bool]) -> None:
        try:
            barrier.wait()
            outcomes.append(call())
        except BaseException as error:  # shown by the assertion below, not lost in a thread
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(call,)) for call in calls]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    return outcomes


def stored() -> list[tuple[Any, ...]]:
    return list(
        RatingChange.objects.order_by("game", "user").values_list(
            "game", "user", "seq", "mu_before", "sigma_before", "mu_after", "sigma_after"
        )
    ) + list(Rating.objects.order_by("user", "family").values_list("user", "mu", "sigma"))


@pytest.fixture
def no_receiver() -> Any:
    """Games finish without their rating task: the test runs the tasks itself."""
    game_finished.disconnect(dispatch_uid="ratings.game_finished")
    yield
    game_finished.connect(receivers.game_finished, dispatch_uid="ratings.game_finished")


def test_a_duplicate_delivery_at_the_same_moment_rates_the_game_once(
    postgres: None, no_receiver: None, ann: Any, bob: Any, scat: Any
) -> None:
    game = finished_game(ann, bob, scat)
    outcomes = at_once([lambda: services.rate_game(game_id=game.pk)] * 2)
    assert sorted(outcomes) == [False, True]
    assert RatingChange.objects.filter(game=game).count() == 2
    assert list(Rating.objects.values_list("games", flat=True)) == [1, 1]


def test_two_games_of_the_same_players_at_once_both_count_in_finishing_order(
    postgres: None, no_receiver: None, ann: Any, bob: Any, scat: Any
) -> None:
    first = finished_game(ann, bob, scat)
    second = finished_game(bob, ann, scat)
    outcomes = at_once([lambda g=g: services.rate_game(game_id=g.pk) for g in (second, first)])
    assert outcomes == [True, True]
    seqs = RatingChange.objects.filter(user=ann).order_by("seq").values_list("game", flat=True)
    assert list(seqs) == [first.pk, second.pk]
    rated = stored()
    call_command("rebuild_ratings", stdout=StringIO())
    assert stored() == rated
