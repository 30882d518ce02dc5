"""The lobby, opening a table, and joining by the invite link (games.views.lobby)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import services
from games.engine import Rules
from games.models import Game, RuleSet, Table
from tests.games.test_rule_forms import rule_set_pk, rules_data, table_data


@pytest.fixture
def cy(django_user_model: Any) -> Any:
    return django_user_model.objects.create_user("cy", password="cards-on-the-table")


@pytest.fixture
def ann_client(client: Client, ann: Any, presets: None) -> Client:
    client.force_login(ann)
    return client


def preset(key: str) -> RuleSet:
    return RuleSet.objects.get(preset=key, is_preset=True)


def open_table(owner: Any, name: str, key: str = "scat", **kwargs: Any) -> Table:
    return services.create_table(owner=owner, name=name, rule_set=preset(key), **kwargs)


def start_a_game(table: Table) -> Game:
    if table.seats.count() < 2:
        services.add_bot(table=table, by=table.owner, level="easy")
    return services.start_game(table=table, by=table.owner)


def page(response: Any) -> str:
    return response.content.decode()


# ---- the lobby --------------------------------------------------------------------


def test_the_lobby_lists_open_public_tables_with_their_rules(
    client: Client, bob: Any, presets: None
) -> None:
    open_table(bob, "Friday night", "ride_the_bus", seat_count=4)

    html = page(client.get(reverse("lobby")))

    assert "Friday night" in html
    assert "Ride the Bus" in html
    assert "4 lives" in html
    assert "hosted by bob" in html


def test_private_tables_are_not_listed(client: Client, bob: Any, presets: None) -> None:
    open_table(bob, "Secret club", is_public=False)

    html = page(client.get(reverse("lobby")))

    assert "Secret club" not in html
    assert "Tables will appear here" in html


def test_a_tournaments_tables_are_listed_only_to_their_players(
    client: Client, bob: Any, cy: Any, presets: None
) -> None:
    """Nobody joins a table the system starts; its event's page is where others find it."""
    table = services.open_table(
        name="Club night, table 1",
        rule_set=preset("scat"),
        seats=[services.SeatSpec(position=0, user=bob), services.SeatSpec(position=1, user=cy)],
        starters=Table.STARTED_BY_SYSTEM,
        seat_count=3,
    )
    services.start_game(table=table, by=None)

    assert "Club night" not in page(client.get(reverse("lobby")))
    client.force_login(bob)
    assert "Club night" in page(client.get(reverse("lobby")))


def test_full_tables_and_tables_at_play_are_not_open(ann_client: Client, bob: Any, cy: Any) -> None:
    full = open_table(bob, "Full house", seat_count=2)
    services.add_bot(table=full, by=bob, level="easy")
    start_a_game(open_table(cy, "Busy table", seat_count=3))

    response = ann_client.get(reverse("lobby"))

    assert [t.name for t in response.context["open_tables"]] == []
    assert [t.name for t in response.context["watch_tables"]] == ["Busy table"]
    assert "Being played now" in page(response)


def test_your_tables_include_private_ones_and_are_not_repeated_as_open(
    ann_client: Client, ann: Any, bob: Any
) -> None:
    open_table(ann, "Mine, secret", is_public=False)
    theirs = open_table(bob, "Bob's", seat_count=4)
    services.join_table(table=theirs, user=ann)

    response = ann_client.get(reverse("lobby"))

    assert {t.name for t in response.context["my_tables"]} == {"Mine, secret", "Bob's"}
    assert response.context["open_tables"] == []


def test_a_visitor_is_asked_to_log_in_to_join(client: Client, bob: Any, presets: None) -> None:
    table = open_table(bob, "Friday night")

    html = page(client.get(reverse("lobby")))

    assert f"?next={table.invite_url()}" in html
    assert 'name="action" value="create"' not in html


def test_a_player_sees_the_form_to_open_a_table(ann_client: Client) -> None:
    html = page(ann_client.get(reverse("lobby")))

    assert 'action="/tables/new/"' in html
    assert "Ride the Bus" in html  # a preset card
    assert "Customise house rules" in html


