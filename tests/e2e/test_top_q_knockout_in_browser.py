"""A top-q knockout in a real browser: the organizer (JavaScript on) creates a knockout
where the top 2 of each table go through, ten players register (two with JavaScript
off, in the browser), and round after round each table plays a whole game (bots play
for the people, to keep it short). After each round the event page, as a player with
JavaScript off and as the organizer, shows through exactly the first q of each table by
the test's own reading of the games' logs, and speaks of rounds, not deals; at the end
the winner shown is the final game's winner, and the places on the page and in the CSV
export are the test's own."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client

from clubs.models import Membership
from games.csv_cells import safe_cell
from games.models import Game, GameEvent, GamePlayer, RuleSet
from tests.e2e.club_night import create_the_event, join_and_register_without_js, open_the_club
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_knockout_in_browser import let_bots_play, ordinal
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services
from tournaments.models import Event, Round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TOP = 2


def game_places(game: Game) -> dict[str, int]:
    """Each player's place in a whole game of lives, from the game alone: the engine's
    winner first, then the later out the better (the deal they went out on, read from
    the log), players out on the same deal sharing a place (1, 2, 2, 4)."""
    state = game.engine_state()
    assert state.outcome is not None, f"game {game.pk} is not over"
    (winner,) = state.outcome.winners
    deal, out_on = 0, {}
    for kind, seat, data in GameEvent.objects.filter(game=game).values_list("kind", "seat", "data"):
        if kind == "round_ended":
            deal = data["round_no"]
        elif kind == "player_out":
            out_on[seat] = deal
    names = {
        p.position: p.user.username
        for p in GamePlayer.objects.filter(game=game).select_related("user")
    }
    assert set(out_on) == set(names) - {winner}  # everyone else went out
    key = {seat: out_on.get(seat, 10**6) for seat in names}  # the winner: never out
    return {names[s]: 1 + sum(other > key[s] for other in key.values()) for s in names}


def round_games(round_: Round) -> list[Game]:
    return [t.game for t in round_.tables.select_related("game").order_by("number")]


def through_and_out(round_: Round) -> tuple[set[str], list[tuple[str, int]]]:
    """Who goes through a round that is not the final, from its games: those placed q
    or better at their table, q being TOP or, when a table is smaller, one less than
    the smallest table (so that every table puts someone out); the others with their
    place at their table."""
    tables = [game_places(game) for game in round_games(round_)]
    q = min(TOP, min(len(places) for places in tables) - 1)
    through = {name for places in tables for name, place in places.items() if place <= q}
    out = [(name, place) for places in tables for name, place in places.items() if place > q]
    return through, out


def a_player(names: set[str]) -> str:
    """One of `names` other than the organizer (ann)."""
    return min(names - {"ann"})


def shown_standings(page: Any) -> dict[str, tuple[str, str]]:
    """The event page's standings: name → (place, status)."""
    rows = page.locator("table.knockout-standings tbody tr")
    shown = {}
    for k in range(rows.count()):
        row = rows.nth(k)
        cells = row.locator("td")
        name = row.locator("th").inner_text().split()[0]
        shown[name] = (cells.nth(0).inner_text().strip(), cells.nth(1).inner_text().strip())
    return shown


def speaks_of_rounds(page: Any, number: int, still_in: int) -> None:
    """The live part of the event page while round `number` is played: rounds, not
    deals (a top-q round is a whole game at each table)."""
    live = page.locator("#event-live").inner_text()
    assert f"Round {number} is being played; {still_in} players are still in." in live
    assert page.locator("#deal-heading").inner_text() == f"Round {number}"
    caption = page.locator("#standings-caption").inner_text()
    if number == 1:
        assert caption == "Standings while round 1 is played"
    else:
        assert caption == f"Standings after round {number - 1}"
    assert "deal" not in live.lower(), live


