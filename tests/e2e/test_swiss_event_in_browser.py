"""A whole Swiss event in a real browser: the organizer (JavaScript on) creates the club
and the event, five more players join and register with JavaScript off, bots fill the
two empty seats, three rounds are played to the end (bots play for the people, to keep
it short), and the standings on the page and in the CSV export match the test's own
count of opponents outlasted from the games' places."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from typing import Any

import pytest
from django.test import Client

from games import services as games
from games.models import Game, GamePlayer
from tests.e2e.club_night import create_the_event, join_and_register_without_js, open_the_club
from tests.e2e.test_table_in_browser import logged_in
from tournaments.models import Event, Round, RoundTable

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def let_bots_play(round_: Round, staff: Any) -> None:
    """Staff let a bot play for every person of the round's games, which then play
    to their end (bots move inline in the tests), and the next round starts."""
    for table in RoundTable.objects.filter(round=round_):
        for player in GamePlayer.objects.filter(game=table.game, user__isnull=False):
            game = Game.objects.get(pk=table.game_id)
            if not game.in_play:
                break
            if game.engine_state().players[player.position].out:
                continue
            games.replace_with_bot(
                game_id=game.pk, by=staff, position=player.position, expected_seq=game.seq
            )
        # Bots move inline; should a move be refused (SQLite is busy with a page the
        # live server is serving), the chain stops, and beat's sweep would go on with
        # it: do what the sweep does.
        while (game := Game.objects.get(pk=table.game_id)).in_play:
            games.play_for_bot(game_id=game.pk, expected_seq=game.seq)


def outlasted_points(event: Event) -> dict[str, float]:
    """The test's own count: one point for each opponent (bots included) with a worse
    place in each game, half for each with the same place."""
    points: dict[str, float] = defaultdict(float)
    for table in RoundTable.objects.filter(round__event=event):
        players = list(GamePlayer.objects.filter(game=table.game))
        for me in players:
            if me.user is None:
                continue
            points[me.user.username] += 0  # a player who outlasted no one scores 0
            for other in players:
                if other is not me:
                    if other.place > me.place:
                        points[me.user.username] += 1
                    elif other.place == me.place:
                        points[me.user.username] += 0.5
    return dict(points)


def number(text: str) -> float:
    return float(text.strip() or 0)


def test_a_swiss_event_from_the_club_to_the_csv(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any, shoot: Any
) -> None:
    staff = django_user_model.objects.create_user("sam", password="x" * 12, is_staff=True)
    players = [django_user_model.objects.create_user(f"p{k}") for k in range(1, 6)]
    organizer = logged_in(browser, live_server, ann)
    page = organizer.new_page()
    # The organizer makes the club (open to all) and the event.
    open_the_club(page, live_server)
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name").fill("Tuesday Swiss")
    page.get_by_label("Rounds:", exact=True).fill("3")
    page.get_by_label("Preferred table size").fill("4")
    page.get_by_label("Smallest table").fill("4")
    page.get_by_label("Largest table").fill("4")
    create_the_event(page)
    event = Event.objects.get(name="Tuesday Swiss")
    assert (event.rounds, event.table_size, event.table_max) == (3, 4, 4)
    page.get_by_role("button", name="Register").click()
    page.get_by_role("button", name="Withdraw").wait_for()
    # Five players join the club and register, with JavaScript off.
    join_and_register_without_js(browser, live_server, event, players)
    assert event.entries.count() == 6
    # The organizer starts it: six players at two tables of four, two bots.
    page.goto(f"{live_server.url}/tournaments/{event.pk}/manage/")
    page.get_by_role("button", name="Start the event (seat round 1)").click()
    first = Round.objects.get(event=event, number=1)
    assert first.status == Round.PLAYING
    assert first.tables.count() == 2
    # A player sees their table and goes to their game in one click, without JavaScript.
    context = logged_in(browser, live_server, players[0], java_script_enabled=False)
    mine = context.new_page()
    mine.goto(f"{live_server.url}{event.get_absolute_url()}")
    seat = first.tables.get(seats__entry__user=players[0]).seats.get(entry__user=players[0])
    your_table = mine.locator(".your-table").inner_text()
    assert f"{seat.table.number}, seat {seat.position + 1}" in your_table
    mine.get_by_role("link", name="Go to your game").click()
    assert mine.url.endswith(seat.table.table.get_absolute_url())
    mine.goto("about:blank")  # its page would reload itself all through the games
    for number_ in (1, 2, 3):
        let_bots_play(Round.objects.get(event=event, number=number_), staff)
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    expected = outlasted_points(event)
    assert len(expected) == 6
    # The standings on the page (JavaScript off) ...
    mine.goto(f"{live_server.url}{event.get_absolute_url()}")
    shoot(mine, "swiss-event-finished")
    rows = mine.locator("table.standings tbody tr")
    assert rows.count() == 6
    shown = {}
    for k in range(6):
        row = rows.nth(k)
        name = row.locator("th").inner_text().split()[0]
        shown[name] = number(row.locator("td").nth(1).inner_text())
    assert shown == pytest.approx(expected)
    context.close()
    # ... and in the CSV export.
    client = Client()
    client.force_login(ann)
    response = client.get(f"/tournaments/{event.pk}/standings.csv")
    table = list(csv.DictReader(io.StringIO(response.content.decode())))
    exported = {row["Player"]: number(row["Points"]) for row in table}
    assert exported == pytest.approx(expected)
    ranks = [int(row["Rank"]) for row in table]
    assert ranks == sorted(ranks)
    organizer.close()