def test_an_htmx_request_gets_only_the_table_lists(client: Client, bob: Any, presets: None) -> None:
    open_table(bob, "Friday night")

    html = page(
        client.get(reverse("lobby"), headers={"HX-Request": "true", "HX-Target": "lobby-tables"})
    )

    assert html.lstrip().startswith('<div id="lobby-tables"')
    assert "Friday night" in html
    assert "<html" not in html


def make_tables(owner: Any, count: int) -> None:
    for number in range(count):
        table = open_table(owner, f"Table {number}", "ride_the_bus", seat_count=4)
        services.add_bot(table=table, by=owner, level="easy")


def lobby_queries(client: Client) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(reverse("lobby")).status_code == 200
    return len(queries)


def test_the_lobby_takes_as_many_queries_for_many_tables_as_for_few(
    ann_client: Client, ann: Any, bob: Any, cy: Any, django_assert_max_num_queries: Any
) -> None:
    make_tables(bob, 2)
    start_a_game(open_table(cy, "Busy"))
    services.join_table(table=open_table(bob, "With ann"), user=ann)
    few = lobby_queries(ann_client)

    make_tables(bob, 20)
    make_tables(cy, 10)
    for number in range(5):
        start_a_game(open_table(cy, f"Busy {number}"))

    assert lobby_queries(ann_client) == few
    # Session, user, count, the page, its seats, and the rule sets on offer for the form;
    # the calls bar (games dealt to them not yet opened, running events they play in);
    # the header's turn-based games waiting for their move, which the page's link to
    # them reads too (docs/tables.md#games-waiting-for-your-move); and whether they may
    # play rated games, for the form's box (docs/fair-play.md#sanctions); the calls bar's
    # tables calling them as an organizer (docs/club-night.md#calling-the-organizer).
    with django_assert_max_num_queries(11):
        ann_client.get(reverse("lobby"))


# ---- a short lobby ----------------------------------------------------------------


def names(response: Any, *lists: str) -> list[str]:
    return [t.name for key in lists for t in response.context[key]]


def pager_links(html: str) -> dict[str, str]:
    return dict(
        (rel, href.replace("&amp;", "&"))
        for href, rel in re.findall(r'<a [^>]*href="([^"]*)" rel="(prev|next)"', html)
    )


def test_the_lobby_shows_twenty_tables_a_page_newest_first_with_plain_page_links(
    client: Client, bob: Any, presets: None
) -> None:
    for number in range(60):
        open_table(bob, f"Table {number:02}")

    first = client.get(reverse("lobby"))
    second = client.get(pager_links(page(first))["next"])
    third = client.get(pager_links(page(second))["next"])

    assert names(first, "open_tables") == [f"Table {n:02}" for n in range(59, 39, -1)]
    assert names(second, "open_tables") == [f"Table {n:02}" for n in range(39, 19, -1)]
    assert names(third, "open_tables") == [f"Table {n:02}" for n in range(19, -1, -1)]
    assert "Page 2 of 3" in page(second)
    assert pager_links(page(first)) == {"next": f"{reverse('lobby')}?page=2"}
    assert pager_links(page(second)) == {
        "prev": reverse("lobby"),
        "next": f"{reverse('lobby')}?page=3",
    }
    assert pager_links(page(third)) == {"prev": f"{reverse('lobby')}?page=2"}
    for nonsense in ("0", "99", "x"):  # Django's Paginator: the last page, or the first
        assert client.get(reverse("lobby"), {"page": nonsense}).status_code == 200


