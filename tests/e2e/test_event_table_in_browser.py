"""A knockout's broken table in a real browser, on a phone: it says it is closed and
where its players went, the player who moved in the second person with a link to their
new table, which one click follows (games.notes, tournaments.formats.knockout.pages).
The player who moved is called to their new table from any page, in the second person
("You move to table 2", calls and tournaments.room.seat_calls); someone outside the event is
offered no seat at its tables, and a seat asked for by hand is refused."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from games.models import RuleSet
from tests.e2e.club_night import kitchen_club
from tests.e2e.conftest import OUTPUT, PHONE
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in
from tests.games.playing import play_out
from tournaments import services
from tournaments.models import Event, KnockoutMove, RoundTable

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MOST_DEALS = 300


def test_a_broken_knockout_table_sends_its_player_on_from_a_phone(
    browser: Any, live_server: Any, ann: Any, presets: None, django_user_model: Any, shoot: Any
) -> None:
    club, players = kitchen_club(ann, django_user_model.objects, "player", 6)
    players = [ann, *players]
    quick = RuleSet.objects.create(name="Quick scat", preset="scat", changes={"lives": 1})
    event = services.create_event(
        club=club,
        by=ann,
        name="Friday knockout",
        format=Event.KNOCKOUT,
        rule_set=quick,
        table_size=4,
        table_min=3,
        table_max=4,
        starts_at=timezone.now() + timedelta(hours=1),
        turn_timer=0,
    )
    for user in players:
        services.register(event=event, user=user)
    round_ = services.start_event(event=event, by=ann)  # tables of 4 and 3
    for _ in range(MOST_DEALS):
        if KnockoutMove.objects.filter(event=event, reason=KnockoutMove.BREAK).exists():
            break
        for table in round_.tables.select_related("game"):
            play_out(table.game)
        services.sweep()
        event.refresh_from_db()
        assert event.status != Event.FINISHED, "seven at tables of four break a table first"
        round_ = event.round_set.order_by("-number").first()
    move = (
        KnockoutMove.objects.filter(event=event, reason=KnockoutMove.BREAK)
        .select_related("entry__user")
        .first()
    )
    assert move is not None
    broken = RoundTable.objects.filter(round__event=event, number=move.from_table).first().table
    there = RoundTable.objects.filter(round__event=event, number=move.to_table).first().table
    context = logged_in(browser, live_server, move.entry.user, viewport=PHONE)
    page = context.new_page()
    # Wherever they are (the lobby here), the call at the top leads them on.
    page.goto(f"{live_server.url}/")
    call = page.locator("#calls .call--urgent a")
    assert call.inner_text().startswith(f"You move to table {move.to_table}, seat ")
    box = call.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]
    page.screenshot(path=str(OUTPUT / "event-table-moved-call-phone.png"))
    call.click()
    page.wait_for_url(f"**{there.get_absolute_url()}")
    assert page.locator("#calls .call--urgent").count() == 0, "arrived: the call is over"
    page.goto(f"{live_server.url}{broken.get_absolute_url()}")
    notes = page.locator(".table-notes")
    assert "This table is closed: it broke after deal" in notes.inner_text()
    link = page.get_by_role("link", name=f"You moved to table {move.to_table} →")
    # On a phone the way on is in the first screen, above the last game's table.
    box = link.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"]
    assert "Seats for the next game" not in page.content()
    page.screenshot(path=str(OUTPUT / "event-table-broken-phone-first-screen.png"))
    shoot(page, "event-table-broken")
    assert axe_violations(page) == []
    link.click()
    page.wait_for_url(f"**{there.get_absolute_url()}")
    assert page.locator("h1").inner_text() == there.name
    context.close()

    # Someone outside the event, at each of its tables (kept, broken): no seat offered,
    # and a seat asked for with the table's own form is refused, nothing written.
    outsider = django_user_model.objects.create_user("walkin", password="x" * 12)
    context = logged_in(browser, live_server, outsider, viewport=PHONE)
    page = context.new_page()
    for table in {t.table for t in RoundTable.objects.filter(round__event=event)}:
        page.goto(f"{live_server.url}{table.get_absolute_url()}")
        assert page.get_by_role("button", name="Take a seat").count() == 0, table
        token = next((c["value"] for c in context.cookies() if c["name"] == "csrftoken"), "")
        answer = page.request.post(
            f"{live_server.url}/tables/{table.pk}/seats/",
            form={"action": "join", "csrfmiddlewaretoken": _csrf(page) or token},
            headers={"X-CSRFToken": token},
            max_redirects=0,
        )
        # Heard and answered with the refusal (a failed CSRF check would be a 403).
        assert answer.status == 302, answer.status
        assert not table.seats.filter(user=outsider).exists()
    context.close()


def _csrf(page: Any) -> str:
    """The CSRF token of the page's own forms (any form on it carries one)."""
    return page.evaluate(
        "() => (document.querySelector('[name=csrfmiddlewaretoken]') || {}).value || ''"
    )