def test_a_top_2_knockout_round_by_round_to_its_final(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any, shoot: Any
) -> None:
    RuleSet.objects.create(name="Quick scat", preset="scat", changes={"lives": 1})
    staff = django_user_model.objects.create_user("sam", password="x" * 12, is_staff=True)
    players = [django_user_model.objects.create_user(f"p{k}") for k in range(1, 10)]
    organizer = logged_in(browser, live_server, ann)
    page = organizer.new_page()
    open_the_club(page, live_server)
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name").fill("Top two")
    page.get_by_label("Format").select_option("top_q")
    page.get_by_label("Top-q knockout: top of each table go through").fill(str(TOP))
    page.get_by_label("Rules").select_option(label="Quick scat")
    page.get_by_label("Preferred table size").fill("4")
    page.get_by_label("Smallest table").fill("3")
    page.get_by_label("Largest table").fill("4")
    create_the_event(page)
    event = Event.objects.get(name="Top two")
    assert (event.format, event.top_q, event.table_size) == (Event.TOP_Q, TOP, 4)
    head = page.locator(".event-head__club").inner_text()
    assert "Knockout, the top 2 of each table go through" in head
    page.get_by_role("button", name="Register").click()
    page.get_by_role("button", name="Withdraw").wait_for()
    # Two players join and register in the browser without JavaScript; seven more
    # through the services, to keep the test short.
    join_and_register_without_js(browser, live_server, event, players[:2])
    for player in players[2:]:
        Membership.objects.create(club=event.club, user=player)
        services.register(event=event, user=player)
    assert event.entries.count() == 10
    page.goto(f"{live_server.url}/tournaments/{event.pk}/manage/")
    page.get_by_role("button", name="Start the event (seat round 1)").click()
    page.wait_for_url(f"**/tournaments/{event.pk}/manage/")
    users = {u.username: u for u in [ann, *players]}
    event_url = f"{live_server.url}{event.get_absolute_url()}"
    # Each round, to the final: who went through, from the games.
    still_in = set(users)
    expected: dict[str, tuple[str, str]] = {}  # name → (place, status) of those out
    for number in range(1, 10):  # a stuck event fails the test, it does not hang it
        round_ = Round.objects.get(event=event, number=number)
        sizes = [len(g.players.all()) for g in round_games(round_)]
        assert sum(sizes) == len(still_in)
        assert all(g.engine_state().last_deal is None for g in round_games(round_))  # whole
        # A player still in (JavaScript off) sees the round and their table in it.
        context = logged_in(
            browser, live_server, users[a_player(still_in)], java_script_enabled=False
        )
        mine = context.new_page()
        mine.goto(event_url)
        speaks_of_rounds(mine, number, len(still_in))
        assert f"Your table for round {number}: " in mine.locator(".your-table").inner_text()
        context.close()
        page.goto(event_url)
        speaks_of_rounds(page, number, len(still_in))
        if len(sizes) == 1:
            break  # the final
        let_bots_play(round_, staff)
        through, out = through_and_out(round_)
        assert through < still_in and out
        first = len(through) + 1
        for name, place in out:
            rank = first + sum(other < place for _, other in out)
            shared = sum(other == place for _, other in out) > 1
            expected[name] = (("=" if shared else "") + ordinal(rank), f"out in round {number}")
        # Through are exactly the first q of each table, as a player (JavaScript off)
        # and as the organizer see it.
        context = logged_in(
            browser, live_server, users[a_player(through)], java_script_enabled=False
        )
        mine = context.new_page()
        for viewer in (mine, page):
            viewer.goto(event_url)
            shown = shown_standings(viewer)
            assert {name for name, (_, status) in shown.items() if status == "in"} == through
            assert {name: shown[name] for name in expected} == expected
        context.close()
        still_in = through
    else:
        raise AssertionError("the knockout did not reach a final")
    # The final: its game's places are the event's first places.
    final = round_games(round_)
    let_bots_play(round_, staff)
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    places = game_places(Game.objects.get(pk=final[0].pk))
    (winner,) = [name for name, place in places.items() if place == 1]
    shared = {p: list(places.values()).count(p) for p in places.values()}
    for name, place in places.items():
        status = "winner" if place == 1 else f"out in round {number}"
        expected[name] = (("=" if shared[place] > 1 else "") + ordinal(place), status)
    assert len(expected) == 10
    context = logged_in(browser, live_server, users["p1"], java_script_enabled=False)
    mine = context.new_page()
    mine.goto(event_url)
    assert "Finished: the places are final." in mine.content()
    shown = shown_standings(mine)
    assert [name for name, (_, status) in shown.items() if status == "winner"] == [winner]
    assert shown == expected
    shoot(mine, "top-q-knockout-finished")  # as a phone (390x844) and a desktop see it
    context.close()
    page.goto(event_url)
    assert shown_standings(page) == expected
    assert axe_violations(page) == []
    # The CSV export agrees; a tied place ("=5th") is written as text ("'=5th") so that no
    # spreadsheet reads it as a formula (docs/security.md#csv-files).
    client = Client()
    client.force_login(ann)
    response = client.get(f"/tournaments/{event.pk}/standings.csv")
    table = list(csv.DictReader(io.StringIO(response.content.decode())))
    exported = {row["Player"]: (row["Place"], row["Status"]) for row in table}
    assert exported == {
        name: (safe_cell(place), status) for name, (place, status) in expected.items()
    }
    out_in = {row["Player"]: row["Out in round"] for row in table}
    assert out_in[winner] == ""
    assert all(
        out_in[name] == status.rsplit(" ", 1)[1]
        for name, (_, status) in expected.items()
        if name != winner
    )
    organizer.close()