def test_closed_tables_and_finished_games_are_never_listed(
    ann_client: Client, ann: Any, bob: Any, cy: Any
) -> None:
    services.close_table(table=open_table(bob, "Closed"), by=bob)
    services.close_table(table=open_table(ann, "My closed one"), by=ann)
    done = open_table(cy, "Finished, full", seat_count=2)
    game = start_a_game(done)
    Game.objects.filter(pk=game.pk).update(status=Game.FINISHED)
    between = open_table(cy, "Finished, a seat free", seat_count=3)
    game = start_a_game(between)
    Game.objects.filter(pk=game.pk).update(status=Game.FINISHED)
    start_a_game(open_table(bob, "In play"))

    response = ann_client.get(reverse("lobby"))

    assert names(response, "my_tables") == []
    assert names(response, "open_tables") == ["Finished, a seat free"]  # for the next game
    assert names(response, "watch_tables") == ["In play"]
    assert "Closed" not in page(response) and "Finished, full" not in page(response)


def test_your_tables_come_first_however_old(ann_client: Client, ann: Any, bob: Any) -> None:
    open_table(ann, "Mine, oldest")
    for number in range(25):
        open_table(bob, f"Table {number:02}")

    response = ann_client.get(reverse("lobby"))

    assert names(response, "my_tables") == ["Mine, oldest"]
    assert len(names(response, "my_tables", "open_tables", "watch_tables")) == 20


def test_an_htmx_page_link_gets_that_page_of_the_lists_which_then_polls_it(
    client: Client, bob: Any, presets: None
) -> None:
    for number in range(25):
        open_table(bob, f"Table {number:02}")

    html = page(
        client.get(
            reverse("lobby"),
            {"page": "2"},
            headers={"HX-Request": "true", "HX-Target": "lobby-tables"},
        )
    )

    assert html.lstrip().startswith(
        f'<div id="lobby-tables" class="lobby-tables" hx-get="{reverse("lobby")}?page=2"'
    )
    assert "Table 04" in html and "Table 05" not in html
    assert 'hx-target="#lobby-tables"' in html and 'hx-push-url="true"' in html


# ---- opening a table --------------------------------------------------------------


def test_opening_a_table_from_the_lobby_uses_the_presets_rules(
    ann_client: Client, ann: Any
) -> None:
    response = ann_client.post(reverse("create_table"), table_data(preset="ride_the_bus"))

    table = Table.objects.get()
    assert response.status_code == 302
    assert response["Location"] == table.get_absolute_url()
    assert table.rule_set == preset("ride_the_bus")
    assert table.engine_rules() == Rules.preset("ride_the_bus")
    assert [(seat.position, seat.user) for seat in table.seats.all()] == [(0, ann)]
    assert (table.name, table.seat_count, table.is_public) == ("Kitchen", 4, True)


def test_opening_a_table_with_house_rules_stores_exactly_those_rules(
    ann_client: Client,
) -> None:
    changes = {
        "lives": 5,
        "three_of_a_kind": "30",
        "straight_flush": True,
        "take_own_discard": False,
    }
    data = {
        **table_data(preset="scat", visibility="private", turn_timer="30"),
        **rules_data(Rules.preset("scat", **changes)),
        "house_rules": "1",
        "rules_from": rule_set_pk("scat"),
    }

    response = ann_client.post(reverse("create_table"), data)

    assert response.status_code == 302
    table = Table.objects.get()
    assert table.rules == Rules.preset("scat", **changes).to_dict()
    assert table.rule_set == preset("scat")
    assert (table.is_public, table.turn_timer) == (False, 30)


def test_house_rule_stage_names_are_stored_for_the_table(ann_client: Client) -> None:
    labels = ["at the bar", "at the door", "in the street", "at home"]
    data = {
        **table_data(preset="ride_the_bus"),
        **rules_data(Rules.preset("ride_the_bus"), lives=2, life_labels=labels),
        "house_rules": "1",
        "rules_from": rule_set_pk("ride_the_bus"),
    }

    ann_client.post(reverse("create_table"), data)

    table = Table.objects.get()
    assert table.engine_rules() == Rules.preset("ride_the_bus", lives=2, life_labels=labels)
    assert table.rules["life_labels"] == labels


