"""A whole knockout in a real browser: the organizer (JavaScript on) creates the club
and a knockout event, twelve players register (two with JavaScript off, in the
browser), the event starts at two tables of six, deal after deal is played (bots play
for the people, to keep it short) through the balancing and the break to the final
table and its last player, and the standings on the page and in the CSV export match
the test's own reading of the games: who went out on which deal, ranked by lives at the
start of that deal and then the hand's value, lives left and tables played at."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest
from django.test import Client

from clubs.models import Membership
from games import services as games
from games.csv_cells import safe_cell
from games.models import Game, GameEvent, GamePlayer, RuleSet
from tests.e2e.club_night import create_the_event, join_and_register_without_js, open_the_club
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services
from tournaments.models import Event, KnockoutMove, Round, RoundTable

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ORDINAL = {1: "st", 2: "nd", 3: "rd"}


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else ORDINAL.get(n % 10, 'th')}"


def let_bots_play(round_: Round, staff: Any) -> None:
    """Staff let a bot play for every person at each table of the deal, which is then
    played to its end (bots move inline); the last table's end starts the next deal."""
    for table in RoundTable.objects.filter(round=round_):
        for player in GamePlayer.objects.filter(game=table.game, user__isnull=False):
            game = Game.objects.get(pk=table.game_id)
            if not game.in_play:
                break
            games.replace_with_bot(
                game_id=game.pk, by=staff, position=player.position, expected_seq=game.seq
            )
        # Should a bot's move be refused (SQLite busy with a page the live server is
        # serving), the chain stops and beat's sweep would go on: do what it does.
        while (game := Game.objects.get(pk=table.game_id)).in_play:
            games.play_for_bot(game_id=game.pk, expected_seq=game.seq)
    services.sweep()  # records a table whose task was lost the same way


def expected_standings(event: Event) -> dict[str, tuple[str, str, int, str]]:
    """The test's own standings from the games alone: name → (place, status, lives
    left, tables played at). A deal's game records each seat's lives at its start
    (game_started); the state at its end says who is out and every hand's value."""
    table_number = {}
    seen: dict[str, list[int]] = {}
    lives_left: dict[str, int] = {}
    places: dict[str, int] = {}
    status: dict[str, str] = {}
    games_by_deal: dict[int, list[Game]] = {}
    for table in RoundTable.objects.filter(round__event=event).select_related("round", "game"):
        games_by_deal.setdefault(table.round.number, []).append(table.game)
        # The games.Table's name ends with its number: "Friday knockout · table 2".
        table_number[table.game_id] = int(table.game.table.name.rsplit(" ", 1)[1])
    still_in = GamePlayer.objects.filter(game__in=games_by_deal[1]).count()
    for deal in sorted(games_by_deal):
        exits = []
        for game in sorted(games_by_deal[deal], key=lambda g: table_number[g.pk]):
            start = GameEvent.objects.get(game=game, kind="game_started").data["lives"]
            state = game.engine_state()
            for player in GamePlayer.objects.filter(game=game).select_related("user"):
                name = player.user.username
                if table_number[game.pk] not in seen.setdefault(name, []):
                    seen[name].append(table_number[game.pk])
                lives_left[name] = state.players[player.position].lives
                if state.players[player.position].out:
                    value = state.last_round.values[player.position]
                    exits.append((name, start[player.position], value))
                    status[name] = f"out on deal {deal}"
        first = still_in - len(exits) + 1
        for name, lives, value in exits:
            places[name] = first + sum((o[1], o[2]) > (lives, value) for o in exits)
        still_in -= len(exits)
    assert still_in == 1
    (winner,) = [name for name in seen if name not in places]
    places[winner], status[winner] = 1, "winner"
    shared = {p: list(places.values()).count(p) for p in places.values()}
    return {
        name: (
            ("=" if shared[places[name]] > 1 else "") + ordinal(places[name]),
            status[name],
            lives_left[name],
            ", ".join(str(n) for n in seen[name]),
        )
        for name in seen
    }


