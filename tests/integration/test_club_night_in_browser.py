"""A club evening in real browsers on real processes
(docs/club-night.md#the-evening-tested): Chromium on a Daphne process and a Celery
worker (PostgreSQL, Redis). An organizer runs a two-round Swiss event of nine players
from the console; eight play in browsers -- four on 390×844 phones, two with JavaScript
off -- from wherever they happen to be (the lobby, their profile, the club's page, the
event's page) and one never comes. A projector view is open on the room's screen.

When a round starts, each player reaches their seat through the call at the top of
their page (pushed, or shown on the next refresh without JavaScript), and their first
turn waits for them; the organizer lets a bot play for the no-show and gives the seat
back; a break with an announcement shows on the projector and on a player's table; at
the end the event page shows the podium and each player their own line. Prints how
long each player took from the round's start to opening their table.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.db import connections
from django.utils import timezone
from playwright.sync_api import Error as PlaywrightError

from clubs.models import Membership
from games import engine
from games import services as games
from games.engine.bots import BaselineBot
from games.errors import ServiceError
from games.models import Game, GameEvent, GamePlayer
from tests.e2e.conftest import OUTPUT, PHONE, open_chromium
from tests.integration.helpers import (
    Daphne,
    Worker,
    live_env,
    running,
    session_of,
    tasks_go_to_workers,
    wait_until,
)
from tournaments import services
from tournaments.models import Event, Round, RoundSeat

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

DESKTOP = {"width": 1366, "height": 768}
SCREEN = {"width": 1920, "height": 1080}
CALL = "#calls .call--urgent a"
# From the round's start to opening the table: the target for every player.
REACH_SECONDS = 10
# Where each player is when the round starts: (page, phone?, JavaScript?).
WHERE = [
    ("lobby", True, True),
    ("profile", True, True),
    ("event", True, True),
    ("event", True, False),
    ("club", False, True),
    ("lobby", False, True),
    ("event", False, True),
    ("event", False, False),
]


@pytest.fixture
def night(
    club: Any, members: list[Any], ann: Any, scat: Any, django_user_model: Any
) -> tuple[Event, list]:
    """Kitchen Night: two rounds of Swiss, a 30 s turn timer; nine players registered."""
    players = list(members)
    for name in ("p8", "p9"):
        user = django_user_model.objects.create_user(name, password="x" * 12)
        Membership.objects.create(club=club, user=user)
        players.append(user)
    event = services.create_event(
        club=club,
        by=ann,
        rule_set=scat,
        name="Kitchen Night",
        starts_at=timezone.now() + timedelta(minutes=5),
        rounds=2,
        turn_timer=30,
        advance=Event.MANUAL,
        table_size=4,
        table_min=3,
        table_max=5,
    )
    for player in players:
        services.register(event=event, user=player)
    return event, players


@pytest.fixture
def web(postgres: None, redis_url: str, tmp_path: Path) -> Iterator[Daphne]:
    environ = live_env(redis_url, tmp_path)
    server = Daphne("daphne", environ, tmp_path)
    with tasks_go_to_workers(), running(server, Worker("worker", environ, tmp_path)):
        yield server


def _context(browser: Any, web: Daphne, user: Any, phone: bool, js: bool) -> Any:
    context = browser.new_context(
        viewport=PHONE if phone else DESKTOP, java_script_enabled=js, timezone_id="UTC"
    )
    if user is not None:
        context.add_cookies([{"name": "sessionid", "value": session_of(user), "url": web.http}])
    return context


def _reach_seats(pages: dict[Any, Any], round_: Round, timeout: float = 40) -> dict[str, float]:
    """Each player's page follows its call to the table (JavaScript: as soon as it is
    pushed; without: once the page has reloaded itself); returns each player's seconds
    from the round's start to their arrival (`GamePlayer.arrived_at`)."""
    tables = {
        player.user: player.game.table.get_absolute_url()
        for player in GamePlayer.objects.filter(
            game__event_table__round=round_, user__in=list(pages)
        ).select_related("game__table", "user")
    }
    deadline = time.monotonic() + timeout
    while waiting := [user for user, page in pages.items() if not page.url.endswith(tables[user])]:
        if time.monotonic() > deadline:
            raise AssertionError(f"not at their tables: {waiting}")
        for user in waiting:
            call = pages[user].locator(CALL)
            try:
                if call.count():
                    call.first.click(no_wait_after=True, timeout=2_000)
            except PlaywrightError:  # the page was reloading itself: try again
                pass
        time.sleep(0.1)
    round_.refresh_from_db()
    found = {}
    for user in pages:
        player = GamePlayer.objects.get(game__event_table__round=round_, user=user)
        wait_until(lambda p=player: _arrived(p), f"{user} at their table", timeout=15)
        player.refresh_from_db()
        found[user.username] = (player.arrived_at - round_.started_at).total_seconds()
    return found