def test_bots_are_seated_with_their_level(ann_client: Client, ann: Any) -> None:
    ann_client.post(reverse("create_table"), table_data(seat_count="4", bots="2", bot_level="hard"))

    seats = [(s.position, s.user, s.bot_level) for s in Table.objects.get().seats.all()]
    assert seats == [(0, ann, ""), (1, None, "hard"), (2, None, "hard")]


def test_an_impossible_house_rule_is_shown_on_its_field_and_opens_nothing(
    ann_client: Client,
) -> None:
    data = {
        **table_data(preset="ride_the_bus"),
        **rules_data(Rules.preset("ride_the_bus"), lives=5),
        "house_rules": "1",
        "rules_from": rule_set_pk("ride_the_bus"),
    }

    response = ann_client.post(reverse("create_table"), data)

    assert response.status_code == 200
    message = "life_labels must name 7 stages"
    assert message in response.context["rules_form"].errors["life_labels"][0]
    assert message in page(response)
    assert not Table.objects.exists()


def test_a_refusal_from_the_services_lands_on_its_field(ann_client: Client) -> None:
    # Nine seats, but the house rules allow four players: the service refuses.
    data = {
        **table_data(seat_count="9"),
        **rules_data(Rules(max_players=4)),
        "house_rules": "1",
        "rules_from": rule_set_pk("scat"),
    }

    response = ann_client.post(reverse("create_table"), data)

    assert response.context["form"].errors["seat_count"] == ["A table seats 2 to 4 players."]
    assert not Table.objects.exists()


def test_too_many_bots_opens_nothing(ann_client: Client) -> None:
    response = ann_client.post(reverse("create_table"), table_data(seat_count="2", bots="2"))

    assert "2 seats leave room for 1 bot besides you" in page(response)
    assert not Table.objects.exists()


@pytest.mark.parametrize(
    ("field", "value"), [("seat_count", "13"), ("turn_timer", "7"), ("bot_level", "genius")]
)
def test_a_tampered_form_is_refused_with_a_message(
    ann_client: Client, field: str, value: str
) -> None:
    response = ann_client.post(reverse("create_table"), table_data(**{field: value}))

    assert response.status_code == 200
    assert "Select a valid choice" in response.context["form"].errors[field][0]
    assert "The table was not opened" in page(response)
    assert not Table.objects.exists()


def test_a_post_without_the_csrf_token_is_refused(ann: Any, presets: None) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(ann)

    response = client.post(reverse("create_table"), table_data())

    assert response.status_code == 403
    assert not Table.objects.exists()


def test_a_post_with_the_csrf_token_is_accepted(ann: Any, presets: None) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(ann)
    client.get(reverse("lobby"))  # sets the CSRF cookie

    response = client.post(
        reverse("create_table"),
        {**table_data(), "csrfmiddlewaretoken": client.cookies["csrftoken"].value},
    )

    assert response.status_code == 302
    assert Table.objects.count() == 1


def test_customising_goes_to_the_full_form_with_the_table_fields_kept(
    ann_client: Client,
) -> None:
    data = table_data(preset="ride_the_bus", name="Bus stop", seat_count="5")

    response = ann_client.post(reverse("create_table"), {**data, "action": "customise"})

    assert response.status_code == 302
    url = urlsplit(response["Location"])
    assert url.path == reverse("create_table")
    assert parse_qs(url.query)["rule_set"] == [rule_set_pk("ride_the_bus")]
    assert not Table.objects.exists()
    form_page = ann_client.get(response["Location"])
    assert form_page.context["form"]["name"].value() == "Bus stop"
    assert form_page.context["form"]["seat_count"].value() == 5
    assert form_page.context["rules_form"]["lives"].value() == 4
    assert "seated at the back" in page(form_page)


def test_the_full_form_shows_every_house_rule_by_section(ann_client: Client) -> None:
    html = page(ann_client.get(reverse("create_table")))

    for legend in (
        "Cards &amp; hand values",
        "The deal",
        "A turn",
        "Knocking",
        "Showdown &amp; blitz",
        "Scoring",
        "Stock",
    ):
        assert f"<legend>{legend}</legend>" in html
    assert 'name="knock_min"' in html
    assert f'name="rules_from" value="{rule_set_pk("scat")}"' in html
    assert 'value="load_rules"' in html  # works without JavaScript


