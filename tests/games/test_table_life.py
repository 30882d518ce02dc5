"""A table's life cycle: the host closes it or leaves it, a table nobody is at closes
itself, and a closed table refuses everything and says why (games.services and
games.tasks.sweep). Time moves by setting timestamps."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.utils import timezone

from games import services, tasks
from games.models import Game, RuleSet, Table


@pytest.fixture
def cy(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("cy", password="cards-on-the-table")


@pytest.fixture
def moderator(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user(
        "mod", password="cards-on-the-table", is_staff=True
    )


def snapshot(table: Table) -> tuple:
    """Everything a refused request must leave as it was."""
    table = Table.objects.get(pk=table.pk)
    seats = list(table.seats.values_list("position", "user_id", "bot_level"))
    games = list(table.games.values_list("pk", "status"))
    return (table.owner_id, table.closed_at, table.closed_reason, seats, games)


def finish(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(status=Game.FINISHED, finished_at=timezone.now())


def play_a_game(table: Table) -> Game:
    if table.seats.count() < 2:
        services.add_bot(table=table, by=table.owner, level="easy")
    return services.start_game(table=table, by=table.owner)


def idle_for(table: Table, minutes: float) -> None:
    then = timezone.now() - timedelta(minutes=minutes)
    Table.objects.filter(pk=table.pk).update(last_activity=then)
    Game.objects.filter(table=table).update(updated_at=then)


def refused(call: Any, message: str, table: Table) -> None:
    before = snapshot(table)
    with pytest.raises(services.ServiceError, match=re.escape(message)):
        call()
    assert snapshot(table) == before, "a refusal changes nothing"


# ---- closing ------------------------------------------------------------------------


def test_the_host_closes_a_waiting_table_for_good_and_the_seats_stay(
    table: Table, ann: Any, bob: Any
) -> None:
    services.join_table(table=table, user=bob)

    services.close_table(table=table, by=ann)

    table.refresh_from_db()
    assert table.is_closed and table.closed_reason == Table.CLOSED_BY_HOST
    assert [s.user for s in table.seats.all()] == [ann, bob], "kept: who sat there"
    refused(lambda: services.close_table(table=table, by=ann), "already closed", table)


def test_the_host_closes_a_table_after_its_game_is_over(table: Table, ann: Any) -> None:
    finish(play_a_game(table))

    services.close_table(table=table, by=ann)

    assert Table.objects.get(pk=table.pk).is_closed


def test_a_table_with_a_game_in_play_cannot_be_closed(
    table: Table, ann: Any, moderator: Any
) -> None:
    play_a_game(table)
    for by in (ann, moderator):
        refused(
            lambda by=by: services.close_table(table=table, by=by),
            "A game is being played at this table: it can be closed once the game is over.",
            table,
        )


def test_only_the_host_or_staff_may_close_a_table(
    table: Table, bob: Any, cy: Any, moderator: Any
) -> None:
    services.join_table(table=table, user=bob)
    for by in (bob, cy):  # seated, and a stranger
        refused(
            lambda by=by: services.close_table(table=table, by=by),
            "Only the table's host (or a moderator) can close it.",
            table,
        )

    services.close_table(table=table, by=moderator)

    assert Table.objects.get(pk=table.pk).closed_reason == Table.CLOSED_BY_STAFF


def test_a_closed_table_refuses_joins_bots_starts_and_seat_changes(
    table: Table, ann: Any, bob: Any, cy: Any
) -> None:
    services.join_table(table=table, user=bob)
    services.add_bot(table=table, by=ann, level="easy")
    services.close_table(table=table, by=ann)
    for call in (
        lambda: services.join_table(table=table, user=cy),
        lambda: services.join_table(table=table, user=bob),  # already seated
        lambda: services.add_bot(table=table, by=ann, level="easy"),
        lambda: services.start_game(table=table, by=ann),
        lambda: services.leave_seat(table=table, by=bob, position=1),
        lambda: services.leave_seat(table=table, by=ann, position=2),
        lambda: services.leave_table(table=table, by=ann),
    ):
        refused(call, "This table is closed.", table)


# ---- leaving ------------------------------------------------------------------------


def test_the_host_leaves_and_the_next_player_clockwise_hosts(
    ann: Any, bob: Any, cy: Any, scat: RuleSet
) -> None:
    table = services.create_table(owner=ann, name="Round", rule_set=scat, seat_count=4)
    services.add_bot(table=table, by=ann, level="easy")  # seat 1: bots cannot host
    services.join_table(table=table, user=bob)  # seat 2
    services.join_table(table=table, user=cy)  # seat 3
    finish(play_a_game(table))

    after = services.leave_table(table=table, by=ann)

    assert after.owner == bob and not after.is_closed
    assert list(table.seats.values_list("position", "user")) == [(1, None), (2, bob.pk), (3, cy.pk)]
    services.join_table(table=table, user=ann)  # back, in seat 0
    # From bob's seat (2), clockwise: cy (3) comes before ann (0).
    assert services.leave_table(table=table, by=bob).owner == cy


def test_the_host_leaving_a_table_with_no_other_player_closes_it(table: Table, ann: Any) -> None:
    services.add_bot(table=table, by=ann, level="easy")
    finish(play_a_game(table))

    after = services.leave_table(table=table, by=ann)

    assert after.is_closed and after.closed_reason == Table.HOST_LEFT
    assert after.owner == ann
    assert table.seats.count() == 2, "kept: who sat there"


def test_a_player_leaves_the_table_between_games(table: Table, bob: Any) -> None:
    services.join_table(table=table, user=bob)

    after = services.leave_table(table=table, by=bob)

    assert not after.is_closed and not table.seats.filter(user=bob).exists()


def test_leaving_is_refused_during_a_game_without_a_seat_and_twice(
    table: Table, ann: Any, bob: Any, cy: Any
) -> None:
    services.join_table(table=table, user=bob)
    game = play_a_game(table)
    refused(
        lambda: services.leave_table(table=table, by=ann),
        "You can leave between games, not during one.",
        table,
    )
    refused(
        lambda: services.leave_table(table=table, by=cy), "You have no seat at this table.", table
    )
    finish(game)
    services.leave_table(table=table, by=ann)
    refused(
        lambda: services.leave_table(table=table, by=ann), "You have no seat at this table.", table
    )


def test_the_host_is_pointed_to_leave_the_table_rather_than_free_their_seat(
    table: Table, ann: Any
) -> None:
    refused(
        lambda: services.leave_seat(table=table, by=ann, position=0),
        "The host keeps their seat: to go, use Leave the table",
        table,
    )


# ---- a table nobody is at closes itself --------------------------------------------


def test_the_sweep_closes_a_waiting_table_nobody_was_at_and_twice_is_harmless(
    table: Table,
) -> None:
    idle_for(table, settings.THIRTYONE_IDLE_TABLE_MINUTES + 1)

    tasks.sweep()
    closed = Table.objects.get(pk=table.pk)
    tasks.sweep()

    assert closed.is_closed and closed.closed_reason == Table.IDLE
    assert Table.objects.get(pk=table.pk).closed_at == closed.closed_at, "closed once"
    idle_since = timezone.now() - timedelta(minutes=settings.THIRTYONE_IDLE_TABLE_MINUTES)
    assert services.close_if_idle(table_id=table.pk, idle_since=idle_since) is False


def test_the_sweep_leaves_tables_that_are_in_use_alone(ann: Any, bob: Any, scat: RuleSet) -> None:
    limit = settings.THIRTYONE_IDLE_TABLE_MINUTES

    def new(name: str) -> Table:
        return services.create_table(owner=ann, name=name, rule_set=scat)

    recent = new("Looked at a while ago")
    idle_for(recent, limit - 1)
    playing = new("A long game")
    play_a_game(playing)
    idle_for(playing, limit + 60)
    Game.objects.filter(table=playing).update(updated_at=timezone.now() - timedelta(hours=2))
    just_over = new("A game just over")
    finish(play_a_game(just_over))
    Table.objects.filter(pk=just_over.pk).update(
        last_activity=timezone.now() - timedelta(minutes=limit + 60)
    )

    tasks.sweep()

    assert not Table.objects.filter(closed_at__isnull=False).exists()
    idle_for(just_over, limit + 1)  # the game ended long ago too
    tasks.sweep()
    assert list(Table.objects.filter(closed_at__isnull=False)) == [just_over]


def test_an_action_counts_as_activity(table: Table, ann: Any) -> None:
    idle_for(table, settings.THIRTYONE_IDLE_TABLE_MINUTES + 1)
    services.add_bot(table=table, by=ann, level="easy")
    tasks.sweep()
    assert not Table.objects.get(pk=table.pk).is_closed


def test_a_table_that_became_active_while_the_sweep_looked_is_not_closed(table: Table) -> None:
    idle_for(table, settings.THIRTYONE_IDLE_TABLE_MINUTES + 1)
    idle_since = timezone.now() - timedelta(minutes=settings.THIRTYONE_IDLE_TABLE_MINUTES)
    assert list(services.idle_tables(idle_since)) == [table]
    Table.objects.filter(pk=table.pk).update(last_activity=timezone.now())  # someone came

    assert services.close_if_idle(table_id=table.pk, idle_since=idle_since) is False
    assert not Table.objects.get(pk=table.pk).is_closed
