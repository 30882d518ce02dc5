"""Migrations that move data: tables made before a migration keep what they showed."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games import results

BEFORE, AFTER = ("games", "0003_deck_purposes"), ("games", "0004_offered_rule_sets")


@pytest.fixture
def executor(transactional_db: Any) -> Any:
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    yield executor
    executor.loader.build_graph()
    executor.migrate(latest)


def test_tables_get_the_name_and_preset_of_their_rule_set_and_rule_sets_are_offered(
    migrations_database: None,
) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate([BEFORE])
    old = executor.loader.project_state([BEFORE]).apps
    owner = old.get_model("accounts", "User").objects.create(username="ann")
    RuleSet = old.get_model("games", "RuleSet")
    bus = RuleSet.objects.create(name="Ride the Bus", preset="ride_the_bus", is_preset=True)
    club = RuleSet.objects.create(name="Club", preset="scat", changes={"lives": 5})
    for name, rule_set in (("One", bus), ("Two", club)):
        old.get_model("games", "Table").objects.create(
            name=name, owner=owner, rule_set=rule_set, rules={}, invite_token=name
        )

    executor.loader.build_graph()
    executor.migrate([AFTER])

    new = executor.loader.project_state([AFTER]).apps
    tables = new.get_model("games", "Table").objects.order_by("name")
    assert [(t.rules_name, t.rules_preset) for t in tables] == [
        ("Ride the Bus", "ride_the_bus"),
        ("Club", "scat"),
    ]
    assert all(r.offered for r in new.get_model("games", "RuleSet").objects.all())


RESULTS_BEFORE = ("games", "0006_table_life_cycle")
RESULTS_AFTER = ("games", "0007_results_and_hostless_tables")
RESULT_FIELDS = results.FIELDS  # the columns migration 0007 adds and fills


def test_games_over_get_their_results_from_their_event_logs(
    executor: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Games played before results were stored get them by replaying their logs: the
    same results the service writes as a game ends."""
    from games import notify, services
    from games.engine import SeededDeckSource
    from games.models import Game, GamePlayer, RuleSet
    from games.services import sources
    from tests.games.playing import play_out

    monkeypatch.setattr(sources, "new_deck_source", lambda: SeededDeckSource(5))
    monkeypatch.setattr(notify, "committed", lambda *args, **kwargs: None)
    RuleSet.sync_presets()
    scat = RuleSet.objects.get(preset="scat", is_preset=True)
    from accounts.models import User

    ann = User.objects.create(username="ann")
    table = services.create_table(owner=ann, name="Old", rule_set=scat, seat_count=3)
    services.add_bot(table=table, by=ann, level="easy")
    services.add_bot(table=table, by=ann, level="medium")
    finished = services.start_game(table=table, by=ann)
    GamePlayer.objects.filter(game=finished, user=ann).update(away=True)
    finished = play_out(finished)
    ended = services.start_game(table=table, by=ann)
    services.end_game(game_id=ended.pk, by=ann, expected_seq=ended.seq)
    playing = services.start_game(table=table, by=ann)  # an open table's game, never over
    Game.objects.filter(pk=playing.pk).update(status=Game.PLAYING)
    GamePlayer.objects.filter(game=playing).update(place=None)
    expected = {
        game.pk: [
            tuple(getattr(p, f) for f in RESULT_FIELDS)
            for p in GamePlayer.objects.filter(game=game).order_by("position")
        ]
        for game in (finished, ended)
    }
    assert all(row[0] is not None for rows in expected.values() for row in rows)
    # As games were left before results: a finished game had no end_reason.
    Game.objects.filter(pk=finished.pk).update(end_reason="")

    executor.migrate([RESULTS_BEFORE])
    executor.loader.build_graph()
    executor.migrate([RESULTS_AFTER])

    new = executor.loader.project_state([RESULTS_AFTER]).apps
    NewGame, NewPlayer = new.get_model("games", "Game"), new.get_model("games", "GamePlayer")
    for pk, rows in expected.items():
        found = [
            tuple(getattr(p, f) for f in RESULT_FIELDS)
            for p in NewPlayer.objects.filter(game_id=pk).order_by("position")
        ]
        assert found == rows
    assert NewGame.objects.get(pk=finished.pk).end_reason == "finished"
    assert NewGame.objects.get(pk=ended.pk).end_reason == "host"
    assert all(NewGame.objects.get(pk=pk).finished_at for pk in expected)
    assert NewGame.objects.get(pk=playing.pk).end_reason == ""
    assert not NewPlayer.objects.filter(game_id=playing.pk, place__isnull=False).exists()
