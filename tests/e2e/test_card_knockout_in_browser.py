"""A balanced knockout played with real cards (docs/club-night.md#knockouts-with-cards,
docs/club-night.md#the-evening-tested), in a real browser: each deal's lives lost
entered on a table's result page from a player's 390×844 phone with JavaScript off and
confirmed from another player's, deal after deal, every phone finding its next table by
the page's links; the balancing breaks a table and moves its players, and the event is
played to its winner. Screenshots in tests/e2e/output/; axe-core finds nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from games.models import RuleSet
from tests.e2e.club_night import kitchen_club
from tests.e2e.conftest import PHONE, goto_past_reloads
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services as events
from tournaments.models import Event, KnockoutMove, KnockoutPlayer, Round, RoundSeat, RoundTable
from tournaments.words import ordinal

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Ten players with two lives at tables of four: deal 1 at tables of 4, 3 and 3; a
# table breaks after deal 2 and again after deal 3 (the final table); deal 4 has the
# winner. A few more in case: the loop fails rather than run on.
MOST_DEALS = 6


def card_knockout(ann: Any, club: Any, players: list[Any], table_size: int) -> Event:
    """A balanced knockout at card tables, two lives and no county, started."""
    rules = RuleSet.objects.create(
        name="Two lives", preset="scat", changes={"lives": 2, "county": False}
    )
    event = events.create_event(
        club=club,
        by=ann,
        name="Knockout with cards",
        format=Event.KNOCKOUT,
        rule_set=rules,
        starts_at=timezone.now() + timedelta(hours=1),
        venue=Event.CARDS,
        bots_fill=False,
        table_size=table_size,
        table_min=3,
        table_max=table_size,
        turn_timer=0,
    )
    for user in players:
        events.register(event=event, user=user)
    events.start_event(event=event, by=ann)
    return event


def test_a_card_deal_from_two_phones_without_javascript(
    browser: Any, live_server: Any, ann: Any, presets: None, django_user_model: Any, shoot: Any
) -> None:
    club, players = kitchen_club(ann, django_user_model.objects, "deal", 6)
    event = card_knockout(ann, club, players, 3)
    table = Round.objects.get(event=event, number=1).tables.get(number=1)
    seats = seated(table)
    url = f"{live_server.url}{result_path(table)}"

    one = logged_in(
        browser, live_server, seats[0].entry.user, viewport=PHONE, java_script_enabled=False
    )
    page = one.new_page()
    page.goto(url)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, "card-deal-result-empty")
    for k, seat in enumerate(seats):
        page.select_option(f"#lost-{seat.position}", "1" if k == 0 else "0")
    page.click("text=Submit the result")
    assert "Waiting for another player at the table to confirm" in page.inner_text("main")
    one.close()

    two = logged_in(browser, live_server, seats[1].entry.user, viewport=PHONE)
    page = two.new_page()
    page.goto(url)
    assert "lost 1 life" in page.inner_text("main")
    assert axe_violations(page) == []
    page.click("text=Confirm this result")
    assert "The result is recorded" in page.inner_text("main")
    # The other table has not played deal 1 yet: the page says so and how to look again.
    assert "Table 2 is still playing deal 1" in page.inner_text(".card-next")
    shoot(page, "card-deal-result-confirmed")
    # Reloaded: the flashed message's list is base.html's (its role is checked there).
    page.goto(url)
    assert axe_violations(page) == []
    two.close()
    assert [s.lives_lost for s in table.seats.order_by("position")] == [1, 0, 0]


# ---- a whole knockout, deal by deal ----------------------------------------------------


def result_path(table: RoundTable) -> str:
    return reverse("tournaments:card_result", args=[table.round.event_id, table.pk])


def seated(table: RoundTable) -> list[RoundSeat]:
    return list(table.seats.select_related("entry__user").order_by("position"))


def thirty_one_shown(table: RoundTable, seats: list[RoundSeat]) -> dict[int, int]:
    """The deal at `table`, by seat position: the player after the dealer shows 31, and
    every other player loses a life."""
    positions = [s.position for s in seats]
    after = [p for p in positions if p > (table.dealer or 0)] or positions
    return {p: 0 if p == after[0] else 1 for p in positions}


def arrive(page: Any, live_server: Any, event: Event, table: RoundTable) -> Any:
    """Bring a player's phone (JavaScript off) to `table`'s result page as a player
    would, typing no address but the event's: a phone that has not been here yet opens
    the event page and follows "Enter the result"; one left open on this page is
    reloaded; one left on another result page follows that page's links ("Check again",
    "Enter deal n's result"), a page without JavaScript being pushed nothing."""
    path = result_path(table)
    if page.url == "about:blank":
        page.goto(f"{live_server.url}{event.get_absolute_url()}")
        page.locator(".your-table").get_by_role("link", name="Enter the result").click()
    elif page.url.endswith(path):
        page.reload()
    else:
        for _ in range(4):
            page.locator(".card-next, .card-waiting").get_by_role("link").click()
            page.wait_for_load_state()
            if page.url.endswith(path):
                break
    page.wait_for_url(f"**{path}")
    return page


def test_a_knockout_at_card_tables_is_played_to_its_winner_from_phones(
    browser: Any, live_server: Any, ann: Any, presets: None, django_user_model: Any, shoot: Any
) -> None:
    club, players = kitchen_club(ann, django_user_model.objects, "k", 10)
    event = card_knockout(ann, club, players, 4)
    # Every player's phone, JavaScript off, each in a context of its own, kept all evening.
    phones = {
        u.pk: logged_in(
            browser, live_server, u, viewport=PHONE, java_script_enabled=False
        ).new_page()
        for u in players
    }
    console = logged_in(browser, live_server, ann, viewport=PHONE).new_page()
    manage = f"{live_server.url}/tournaments/{event.pk}/manage/"
    breaks: list[int] = []
    for n in range(1, MOST_DEALS + 1):
        deal = Round.objects.get(event=event, number=n)
        tables = list(deal.tables.order_by("number"))
        lives = dict(
            KnockoutPlayer.objects.filter(event=event, out_deal__isnull=True).values_list(
                "entry_id", "lives"
            )
        )
        entered: dict[int | None, int] = {}
        for k, table in enumerate(tables):
            seats = seated(table)
            lost = thirty_one_shown(table, seats)
            entered.update((s.entry_id, lost[s.position]) for s in seats)
            # A different pair of the table's players enters and confirms each deal.
            submitter = seats[n % len(seats)].entry.user  # type: ignore[union-attr]
            confirmer = seats[(n + 1) % len(seats)].entry.user  # type: ignore[union-attr]
            page = arrive(phones[submitter.pk], live_server, event, table)
            main = page.inner_text("main")
            assert f"Table {table.number}, deal {n}" in main and "No result yet" in main
            for seat in seats:
                page.select_option(f"#lost-{seat.position}", str(lost[seat.position]))
            if n == 1 and k == 0:
                assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
                shoot(page, "card-knockout-deal-entered")
            page.get_by_role("button", name="Submit the result").click()
            expect(page.locator("main")).to_contain_text(
                "waiting for another player at the table to confirm"
            )  # waits for the answer; inner_text() would read the page before it
            assert page.locator(".card-waiting").get_by_role("link").inner_text() == "Check again"
            page = arrive(phones[confirmer.pk], live_server, event, table)
            page.get_by_role("button", name="Confirm this result").click()
            page.wait_for_load_state()
            said = page.inner_text("main")
            assert f"Confirmed: table {table.number}'s result is recorded." in said
            if k < len(tables) - 1:  # the others still play: which, and to look again
                later = ", ".join(str(t.number) for t in tables[k + 1 :])
                assert f"still playing deal {n}" in page.inner_text(".card-next")
                assert later.split(", ")[-1] in page.inner_text(".card-next")
                assert page.get_by_role("link", name="Check again").is_visible()
            if n == 1 and k == len(tables) - 2:
                # The organizer's console while the last table has not reported.
                goto_past_reloads(console, manage)
                text = console.inner_text("#console-live")
                assert text.count("cards: confirmed") == len(tables) - 1
                assert text.count("cards: no result yet") == 1
                assert f"Not finished: table {tables[-1].number} (no result yet)." in text
                # (axe checks a console of card tables in test_card_tables_in_browser.)
                shoot(console, "card-knockout-console-waiting")
        # The deal is over: lives carried, out at none left.
        for player in KnockoutPlayer.objects.filter(event=event, entry_id__in=lives):
            assert player.lives == lives[player.entry_id] - entered[player.entry_id]
            assert (player.out_deal == n) == (player.lives == 0)
        event.refresh_from_db()
        if event.status == Event.FINISHED:
            break
        following = Round.objects.get(event=event, number=n + 1)
        moves = list(KnockoutMove.objects.filter(event=event, after_deal=n))
        broken = {m.from_table for m in moves if m.reason == KnockoutMove.BREAK}
        if broken:
            breaks.append(n)
            # The moved players' phones are read at the first break (the second only
            # forms the final table: its mover's phone follows the link to play on).
            looked_at = phones if not breaks[:-1] else {}
            check_the_break(live_server, event, tables, following, moves, broken, looked_at)
            goto_past_reloads(console, manage)  # the console lists the tables kept, the broken gone
            assert f"Deal {n + 1}: the tables" in console.inner_text("#console-live")
            kept = sorted(following.tables.values_list("number", flat=True))
            headings = console.locator(".console-table h3").all_inner_texts()
            assert headings == [f"Table {k}" for k in kept]
            if len(breaks) == 1:  # the broken table's page, as a player who moved reads it
                (gone,) = broken
                old = result_path(next(t for t in tables if t.number == gone))
                moved = next(m for m in moves if m.from_table == gone)
                phones[moved.entry.user_id].goto(f"{live_server.url}{old}")
                shoot(phones[moved.entry.user_id], "card-knockout-table-broke")
                console.goto(f"{live_server.url}{old}")  # as the organizer reads it
                assert "This table is closed" in console.inner_text(".card-notes")
                assert "Back to the console" in console.inner_text(".card-next")
                assert axe_violations(console) == []
    else:
        pytest.fail(f"no winner after {MOST_DEALS} deals")
    assert breaks == [2, 3]
    # The event is over: the winner's phone says so and leads to the final standings.
    (winner,) = KnockoutPlayer.objects.filter(event=event, place=1).select_related("entry")
    page = phones[winner.entry.user_id]
    page.reload()
    step = page.inner_text(".card-next")
    assert "You won the event." in step
    page.locator(".card-next").get_by_role("link", name="See the final standings").click()
    page.wait_for_url(f"**{event.get_absolute_url()}")
    assert "Finished: the places are final." in page.inner_text("main")
    # A player out on deal 2, back on the last page they played: their place.
    out = KnockoutPlayer.objects.filter(event=event, out_deal=2).order_by("entry_id").first()
    assert out is not None and out.place is not None
    sharing = KnockoutPlayer.objects.filter(event=event, place=out.place).count()
    place = ("=" if sharing > 1 else "") + ordinal(out.place)
    page = phones[out.entry.user_id]
    played = RoundTable.objects.get(round__event=event, round__number=2, seats__entry=out.entry)
    page.goto(f"{live_server.url}{result_path(played)}")
    assert f"You went out on deal 2: {place} of 10." in page.inner_text(".card-next")


def check_the_break(
    live_server: Any,
    event: Event,
    tables: list[RoundTable],
    following: Round,
    moves: list[KnockoutMove],
    broken: set[int],
    phones: dict[int, Any],
) -> None:
    """After a deal whose balancing broke a table: the moved players sit where the moves
    say in the next deal, the broken table plays no more, and each moved player's phone
    (of `phones`) leads to their new table's result page, from the broken table's page
    and from the event page alike."""
    now = {t.number: t for t in following.tables.all()}
    assert not broken & set(now)
    for move in moves:
        seat = RoundSeat.objects.select_related("table").get(
            table__round=following, entry_id=move.entry_id
        )
        assert (seat.table.number, seat.position) == (move.to_table, move.to_seat)
        new_page = result_path(seat.table)
        phone = phones.get(move.entry.user_id)
        if phone is None:
            continue
        # From the result page of the deal just played at the table they leave.
        old = next(t for t in tables if t.number == move.from_table)
        phone.goto(f"{live_server.url}{result_path(old)}")
        if move.from_table in broken:
            assert "This table is closed" in phone.inner_text(".card-notes")
        step = phone.locator(".card-next")
        where = f"table {move.to_table}, seat {move.to_seat + 1}"
        assert f"Deal {following.number}: you move to {where}." in step.inner_text()
        link = step.get_by_role("link", name=f"Enter deal {following.number}'s result")
        assert link.get_attribute("href") == new_page
        # From the event page: their table for the next deal, with its result page.
        phone.goto(f"{live_server.url}{event.get_absolute_url()}")
        mine = phone.locator(".your-table")
        assert f"Your table for deal {following.number}: {move.to_table}, seat" in (
            mine.inner_text()
        )
        assert mine.get_by_role("link", name="Enter the result").get_attribute("href") == (new_page)
        # The table they join tells who arrived from where.
        phone.goto(f"{live_server.url}{new_page}")
        assert f"you arrived from table {move.from_table}" in phone.inner_text(".card-notes")
