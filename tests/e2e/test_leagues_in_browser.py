"""A club's league in a browser without JavaScript (docs/tournaments.md#leagues): six finished
card-table events and a best-4 league over them; its page (counted and dropped results
marked in words), its printed sheet and the club's list as a member reads them, the
form and the delete question as the organizer does. Each at a phone's and a laptop's
size: its key words shown, nothing wider than the window, axe-core finding nothing
(tests/e2e/pages_without_js.py). Screenshots go to /tmp/shots/ (SHOTS_DIR names another
folder), to look at."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.e2e.pages_without_js import check_pages
from tests.tournaments.conftest import club, make_event, members  # noqa: F401
from tests.tournaments.test_leagues import PLACES, best_four, card_event

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_league_pages_without_javascript(
    browser: Any,
    live_server: Any,
    ann: Any,
    club: Any,  # noqa: F811
    members: list[Any],  # noqa: F811
    make_event: Any,  # noqa: F811
) -> None:
    users = {u.username: u for u in members}
    six = [card_event(make_event, ann, users, places, k) for k, places in enumerate(PLACES)]
    league = best_four(club, ann, six)
    args = [club.slug, league.pk]
    table_words = ["Thursday league 2027", "dropped", "not yet ranked (2 of 3 events)", "Ties:"]
    readers = [
        (
            members[0],
            {
                "league": (league.get_absolute_url(), [*table_words, "Projector view"]),
                "league-print": (reverse("tournaments:league_print", args=args), table_words),
                "leagues": (reverse("tournaments:leagues", args=[club.slug]), [league.name]),
            },
        ),
        (
            ann,
            {
                "league-form": (
                    reverse("tournaments:league_edit", args=args),
                    ["Points per place", "Results counted", "Events to be ranked", "Thursday 6"],
                ),
                "league-delete": (
                    reverse("tournaments:league_delete", args=args),
                    ["Delete the league?", "Yes, delete the league"],
                ),
            },
        ),
    ]
    check_pages(browser, live_server, readers, shot_prefix="league-")