def test_an_htmx_change_of_rules_gets_only_the_house_rules(ann_client: Client) -> None:
    response = ann_client.get(
        reverse("create_table"),
        {"rule_set": rule_set_pk("en_og_tredive")},
        headers={"HX-Request": "true", "HX-Target": "house-rules"},
    )

    html = page(response)
    assert html.lstrip().startswith('<section id="house-rules"')
    assert f'name="rules_from" value="{rule_set_pk("en_og_tredive")}"' in html
    assert 'name="knock_min" value="21"' in html


def test_picking_other_rules_without_loading_them_shows_them_first(
    ann_client: Client,
) -> None:
    data = {
        **table_data(preset="ride_the_bus"),
        **rules_data(Rules()),
        "house_rules": "1",
        "rules_from": rule_set_pk("scat"),
    }

    response = ann_client.post(reverse("create_table"), data)

    assert response.status_code == 200
    assert response.context["rules_switched"] is True
    assert response.context["rules_form"]["lives"].value() == 4
    assert not Table.objects.exists()


def test_a_visitor_is_sent_to_log_in_before_opening_a_table(client: Client) -> None:
    response = client.get(reverse("create_table"))

    assert response.status_code == 302
    assert response["Location"] == f"{reverse('account_login')}?next={reverse('create_table')}"


# ---- joining by link --------------------------------------------------------------


def test_the_invite_link_shows_the_table_rules_and_seats(
    client: Client, ann: Any, bob: Any, presets: None
) -> None:
    table = open_table(bob, "Friday night", "card_game_101", seat_count=3)
    services.add_bot(table=table, by=bob, level="medium")
    client.force_login(ann)

    html = page(client.get(table.invite_url()))

    assert "Friday night" in html
    assert "Three of a kind is worth 30" in html
    assert "Medium bot 2" in html
    assert "Join the table" in html


def test_joining_by_link_seats_you_and_goes_to_the_table(
    client: Client, ann: Any, bob: Any, presets: None
) -> None:
    table = open_table(bob, "Secret club", is_public=False)
    client.force_login(ann)

    response = client.post(table.invite_url())

    assert response.status_code == 302
    assert response["Location"] == table.get_absolute_url()
    assert table.seats.filter(user=ann).exists()


def test_joining_a_full_table_shows_why(client: Client, ann: Any, bob: Any, presets: None) -> None:
    table = open_table(bob, "Two of us", seat_count=2)
    services.add_bot(table=table, by=bob, level="easy")
    client.force_login(ann)

    response = client.post(table.invite_url())

    assert response.status_code == 409
    assert "This table is full." in page(response)
    assert not table.seats.filter(user=ann).exists()
    assert "Join the table" not in page(client.get(table.invite_url()))


def test_the_invite_link_says_when_a_game_is_being_played(
    client: Client, ann: Any, bob: Any, presets: None
) -> None:
    table = open_table(bob, "Busy", seat_count=4)
    start_a_game(table)
    client.force_login(ann)

    html = page(client.get(table.invite_url()))

    assert "A game is being played at this table" in html
    assert "Join the table" not in html


def test_the_invite_link_knows_you_already_sit_there(
    client: Client, bob: Any, presets: None
) -> None:
    table = open_table(bob, "Friday night")
    client.force_login(bob)

    html = page(client.get(table.invite_url()))

    assert "You already have a seat here" in html


def test_a_visitor_logs_in_and_comes_back_to_the_invite(
    client: Client, bob: Any, presets: None
) -> None:
    table = open_table(bob, "Friday night")

    response = client.get(table.invite_url())

    assert response.status_code == 302
    assert response["Location"] == f"{reverse('account_login')}?next={table.invite_url()}"


def test_an_unknown_invite_is_not_found(ann_client: Client) -> None:
    assert ann_client.get(reverse("join_by_link", args=["nope"])).status_code == 404
