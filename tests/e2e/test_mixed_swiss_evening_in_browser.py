"""A mixed evening in real browsers (docs/club-night.md#the-evening-tested): a
twelve-player Swiss of three rounds, each with three tables played with real cards and
one online. The organizer (JavaScript on, 1366×768) ticks the card tables of round 1 on
the manage page, finds them ticked again in rounds 2 and 3, and starts each round; at
each card table one seated player enters the result from a 390×844 phone with JavaScript
off, following the call at the top of their page, and another confirms it from theirs;
one result is disputed and the organizer settles it from the console. The online table's
players play their game through the game services. The standings on the page and in the
CSV equal the test's own count from the places it entered and the places the online
games gave. Screenshots in tests/e2e/output/."""

from __future__ import annotations

import csv
import io
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

from games.models import GamePlayer, RuleSet
from tests.e2e.club_night import card_swiss, kitchen_club
from tests.e2e.conftest import PHONE, goto_past_reloads
from tests.e2e.test_table_in_browser import logged_in
from tests.games.playing import play_out
from tests.tournaments.cards.test_card_tables import outlasted
from tournaments import services as events
from tournaments.models import CardResult, Event, Round, RoundTable
from tournaments.words import ordinal

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
WAIT = 30_000  # ms: generous, the machine is shared
# Each card table's places by seat, a different one each time (ties below 1st as the
# engine gives them; these rules have one winner).
PLACES = [[1, 2, 3], [3, 1, 2], [2, 3, 1], [1, 2, 2]]
DISPUTED = (2, 2)  # round 2, table 2: the second player enters other places


def seated(table: RoundTable) -> list[Any]:
    return [s.entry.user for s in table.seats.select_related("entry__user").order_by("position")]


def click_and_wait(page: Any, name: str, then: str) -> None:
    """Press the button `name` and wait for the page it leads to to say `then`."""
    page.get_by_role("button", name=name).click()
    page.get_by_text(then).first.wait_for(timeout=WAIT)


def follow_call(page: Any, base: str, event: Event, call: str, shoot: Any = None) -> None:
    """On their phone, the player opens the event's page and follows the call at the top.

    From a blank page: the phone's last page (a result form, without JavaScript) reloads
    itself (its meta refresh), and a reload that fell due while the event's page was on
    its way interrupted that navigation; leaving for about:blank takes no time."""
    page.goto("about:blank")
    page.goto(f"{base}{event.get_absolute_url()}")
    if shoot is not None:
        shoot(page, "mixed-swiss-card-call")
    page.locator("#calls").get_by_role("link", name=re.compile(re.escape(call))).click()
    page.wait_for_url("**/results/*/")


def enter_places(page: Any, places: list[int], button: str) -> None:
    for position, place in enumerate(places):
        page.select_option(f"#place-{position}", str(place))
    page.get_by_role("button", name=button).click()


def table_text(page: Any) -> dict[str, str]:
    """The console's tables: each table's heading ("Table 2") to its state's words."""
    names = page.locator(".console-table h3").all_inner_texts()
    states = page.locator(".console-table__state").all_inner_texts()
    return dict(zip(names, states, strict=True))