def _goto(page: Any, url: str) -> None:
    """Go to `url`, even while the page is reloading itself (without JavaScript)."""
    for _ in range(5):
        try:
            page.goto(url)
            return
        except PlaywrightError:
            time.sleep(0.2)
    page.goto(url)


def _press(page: Any, name: str, *, exact: bool = False) -> None:
    """Press the form button called `name` (the first, if several) and wait for the page
    it leads to: the next step must not start while the form's answer is on its way."""
    with page.expect_navigation():
        page.get_by_role("button", name=name, exact=exact).first.click()


def _arrived(player: GamePlayer) -> bool:
    player.refresh_from_db(fields=["arrived_at"])
    return player.arrived_at is not None


def _play_out(round_: Round) -> None:
    """Every game of the round played to its end here, each person's move the baseline
    bot's choice; a move a worker made first (a bot, a timer) is simply read again."""
    chooser = BaselineBot()
    for game_id in Game.objects.filter(event_table__round=round_).values_list("pk", flat=True):
        for _ in range(5000):
            game = Game.objects.get(pk=game_id)
            if not game.in_play:
                break
            state = game.engine_state()
            player = game.players.get(position=state.turn)
            try:
                if player.played_by_machine:
                    games.play_for_bot(game_id=game_id, expected_seq=game.seq)
                else:
                    action = chooser.choose(engine.observation(state, state.turn)).code
                    games.play(
                        game_id=game_id, user=player.user, action=action, expected_seq=game.seq
                    )
            except ServiceError:
                continue  # the worker moved first
        else:  # pragma: no cover
            raise AssertionError(f"game {game_id} did not end")


def _report(label: str, seconds: dict[str, float], no_js: set[str]) -> None:
    shown = ", ".join(
        f"{name}{' (no JS)' if name in no_js else ''} {value:.1f} s"
        for name, value in sorted(seconds.items())
    )
    print(
        f"\n{label}: median {statistics.median(seconds.values()):.1f} s, "
        f"max {max(seconds.values()):.1f} s — {shown}"
    )