def test_a_knockout_from_two_tables_to_the_final_table_and_its_winner(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any, shoot: Any
) -> None:
    RuleSet.objects.create(name="Quick scat", preset="scat", changes={"lives": 1})
    staff = django_user_model.objects.create_user("sam", password="x" * 12, is_staff=True)
    players = [django_user_model.objects.create_user(f"p{k}") for k in range(1, 12)]
    organizer = logged_in(browser, live_server, ann)
    page = organizer.new_page()
    open_the_club(page, live_server)
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name").fill("Friday knockout")
    page.get_by_label("Format").select_option("knockout")
    page.get_by_label("Rules").select_option(label="Quick scat")
    page.get_by_label("Preferred table size").fill("6")
    page.get_by_label("Smallest table").fill("3")
    page.get_by_label("Largest table").fill("6")
    create_the_event(page)
    event = Event.objects.get(name="Friday knockout")
    assert (event.format, event.table_size) == (Event.KNOCKOUT, 6)
    assert "Knockout" in page.locator(".event-head__club").inner_text()
    page.get_by_role("button", name="Register").click()
    page.get_by_role("button", name="Withdraw").wait_for()
    # Two players join and register in the browser without JavaScript; nine more
    # through the services, to keep the test short.
    join_and_register_without_js(browser, live_server, event, players[:2])
    for player in players[2:]:
        Membership.objects.create(club=event.club, user=player)
        services.register(event=event, user=player)
    assert event.entries.count() == 12
    page.goto(f"{live_server.url}/tournaments/{event.pk}/manage/")
    page.get_by_role("button", name="Start the event (seat round 1)").click()
    page.wait_for_url(f"**/tournaments/{event.pk}/manage/")
    first = Round.objects.get(event=event, number=1)
    assert [t.seats.count() for t in first.tables.all()] == [6, 6]
    # A player (JavaScript off) sees their table and goes to their game in one click:
    # a player of a table still playing deal 1 (a 31 dealt to someone ends that table's
    # deal at once, and its players then wait for the other table: no "your table").
    playing = first.tables.filter(finished_at__isnull=True).first()
    assert playing is not None, "both tables' deals ended on the deal (a 31 dealt at each)"
    seat = playing.seats.select_related("entry__user").first()
    context = logged_in(browser, live_server, seat.entry.user, java_script_enabled=False)
    mine = context.new_page()
    mine.goto(f"{live_server.url}{event.get_absolute_url()}")
    assert "Deal 1 is being played; 12 players are still in." in mine.content()
    your_table = mine.locator(".your-table").inner_text()
    assert f"deal 1: {playing.number}, seat {seat.position + 1}" in your_table
    mine.get_by_role("link", name="Go to your game").click()
    assert mine.url.endswith(playing.table.get_absolute_url())
    mine.goto("about:blank")
    # The deals, to the end; the table page of a moved player says where they came from.
    arrival_checked = False
    for _ in range(200):
        event.refresh_from_db()
        if event.status == Event.FINISHED:
            break
        round_ = event.round_set.order_by("-number").first()
        move = KnockoutMove.objects.filter(event=event, after_deal=round_.number - 1).first()
        if move is not None and not arrival_checked:
            there = RoundTable.objects.get(round=round_, number=move.to_table).table
            mine.goto(f"{live_server.url}{there.get_absolute_url()}")
            notes = mine.locator(".table-notes").inner_text()
            assert f"{move.entry.user.username} arrived from table {move.from_table}" in notes
            shoot(mine, "knockout-table-arrival")
            page.goto(mine.url)  # the organizer's browser runs scripts: axe checks it
            assert axe_violations(page) == []
            page.goto("about:blank")
            mine.goto("about:blank")
            arrival_checked = True
        let_bots_play(round_, staff)
    else:
        raise AssertionError("the knockout did not end")
    assert arrival_checked
    assert KnockoutMove.objects.filter(event=event, reason=KnockoutMove.BREAK).exists()
    last = event.round_set.order_by("-number").first()
    assert last.tables.count() == 1  # the final table
    expected = expected_standings(event)
    assert len(expected) == 12
    # The standings on the page (JavaScript off) ...
    mine.goto(f"{live_server.url}{event.get_absolute_url()}")
    shoot(mine, "knockout-finished")
    page.goto(mine.url)
    assert axe_violations(page) == []
    assert "Finished: the places are final." in mine.content()
    rows = mine.locator("table.knockout-standings tbody tr")
    assert rows.count() == 12
    shown = {}
    for k in range(12):
        row = rows.nth(k)
        cells = row.locator("td")
        name = row.locator("th").inner_text().split()[0]
        shown[name] = (
            cells.nth(0).inner_text().strip(),
            cells.nth(1).inner_text().strip(),
            # "0 (on the county)" for the winner with no life left: the number first.
            int(cells.nth(2).inner_text().split()[0]),
            cells.nth(3).inner_text().strip(),
        )
    assert shown == expected
    context.close()
    # ... and in the CSV export, where a tied place ("=4th") is written as text ("'=4th")
    # so that no spreadsheet reads it as a formula (docs/security.md#csv-files).
    client = Client()
    client.force_login(ann)
    response = client.get(f"/tournaments/{event.pk}/standings.csv")
    table = list(csv.DictReader(io.StringIO(response.content.decode())))
    exported = {
        row["Player"]: (row["Place"], row["Status"], int(row["Lives left"]), row["Tables"])
        for row in table
    }
    assert exported == {
        name: (safe_cell(place), *rest) for name, (place, *rest) in expected.items()
    }
    organizer.close()
