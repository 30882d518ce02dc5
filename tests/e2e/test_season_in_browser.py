"""A club's season in a real browser: one finished event of every format (Swiss,
balanced knockout, top-2 knockout, duplicate) in one club, and the season page, with
JavaScript off and on, as a phone and a desktop see it, lists every player with the
events they played and the points each format gave them (docs/tournaments.md#the-season)."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_table_in_browser import logged_in
from tests.tournaments.conftest import club  # noqa: F401  (the Kitchen Club)
from tests.tournaments.test_formats import one_of_each
from tests.tournaments.test_knockout import field, quick  # noqa: F401
from tests.tournaments.test_knockout import make_event as make_any_event  # noqa: F401
from tournaments import season
from tournaments.formats import FORMATS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


class Capture:
    """On-commit hooks run at once on a transactional test database: a stand-in for
    django_capture_on_commit_callbacks that the shared helpers take."""

    def __call__(self, execute: bool = True) -> Any:
        return contextlib.nullcontext()


def test_the_season_page_of_a_club_with_every_format(
    browser: Any,
    live_server: Any,
    shoot: Any,
    make_any_event: Any,  # noqa: F811
    quick: Any,  # noqa: F811
    field: list[Any],  # noqa: F811
) -> None:
    ann = field[0]
    made = one_of_each(make_any_event, ann, field, quick, Capture())
    # Every format but the team battle, whose season is its players' own points as a
    # Swiss event's (tests/tournaments/formats/team_battle/test_team_battle.py).
    assert sorted(e.format for e in made) == sorted(set(FORMATS) - {"teams"})
    rows = season.season(made[0].club, made[0].started_at.year).rows
    for java_script in (False, True):
        context = logged_in(browser, live_server, field[3], java_script_enabled=java_script)
        page = context.new_page()
        page.goto(f"{live_server.url}/clubs/kitchen/season/")
        assert page.get_by_role("heading", level=1).inner_text() == (
            f"Kitchen Club: season {made[0].started_at.year}"
        )
        body = page.locator("table.standings tbody tr")
        assert body.count() == len(rows) == 8
        for k, row in enumerate(rows):
            cells = body.nth(k).locator("td, th").all_inner_texts()
            assert cells[1] == row.name
            assert cells[2] == str(row.events)  # events played, of every format
            assert float(cells[4]) == pytest.approx(row.points, abs=0.005)
        # Every player of the eight sat in the knockouts: four events for the six who
        # also played the Swiss and the duplicate event.
        assert sorted(row.events for row in rows) == [2, 2, 4, 4, 4, 4, 4, 4]
        assert "Left out" not in page.content()
        if java_script:  # axe runs in the page: it needs JavaScript
            assert axe_violations(page) == []
            shoot(page, "season-every-format")
        context.close()
