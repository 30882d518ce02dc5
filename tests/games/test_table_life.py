"""A table's life cycle: the host closes it or leaves it, a table nobody is at closes
itself, and a closed table refuses everything and says why (games.services,
games.views.table, games.tasks.sweep). Time moves by setting timestamps."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import services, tasks
from games.models import Game, RuleSet, Seat, Table
from tests.games.test_table_views import said, text


@pytest.fixture
def cy(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("cy", password="cards-on-the-table")


@pytest.fixture
def moderator(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user(
        "mod", password="cards-on-the-table", is_staff=True
    )


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


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


def test_a_seated_players_page_view_keeps_the_table_open_a_spectators_does_not(
    table: Table, bob: Any, cy: Any
) -> None:
    services.join_table(table=table, user=bob)
    idle_for(table, settings.THIRTYONE_IDLE_TABLE_MINUTES + 1)
    watcher = logged_in(cy)
    assert watcher.get(table.get_absolute_url()).status_code == 200
    assert services.idle_tables(timezone.now() - timedelta(minutes=1)).filter(pk=table.pk)

    player = logged_in(bob)
    poll = player.get(table.get_absolute_url(), {"v": "anything"}, headers={"HX-Request": "true"})
    assert poll.status_code == 200

    tasks.sweep()
    assert not Table.objects.get(pk=table.pk).is_closed


def test_page_views_write_the_activity_at_most_once_a_minute(table: Table, ann: Any) -> None:
    client = logged_in(ann)
    url = table.get_absolute_url()
    client.get(url)
    half_a_minute_ago = timezone.now() - timedelta(seconds=30)
    Table.objects.filter(pk=table.pk).update(last_activity=half_a_minute_ago)

    client.get(url)

    assert Table.objects.get(pk=table.pk).last_activity == half_a_minute_ago


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


# ---- the table page -----------------------------------------------------------------

CLOSE_FORM = 'action="/tables/{}/close/"'
LEAVE_FORM = 'action="/tables/{}/leave/"'


def forms_shown(client: Client, table: Table) -> tuple[bool, bool]:
    page = text(client.get(table.get_absolute_url()))
    return CLOSE_FORM.format(table.pk) in page, LEAVE_FORM.format(table.pk) in page


def test_close_and_leave_are_shown_only_to_those_who_may_use_them(
    table: Table, ann: Any, bob: Any, cy: Any, moderator: Any
) -> None:
    services.join_table(table=table, user=bob)
    host, player, stranger, staff = (logged_in(u) for u in (ann, bob, cy, moderator))

    assert forms_shown(host, table) == (True, True)
    assert "bob will host the table" in text(host.get(table.get_absolute_url()))
    assert forms_shown(staff, table) == (True, False)
    for client in (player, stranger, Client()):
        assert forms_shown(client, table) == (False, False)

    game = play_a_game(table)
    assert forms_shown(host, table) == (False, False), "not during a game"
    finish(game)
    assert forms_shown(host, table) == (True, True)
    services.close_table(table=table, by=ann)
    for client in (host, staff):
        assert forms_shown(client, table) == (False, False)


def test_the_host_closes_the_table_from_its_page_and_everyone_seated_sees_why(
    ann: Any, bob: Any, cy: Any, scat: RuleSet
) -> None:
    table = services.create_table(owner=ann, name="Secret", rule_set=scat, is_public=False)
    services.join_table(table=table, user=bob)
    host = logged_in(ann)

    response = host.post(reverse("table_close", args=[table.pk]), follow=True)

    assert "Secret is closed." in said(response)
    for client in (host, logged_in(bob)):
        response = client.get(table.get_absolute_url())
        page = text(response)
        assert response.status_code == 200
        assert "This table is closed" in page and "The host closed the table." in page
        assert "Take a seat" not in page and "Start the game" not in page
        assert 'value="add_bot"' not in page and 'value="leave"' not in page
        assert 'http-equiv="refresh"' not in page, "a closed table's page stops refreshing"
        assert f'hx-get="/tables/{table.pk}/?v=' not in page
    assert logged_in(cy).get(table.get_absolute_url()).status_code == 404, "still private"


def test_a_poll_sees_that_the_table_closed(table: Table, bob: Any) -> None:
    services.join_table(table=table, user=bob)
    client = logged_in(bob)
    page = text(client.get(table.get_absolute_url()))
    version = re.search(r"\?v=(\w+)", page).group(1)
    headers = {"HX-Request": "true"}
    assert client.get(table.get_absolute_url(), {"v": version}, headers=headers).status_code == 204

    services.close_table(table=table, by=table.owner)

    response = client.get(table.get_absolute_url(), {"v": version}, headers=headers)
    assert response.status_code == 200 and "This table is closed" in text(response)


def test_refused_closes_and_joins_on_the_page_say_why_and_change_nothing(
    table: Table, ann: Any, bob: Any, cy: Any
) -> None:
    services.join_table(table=table, user=bob)
    response = logged_in(bob).post(reverse("table_close", args=[table.pk]), follow=True)
    assert "Only the table's host (or a moderator) can close it." in said(response)
    services.close_table(table=table, by=ann)
    before = snapshot(table)
    newcomer = logged_in(cy)

    seat_form = newcomer.post(
        reverse("table_seats", args=[table.pk]), {"action": "join"}, follow=True
    )
    by_link = newcomer.post(table.invite_url())
    start = logged_in(ann).post(reverse("table_start", args=[table.pk]), follow=True)
    again = logged_in(ann).post(reverse("table_close", args=[table.pk]), follow=True)

    assert "This table is closed." in said(seat_form)
    assert by_link.status_code == 409 and "This table is closed." in text(by_link)
    assert "This table is closed." in said(start)
    assert "This table is already closed." in said(again)
    assert snapshot(table) == before
    assert "Join the table" not in text(newcomer.get(table.invite_url()))


def test_the_host_leaves_from_the_page_and_the_next_player_hosts(
    table: Table, ann: Any, bob: Any
) -> None:
    services.join_table(table=table, user=bob)
    finish(play_a_game(table))

    response = logged_in(ann).post(reverse("table_leave", args=[table.pk]), follow=True)

    assert response.redirect_chain == [(reverse("lobby"), 302)]
    assert "You left Kitchen. bob hosts it now." in said(response)
    table.refresh_from_db()
    assert table.owner == bob and not table.seats.filter(user=ann).exists()
    assert forms_shown(logged_in(bob), table) == (True, True), "bob hosts: he sees the forms"


def test_a_moderator_closes_any_table_from_the_admin(
    table: Table, ann: Any, bob: Any, scat: RuleSet
) -> None:
    busy = services.create_table(owner=bob, name="Busy", rule_set=scat)
    play_a_game(busy)
    boss = logged_in(type(ann).objects.create_superuser("boss", password="cards-on-the-table"))

    response = boss.post(
        reverse("admin:games_table_changelist"),
        {"action": "close_tables", "_selected_action": [table.pk, busy.pk]},
        follow=True,
    )

    page = text(response)
    assert "Closed 1 table." in page and "Busy: A game is being played" in page
    assert Table.objects.get(pk=table.pk).closed_reason == Table.CLOSED_BY_STAFF
    assert not Table.objects.get(pk=busy.pk).is_closed
    assert Seat.objects.filter(table=table).exists()