def test_a_club_night_from_the_call_to_the_podium(
    web: Daphne, night: tuple[Event, list], ann: Any
) -> None:
    event, players = night
    at_home, no_show = players[:8], players[8]
    no_js = {user.username for user, (_, _, js) in zip(at_home, WHERE, strict=True) if not js}
    OUTPUT.mkdir(exist_ok=True)
    with open_chromium() as browser:
        try:
            organizer = _context(browser, web, ann, phone=False, js=True).new_page()
            organizer.goto(f"{web.http}/tournaments/{event.pk}/manage/")
            screen = browser.new_context(viewport=SCREEN).new_page()
            screen.goto(f"{web.http}/tournaments/{event.pk}/screen/")
            pages = {}
            for user, (where, phone, js) in zip(at_home, WHERE, strict=True):
                page = _context(browser, web, user, phone, js).new_page()
                page.goto(
                    web.http
                    + {
                        "lobby": "/",
                        "profile": "/accounts/profile/",
                        "club": "/clubs/kitchen/",
                        "event": f"/tournaments/{event.pk}/",
                    }[where]
                )
                pages[user] = page

            # Round 1: the organizer seats it and starts it from the console.
            _press(organizer, "Start the event (seat round 1)")
            _press(organizer, "Start round 1 now")
            round_1 = event.round_set.get(number=1)
            wait_until(lambda: Round.objects.get(pk=round_1.pk).status == Round.PLAYING, "round 1")
            first_phone = pages[at_home[0]]
            first_phone.locator(CALL).wait_for(timeout=REACH_SECONDS * 1000)
            assert first_phone.title().startswith("▶ Your game is ready: table")
            first_phone.screenshot(path=str(OUTPUT / "club-night-call-phone.png"))
            reached = _reach_seats(pages, round_1)
            _report("Round 1, start to seat", reached, no_js)
            assert max(reached.values()) <= REACH_SECONDS, reached
            # No one lost their first turn: no timer ran out, no one was marked away.
            lost = GameEvent.objects.filter(
                game__event_table__round=round_1, kind__in=("turn_timed_out", "player_away")
            )
            assert not lost.exists(), list(lost.values_list("kind", "seat", "data"))

            # The no-show: a bot plays for them this round, and the seat is given back.
            name = no_show.username
            _goto(organizer, organizer.url)
            organizer.set_viewport_size(PHONE)
            organizer.screenshot(path=str(OUTPUT / "club-night-console-phone.png"), full_page=True)
            organizer.set_viewport_size(DESKTOP)
            organizer.screenshot(path=str(OUTPUT / "club-night-console-desktop.png"))
            _press(organizer, f"A bot plays for {name} this round")
            absent = GamePlayer.objects.get(game__event_table__round=round_1, user=no_show)
            wait_until(
                lambda: GamePlayer.objects.filter(pk=absent.pk, away_reason="event").exists(),
                "the bot standing in",
            )
            _press(organizer, f"Give {name} their seat back")
            wait_until(
                lambda: GamePlayer.objects.filter(pk=absent.pk, away=False).exists(),
                "the seat given back",
            )
            _play_out(round_1)
            # The game-over page each player's last move would have brought them (without
            # JavaScript, the page of a player's own turn waits for their form, and they
            # did not play here).
            for user, page in pages.items():
                if user.username in no_js:
                    _goto(page, page.url)
            wait_until(
                lambda: event.round_set.filter(number=2).exists(), "round 2 seated", timeout=30
            )

            # A break before round 2, and an announcement: on the screen and at a table.
            _goto(organizer, f"{web.http}/tournaments/{event.pk}/manage/")
            _press(organizer, "5 min", exact=True)
            organizer.get_by_role("textbox", name="Announcement").fill("Pizza is in the kitchen")
            _press(organizer, "Announce")
            screen.locator("#projector-live", has_text="Pizza is in the kitchen").wait_for(
                timeout=10_000
            )
            screen.locator("#projector-live", has_text="Round 2 starts at").wait_for()
            screen.screenshot(path=str(OUTPUT / "club-night-screen-break.png"))
            at_table = pages[at_home[0]]
            at_table.locator("#calls", has_text="Pizza is in the kitchen").wait_for(timeout=10_000)
            at_table.locator("#calls", has_text="Break at Kitchen Night").wait_for()
            at_table.screenshot(path=str(OUTPUT / "club-night-table-announcement-phone.png"))

            # Round 2 starts early; everyone is called again, wherever they are now.
            _press(organizer, "Start round 2 now")
            round_2 = event.round_set.get(number=2)
            wait_until(lambda: Round.objects.get(pk=round_2.pk).status == Round.PLAYING, "round 2")
            reached = _reach_seats(pages, round_2)
            _report("Round 2, start to seat", reached, no_js)
            assert max(reached.values()) <= REACH_SECONDS, reached
            _play_out(round_2)
            wait_until(
                lambda: Event.objects.get(pk=event.pk).status == Event.FINISHED,
                "the event's end",
                timeout=30,
            )

            # The end of the evening: the podium, and each player's own line.
            field = len(players)
            for user, page in pages.items():
                _goto(page, f"{web.http}/tournaments/{event.pk}/")
                assert page.locator("ol.podium, .podium").count(), "the podium"
                line = page.get_by_text(f" of {field} — ")
                assert line.count() and line.first.inner_text().startswith("You finished"), user
            pages[at_home[0]].screenshot(path=str(OUTPUT / "club-night-podium-phone.png"))
            seated = RoundSeat.objects.filter(table__round=round_2, entry__isnull=False).count()
            assert seated == field
        finally:
            connections.close_all()