def test_a_mixed_swiss_evening_from_phones_without_javascript(
    browser: Any, live_server: Any, ann: Any, presets: None, django_user_model: Any, shoot: Any
) -> None:
    base = live_server.url
    club, players = kitchen_club(ann, django_user_model.objects, "m", 12)
    # One life: the online table's game is short (the card tables' results are entered).
    one_life = RuleSet.objects.create(name="One life", preset="scat", changes={"lives": 1})
    event = card_swiss(club, ann, one_life, Event.MIXED, 3, name="Mixed Swiss")
    for user in players:
        events.register(event=event, user=user)
    organizer = logged_in(browser, live_server, ann, viewport=LAPTOP)
    console = organizer.new_page()
    manage = f"{base}/tournaments/{event.pk}/manage/"
    goto_past_reloads(console, manage)
    click_and_wait(console, "Start the event (seat round 1)", "round 1 is seated")
    phones: dict[int, Any] = {}

    def phone(user: Any) -> Any:
        """The player's phone: one page each, JavaScript off, kept all evening."""
        if user.pk not in phones:
            context = logged_in(
                browser, live_server, user, viewport=PHONE, java_script_enabled=False
            )
            phones[user.pk] = context.new_page()
        return phones[user.pk]

    expected: dict[str, float] = defaultdict(float)

    def count(table: RoundTable, places: list[int]) -> None:
        for user, points in zip(seated(table), outlasted(places), strict=True):
            expected[user.get_username()] += points

    for number in (1, 2, 3):
        round_ = Round.objects.get(event=event, number=number)
        # The organizer ticks tables 1 to 3 of round 1 and starts it; a later round
        # comes with the round before's card tables ticked (the decks stay on them).
        goto_past_reloads(console, manage)
        boxes = [console.locator(f"#cards-{n}") for n in (1, 2, 3, 4)]
        if number == 1:
            for box in boxes[:3]:
                box.check()
            click_and_wait(console, "Save the card tables", "Round 1: tables 1, 2, 3 play with")
        else:
            assert f"Ticked as in round {number - 1}" in console.inner_text("main")
        assert [box.is_checked() for box in boxes] == [True, True, True, False]
        click_and_wait(console, f"Start round {number} now", f"Round {number} has started.")
        tables = list(round_.tables.order_by("number"))
        assert [t.cards for t in tables] == [True, True, True, False]
        for k, table in enumerate(tables[:3]):
            sitting = seated(table)
            places = PLACES[(number + k) % 4]
            first, second = sitting[(number + k) % 3], sitting[(number + k + 1) % 3]
            seat = sitting.index(first) + 1
            mine = phone(first)
            follow_call(
                mine,
                base,
                event,
                f"Round {number}: table {table.number}, seat {seat}, with cards",
                shoot if (number, table.number) == (1, 1) else None,
            )
            assert mine.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
            enter_places(mine, places, "Submit the result")
            mine.get_by_text("Saved: waiting for another player").wait_for(timeout=WAIT)
            if (number, table.number) == (1, 1):
                shoot(mine, "mixed-swiss-result-pending")
            theirs = phone(second)
            follow_call(
                theirs, base, event, f"Round {number}, table {table.number}: confirm the result"
            )
            if (number, table.number) == DISPUTED:
                # They remember it otherwise: both versions go to the organizer.
                other = places[1:] + places[:1]
                enter_places(theirs, other, "Submit the result")
                theirs.get_by_text("Your result differs").wait_for(timeout=WAIT)
                assert set(table.card_results.values_list("status", flat=True)) == {
                    CardResult.DISPUTED
                }
                # The console: table 1 confirmed, 2 disputed with both versions, 3 not
                # reported yet, 4 played online.
                goto_past_reloads(console, manage)
                shown = table_text(console)
                summary = console.locator(".console-summary").inner_text()
                assert summary == (
                    "Round 2 started 0 min ago. Not finished: table 2 (disputed), "
                    "table 3 (no result yet), table 4 (playing)."
                )
                assert shown["Table 1"].startswith("cards: confirmed")
                assert shown["Table 2"].startswith("cards: disputed")
                names = [u.get_username() for u in sitting]
                assert f"{names[0]} {ordinal(places[0])}" in shown["Table 2"]
                assert f"{names[0]} {ordinal(other[0])}" in shown["Table 2"]
                assert "cards: no result yet (0 min)" in shown["Table 3"]
                assert "playing" in shown["Table 4"]
                shoot(console, "mixed-swiss-console-disputed")
                # The organizer settles it: the second version was right.
                console.get_by_role("link", name="Settle it on the result page").click()
                console.wait_for_url("**/results/*/")
                console.get_by_label("Reason (kept in the record)").fill("Asked the table")
                enter_places(console, other, "Record this result")
                console.get_by_text("The result is recorded.").first.wait_for(timeout=WAIT)
                console.get_by_role("link", name="Back to the console").click()
                console.wait_for_url(manage)
                summary = console.locator(".console-summary").inner_text()
                assert "table 2" not in summary and "table 3 (no result yet)" in summary
                places = other
            else:
                theirs.get_by_role("button", name="Confirm this result").click()
                theirs.get_by_text("Confirmed: table").wait_for(timeout=WAIT)
                # The call ends with the result: the bar no longer names the table.
                assert f"table {table.number}" not in theirs.locator("#calls").inner_text()
                if (number, table.number) == (1, 1):
                    shoot(theirs, "mixed-swiss-result-confirmed")
                    # What next: the others still play; the event's page is one link away.
                    assert "Check again" in theirs.inner_text(".card-next")
                    theirs.locator(".breadcrumb a").first.click()
                    theirs.wait_for_url(f"**{event.get_absolute_url()}")
            recorded = CardResult.objects.get(round_table=table, status=CardResult.CONFIRMED)
            assert recorded.places == places
            count(table, places)
        # The online table's players play their game through the game services.
        online = tables[3]
        play_out(online.game)
        game_places = list(
            GamePlayer.objects.filter(game=online.game)
            .order_by("position")
            .values_list("place", flat=True)
        )
        count(online, game_places)
        round_.refresh_from_db()
        assert round_.status == Round.FINISHED
    event.refresh_from_db()
    assert event.status == Event.FINISHED
    assert len(expected) == 12

    # The standings, on a phone without JavaScript, and the CSV it downloads.
    page = phone(players[0])
    page.goto(f"{base}{event.get_absolute_url()}")
    shoot(page, "mixed-swiss-standings")
    header = [h.strip() for h in page.locator("table.standings thead th").all_text_contents()]
    column = header.index("Points")
    shown_points = {}
    for row in page.locator("table.standings tbody tr").all():
        cells = [c.strip() for c in row.locator("th, td").all_text_contents()]
        shown_points[cells[header.index("Player")].split()[0]] = float(cells[column])
    assert shown_points == pytest.approx(dict(expected))
    with page.expect_download() as download:
        page.get_by_role("link", name="Standings as CSV").click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text())))
    assert {r["Player"]: float(r["Points"]) for r in rows} == pytest.approx(dict(expected))
    assert {r["Standings"] for r in rows} == {"final"}
    for context in {p.context for p in phones.values()}:
        context.close()
    organizer.close()
