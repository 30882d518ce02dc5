"""Steps the event tests take in the browser alike: the organizer opens the club and
creates the event, and players join the club and register with JavaScript off."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from clubs.models import Club, Membership
from tests.e2e.test_table_in_browser import logged_in
from tournaments import services as events
from tournaments.models import Event


def open_the_club(page: Any, live_server: Any) -> None:
    """The organizer (on `page`) creates the Kitchen Club, open to all, and is on its page."""
    page.goto(f"{live_server.url}/clubs/")
    page.get_by_label("Club name").fill("Kitchen Club")
    page.get_by_label("Who may join").select_option("open")
    page.get_by_role("button", name="Create the club").click()
    page.wait_for_url("**/clubs/kitchen-club/")


def create_the_event(page: Any) -> None:
    """The organizer, on the create form filled with the event's own fields, sets the
    start (7 January 2030, 19:30 UTC) and no turn timer, creates it, and is on its page."""
    page.get_by_label("Starts at").fill("2030-01-07T19:30")
    page.get_by_label("Turn timer").select_option("0")
    page.get_by_role("button", name="Create").click()
    page.wait_for_url("**/tournaments/*/")


def join_and_register_without_js(
    browser: Any, live_server: Any, event: Event, players: list[Any]
) -> None:
    """Each of `players` joins the club and registers for `event` with JavaScript off,
    in a browser context of their own, and sees the Withdraw button."""
    for player in players:
        context = logged_in(browser, live_server, player, java_script_enabled=False)
        mine = context.new_page()
        mine.goto(f"{live_server.url}/clubs/kitchen-club/")
        mine.get_by_role("button", name="Join Kitchen Club").click()
        mine.goto(f"{live_server.url}{event.get_absolute_url()}")
        mine.get_by_role("button", name="Register").click()
        assert mine.get_by_role("button", name="Withdraw").is_visible()
        context.close()


def kitchen_club(
    owner: Any, users: Any, prefix: str = "", count: int = 0
) -> tuple[Club, list[Any]]:
    """The Kitchen Club, owned by `owner`, with `count` members named `prefix`1, 2, …
    (made through `users`, the user model's manager)."""
    club = Club.objects.create(name="Kitchen Club", slug="kitchen")
    Membership.objects.create(club=club, user=owner, role=Membership.OWNER)
    members = []
    for k in range(1, count + 1):
        user = users.create_user(f"{prefix}{k}", password="x" * 12)
        Membership.objects.create(club=club, user=user)
        members.append(user)
    return club, members


def card_swiss(
    club: Club, owner: Any, rule_set: Any, venue: str, rounds: int, name: str = "Cards night"
) -> Event:
    """A Swiss evening of `club` at tables of three with real cards (`venue`: cards or
    mixed), starting in an hour; the organizer starts each round; no bots, no clock."""
    return events.create_event(
        club=club,
        by=owner,
        name=name,
        rule_set=rule_set,
        starts_at=timezone.now() + timedelta(hours=1),
        venue=venue,
        advance=Event.MANUAL,
        bots_fill=False,
        rounds=rounds,
        table_size=3,
        table_min=3,
        table_max=3,
        turn_timer=0,
    )
