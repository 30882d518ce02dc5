"""The club's year pages in a browser without JavaScript (docs/tournaments.md#entry-conditions,
docs/club-night.md#calling-the-organizer): an event's page listing "Who may enter" and
showing the refusal instead of Register, the console with the entry conditions' form
and an open call to the organizer with its "Answered", a card table's result page with
"Call the organizer", and the call page of an online table. Each at a phone's and a
laptop's size: its key words shown, nothing wider than the window, and axe-core
finding nothing (run, as in tests/e2e/test_fair_play_in_browser.py, where the site's
own scripts are not loaded). Screenshots go to /tmp/shots/ (SHOTS_DIR names another
folder), to look at."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs.models import Club, Membership
from tests.e2e.pages_without_js import Pages, check_pages
from tests.tournaments.test_organizer_calls import players, started
from tournaments import services as events
from tournaments.models import Event
from tournaments.services import organizer_calls
from tournaments.services.conditions import set_entry_conditions

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def build(ann: Any, scat: Any, django_user_model: Any) -> list[tuple[Any, Pages]]:
    """A club's running mixed evening (tables 1-3 with cards, 4 online) with an open
    call at table 2, and an upcoming event for members with 5 rated games: who reads
    which page, and the words each shows."""
    club = Club.objects.create(name="Kitchen Club", slug="kitchen")
    Membership.objects.create(club=club, user=ann, role=Membership.OWNER)
    people = []
    for k in range(1, 13):
        user = django_user_model.objects.create_user(f"c{k}", password="x" * 12)
        Membership.objects.create(club=club, user=user)
        people.append(user)

    def make_event(**options: Any) -> Event:
        options.setdefault("starts_at", timezone.now() + timedelta(hours=1))
        options.setdefault("turn_timer", 0)
        return events.create_event(club=club, by=ann, rule_set=scat, **options)

    round_ = started(make_event, people, ann, name="Tuesday Swiss")
    evening = round_.event
    card_table, called, online = (round_.tables.get(number=n) for n in (1, 2, 4))
    caller = players(called)[0]
    organizer_calls.call_organizer(
        event=evening, table=called, by=caller, reason="dispute", note="Who dealt?"
    )
    later = make_event(name="Thursday Open")
    set_entry_conditions(
        by=ann,
        event_id=later.pk,
        members_only=True,
        rating_min=None,
        rating_max=None,
        min_rated_games=5,
        max_no_shows=2,
        no_show_window=4,
    )
    at_cards, at_online = players(card_table)[0], players(online)[0]
    return [
        (
            ann,
            {
                "console": (
                    reverse("tournaments:manage", args=[evening.pk]),
                    [
                        "Tables calling you",
                        "Who dealt?",
                        "Answered",
                        "Who may enter",
                        "Players already entered stay entered",
                        "Save the entry conditions",
                    ],
                ),
            },
        ),
        (
            at_cards,
            {
                "event-refused": (
                    later.get_absolute_url(),
                    [
                        "Who may enter",
                        "members of Kitchen Club",
                        "This event is for players with at least 5 rated games in Lives "
                        "games: you have 0 rated games there.",
                    ],
                ),
                "card-result": (
                    reverse("tournaments:card_result", args=[evening.pk, card_table.pk]),
                    ["Call the organizer", "Why?", "A few words (optional)"],
                ),
            },
        ),
        (
            at_online,
            {
                "online-call": (
                    reverse("tournaments:call_organizer", args=[evening.pk, online.pk]),
                    ["Table 4, round 1", "Call the organizer", "Back to table 4"],
                ),
            },
        ),
    ]


def test_the_club_year_pages_without_javascript(
    browser: Any, live_server: Any, ann: Any, scat: Any, django_user_model: Any
) -> None:
    readers = build(ann, scat, django_user_model)

    def no_register(name: str, page: Any, where: str) -> None:
        if name == "event-refused":
            # The refusal instead of a button that could only be refused.
            assert page.get_by_role("button", name="Register").count() == 0, where

    check_pages(browser, live_server, readers, shot_prefix="club-year-", extra=no_register)
