"""A table's life in a real browser: the host closes it (and a seated player's page
shows it within a poll), with JavaScript and without; the lobby turns its pages in
place with htmx, and by plain links without."""

from __future__ import annotations

from typing import Any

import pytest

from games import services
from games.models import Table
from tests.e2e.conftest import DESKTOP, PHONE
from tests.e2e.test_table_in_browser import logged_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("js", [True, False], ids=["js", "no-js"])
def test_the_host_closes_the_table_and_a_seated_player_sees_it(
    browser: Any, live_server: Any, ann: Any, bob: Any, scat: Any, shoot: Any, js: bool
) -> None:
    table = services.create_table(owner=ann, name="Closing time", rule_set=scat, seat_count=3)
    services.join_table(table=table, user=bob)
    url = f"{live_server.url}{table.get_absolute_url()}"
    host = logged_in(browser, live_server, ann, java_script_enabled=js, viewport=DESKTOP)
    player = logged_in(browser, live_server, bob, java_script_enabled=js, viewport=PHONE)
    try:
        host_page, player_page = host.new_page(), player.new_page()
        host_page.goto(url)
        player_page.goto(url)
        host_page.locator("summary", has_text="Close the table").click()
        shoot(host_page, "close-table-confirm")
        host_page.locator("button", has_text="Close the table").click()
        host_page.wait_for_selector(".table-closed")
        assert Table.objects.get(pk=table.pk).is_closed
        assert host_page.locator("summary", has_text="Close the table").count() == 0
        # The player's page refreshes itself (htmx's poll, or the meta refresh).
        player_page.wait_for_selector(".table-closed", timeout=10_000)
        assert player_page.get_by_text("The host closed the table.").count()
        assert player_page.locator("button", has_text="Take a seat").count() == 0
        shoot(player_page, "closed-table")
    finally:
        host.close()
        player.close()


@pytest.mark.parametrize("js", [True, False], ids=["js", "no-js"])
def test_the_lobby_turns_its_pages(
    browser: Any, live_server: Any, bob: Any, scat: Any, shoot: Any, js: bool
) -> None:
    for number in range(25):
        services.create_table(owner=bob, name=f"Table {number:02}", rule_set=scat)
    context = browser.new_context(java_script_enabled=js, viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/")
        assert page.locator(".table-card").count() == 20
        page.locator("a[rel=next]").click()
        page.wait_for_url(f"{live_server.url}/?page=2")
        page.wait_for_selector("text=Page 2 of 2")
        assert page.locator(".table-card").count() == 5
        assert page.get_by_text("Table 04").count() and not page.get_by_text("Table 05").count()
        shoot(page, "lobby-page-2")
        page.locator("a[rel=prev]").click()
        page.wait_for_url(f"{live_server.url}/")
        page.wait_for_selector("text=Page 1 of 2")
        assert page.get_by_text("Table 24").count()
    finally:
        context.close()
