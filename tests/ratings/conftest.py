"""Fixtures for ratings: rated tables and games played to their end."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games import services
from games.models import Game, RuleSet
from tests.games.conftest import ann, bob, presets, scat  # noqa: F401  (shared fixtures)
from tests.games.playing import play_out
from tests.tournaments.conftest import club, make_event, members  # noqa: F401


@pytest.fixture
def cy(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("cy", password="cards-on-the-table")


@pytest.fixture
def play_game(
    scat: RuleSet,  # noqa: F811
    django_capture_on_commit_callbacks: Any,
) -> Callable[..., Game]:
    """`play_game(host, *others, bots=(), rated=True, rule_set=scat)`: a table opened by
    `host` with the others seated, then bots; one game played to its end, with the
    on-commit hooks (the game_finished receivers, the rating task) run as it ends."""

    def play(
        host: Any,
        *others: Any,
        bots: tuple[str, ...] = (),
        rated: bool = True,
        rule_set: RuleSet | None = None,
        deals: int | None = None,
    ) -> Game:
        table = services.create_table(
            owner=host,
            name="Kitchen",
            rule_set=rule_set or scat,
            seat_count=1 + len(others) + len(bots),
            turn_timer=0,
            rated=rated,
        )
        for user in others:
            services.join_table(table=table, user=user)
        for level in bots:
            services.add_bot(table=table, by=host, level=level)
        with django_capture_on_commit_callbacks(execute=True):
            game = services.start_game(table=table, by=host, deals=deals)
            return play_out(game)

    return play
