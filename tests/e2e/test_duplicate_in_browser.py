"""A duplicate round in a real browser: the organizer (JavaScript on) creates a
duplicate event of 4 boards, six players register (bots fill the two empty seats: 2
tables of 4), the round is played to the end (bots play for the people, to keep it
short), and the standings on the page (JavaScript off) and in the CSV match the test's
own matchpoint count from the games' last deals; every board's traveller is shown with
its deck and salt, which match the commitment."""

from __future__ import annotations

import csv
import hashlib
import io
from collections import defaultdict
from typing import Any

import pytest
from django.test import Client

from clubs.models import Club, Membership
from games import services as games
from games.models import Game, GamePlayer
from tests.e2e.club_night import create_the_event
from tests.e2e.test_table_in_browser import logged_in
from tests.games.playing import play_out
from tournaments import services
from tournaments.models import Board, BoardPlay, Event, Round

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def let_bots_play(event: Event, staff: Any) -> None:
    """At table 1, staff let a bot play for every person of each board's game as it is
    dealt; at table 2 the people play the baseline bot's moves themselves (so the two
    tables play the same cards differently). The games play to their end (bots move
    inline in the tests), each finished board deals the table its next, and the last
    board ends the event."""
    for _ in range(200):
        play = (
            BoardPlay.objects.filter(board__round__event=event, game__status=Game.PLAYING)
            .select_related("table", "game")
            .order_by("board__number", "table__number")
            .first()
        )
        if play is None:
            return
        if play.table.number == 2:
            play_out(play.game)
            services.sweep()
            continue
        for player in GamePlayer.objects.filter(game=play.game_id, user__isnull=False):
            game = Game.objects.get(pk=play.game_id)
            if not game.in_play:
                break
            games.replace_with_bot(
                game_id=game.pk, by=staff, position=player.position, expected_seq=game.seq
            )
        # Should a bot's move be refused (SQLite busy with a page the live server is
        # serving), the chain stops: do what beat's sweep would.
        while (game := Game.objects.get(pk=play.game_id)).in_play:
            games.play_for_bot(game_id=game.pk, expected_seq=game.seq)
        services.sweep()
    raise AssertionError("the boards did not end")


def percentages(event: Event) -> dict[str, float]:
    """The test's own count: on each board, each player's seat compared with the same
    seat at the other table from the game's last deal (fewer lives lost, then a higher
    hand, wins 1; equal ½), over the most they could have had."""
    results: dict[tuple[int, int], list[tuple[str | None, tuple[int, float]]]] = defaultdict(list)
    for play in BoardPlay.objects.filter(board__round__event=event).select_related("board"):
        last = Game.objects.get(pk=play.game_id).engine_state().last_round
        players = {p.position: p for p in GamePlayer.objects.filter(game=play.game_id)}
        for seat in range(4):
            # The person who sat there (a bot took over their moves, not their seat).
            user = players[seat].user
            key = (-last.lives_lost[seat], float(last.values[seat] or 0))
            results[play.board.number, seat].append((user.username if user else None, key))
    points: dict[str, float] = defaultdict(float)
    boards: dict[str, int] = defaultdict(int)
    for group in results.values():
        assert len(group) == 2
        for name, key in group:
            if name is None:
                continue
            boards[name] += 1
            for other, theirs in group:
                if other is not name:
                    points[name] += 1 if key > theirs else 0.5 if key == theirs else 0
    return {name: round(points[name] / boards[name] * 100, 1) for name in boards}


def test_a_duplicate_round_from_the_form_to_the_travellers(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any, shoot: Any
) -> None:
    staff = django_user_model.objects.create_user("sam", password="x" * 12, is_staff=True)
    players = [django_user_model.objects.create_user(f"p{k}") for k in range(1, 6)]
    club = Club.objects.create(name="Kitchen Club", slug="kitchen-club")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    for player in players:
        Membership.objects.create(club=club, user=player)
    organizer = logged_in(browser, live_server, ann)
    page = organizer.new_page()
    page.goto(f"{live_server.url}/clubs/kitchen-club/")
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name").fill("Duplicate night")
    page.get_by_label("Format").select_option("duplicate")
    page.get_by_label("Rounds:", exact=True).fill("1")
    page.get_by_label("Boards a round").fill("4")
    page.get_by_label("Preferred table size").fill("4")
    page.get_by_label("Smallest table").fill("4")
    page.get_by_label("Largest table").fill("4")
    create_the_event(page)
    event = Event.objects.get(name="Duplicate night")
    assert (event.format, event.rounds, event.boards) == (Event.DUPLICATE, 1, 4)
    page.get_by_role("button", name="Register").click()
    page.get_by_role("button", name="Withdraw").wait_for()
    for player in players:
        services.register(event=event, user=player)
    page.goto(f"{live_server.url}/tournaments/{event.pk}/manage/")
    page.get_by_role("button", name="Start the event (seat round 1)").click()
    page.wait_for_url(f"**/tournaments/{event.pk}/manage/")
    round_ = Round.objects.get(event=event, number=1)
    assert round_.status == Round.PLAYING
    assert [t.seats.count() for t in round_.tables.all()] == [4, 4]
    # The event page shows the boards' commitments only, and where each table is.
    page.goto(f"{live_server.url}{event.get_absolute_url()}")
    for board in Board.objects.filter(round=round_):
        assert board.commitment in page.content()
        assert board.deck not in page.content()
    assert page.get_by_text("Table 1: board 1 of 4").is_visible()
    page.goto("about:blank")  # its socket would re-render through every move
    let_bots_play(event, staff)
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    expected = percentages(event)
    assert len(expected) == 6
    # The standings on the page, JavaScript off ...
    context = logged_in(browser, live_server, players[0], java_script_enabled=False)
    mine = context.new_page()
    mine.goto(f"{live_server.url}{event.get_absolute_url()}")
    shoot(mine, "duplicate-event-finished")
    rows = mine.locator("table.standings tbody tr")
    assert rows.count() == 6
    shown = {}
    for k in range(6):
        row = rows.nth(k)
        name = row.locator("th").inner_text().split()[0]
        shown[name] = float(row.locator("td").nth(1).inner_text())
    assert shown == pytest.approx(expected)
    # ... every board's traveller, with its deck and salt matching the commitment ...
    assert mine.locator("table.traveller").count() == 4
    for board in Board.objects.filter(round=round_):
        assert board.deck in mine.content() and board.salt in mine.content()
        digest = hashlib.sha256(f"{board.salt}:{board.deck}".encode()).hexdigest()
        assert digest == board.commitment
    context.close()
    # ... and in the CSV export.
    client = Client()
    response = client.get(f"/tournaments/{event.pk}/standings.csv")
    table = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert {row["Player"]: float(row["Percentage"]) for row in table} == pytest.approx(expected)
    organizer.close()
