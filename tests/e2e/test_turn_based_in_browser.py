"""Turn-based tables in a real browser (docs/tables.md#the-clock-in-tests): ann (JavaScript on, a
laptop) and bob (JavaScript off, a phone) play three games at once, 24 hours a move,
over several days. Each is told when it is their move -- on the site (the header's
count, their list of games) and by `games.signals.turn_waiting`, which the
notifications app turns into mail -- and when bob lets one move's time run out, the
sweep has a bot play that turn and tells ann it is hers.

The days pass on a moved clock (tests/clock.py): the site runs in this process
(pytest-django's `live_server` is a thread of it), so the server reads the same clock,
and the test runs the sweep itself, as Celery beat would every few seconds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.utils import timezone

from games import services, signals, tasks, turn_based
from games.models import Game, GameEvent, GamePlayer, Table
from notifications.models import Notification
from tests.clock import MovedClock
from tests.e2e.conftest import goto_past_reloads
from tests.e2e.test_accessibility_in_browser import axe_violations
from tests.e2e.test_play_screen_in_browser import LAPTOP, PHONE
from tests.e2e.test_table_in_browser import choose_move, logged_in, make_move

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LONG = 30_000  # ms: a generous wait on a machine shared with other test runs


@pytest.fixture
def told() -> Iterator[list[tuple[int, int]]]:
    """(game id, user id) of each `turn_waiting`, in order."""
    heard: list[tuple[int, int]] = []

    def receiver(sender: Any, game_id: int, table_id: int, user_id: int, **kwargs: Any) -> None:
        heard.append((game_id, user_id))

    signals.turn_waiting.connect(receiver, dispatch_uid="e2e.turn_waiting")
    yield heard
    signals.turn_waiting.disconnect(dispatch_uid="e2e.turn_waiting")


class Player:
    """One person's browser: ann's with JavaScript, bob's without."""

    def __init__(self, user: Any, page: Any, base: str, js: bool) -> None:
        self.user, self.page, self.base, self.js = user, page, base, js

    def goto(self, path: str) -> None:
        """Open `path` on this site (after a move the table page may still be loading
        itself again)."""
        goto_past_reloads(self.page, f"{self.base}{path}")

    def header(self) -> str:
        """What the header says of their games waiting, on a page drawn now."""
        self.goto("/rules/")
        found = self.page.locator(".turns-waiting")
        return found.inner_text().strip() if found.count() else ""

    def play_a_turn(self, game: Game) -> None:
        """From their list of games, to this game's table, and one whole turn there."""
        self.goto("/turns/")
        card = self.page.locator(".table-card", has_text=game.table.name)
        card.get_by_role("link", name="Play your move").click()
        self.page.wait_for_url(f"{self.base}/tables/{game.table_id}/", timeout=LONG)
        start = turn_of(game)
        for _ in range(6):
            if turn_of(game) != start:
                return
            self.page.wait_for_selector("#game-area[data-my-turn]", timeout=LONG)
            move = choose_move(self.page)
            assert move is not None, "their move: the buttons are there"
            make_move(self.page, move, self.js)
        raise AssertionError("a turn of more than six moves")


def turn_of(game: Game) -> tuple[int | None, int, int]:
    game.refresh_from_db()
    state = game.engine_state()
    return state.turn, state.round_no, state.turns_taken


def on_turn(game: Game) -> Any:
    game.refresh_from_db()
    return GamePlayer.objects.get(game=game, position=game.engine_state().turn).user


def told_on_the_site(player: Player) -> None:
    """The header says how many games wait for their move; their list puts those
    first. (The test's end checks the site's notifications and the mails.)"""
    waiting = turn_based.waiting_count(player.user)
    header = player.header()
    if not waiting:
        assert header == ""
        return
    plural = "" if waiting == 1 else "s"
    assert header.startswith(f"{waiting} game{plural} waiting for your move")
    player.goto("/turns/")
    badges = player.page.locator(".table-card .badges").all_inner_texts()
    assert [b.strip() for b in badges[:waiting]] == ["YOUR MOVE"] * waiting


def test_two_players_play_three_turn_based_games_over_days_and_a_bot_plays_a_missed_turn(
    browser: Any,
    live_server: Any,
    ann: Any,
    bob: Any,
    scat: Any,
    monkeypatch: pytest.MonkeyPatch,
    told: list[tuple[int, int]],
    shoot: Any,
) -> None:
    clock = MovedClock(monkeypatch)
    base = live_server.url
    for user in (ann, bob):  # mail goes to verified addresses only (notifications.mail)
        EmailAddress.objects.create(
            user=user, email=f"{user.username}@example.com", verified=True, primary=True
        )
    laptop = logged_in(browser, live_server, ann, viewport=LAPTOP)
    phone = logged_in(browser, live_server, bob, viewport=PHONE, java_script_enabled=False)
    players = {
        ann.pk: Player(ann, laptop.new_page(), base, js=True),
        bob.pk: Player(bob, phone.new_page(), base, js=False),
    }
    ann_page, bob_page = players[ann.pk].page, players[bob.pk].page

    # Ann opens the first table from the lobby's form, 24 hours a move; bob joins it
    # from the lobby without JavaScript; she deals.
    ann_page.goto(f"{base}/")
    ann_page.fill("#id_name", "Lunch 1")
    ann_page.select_option("#id_seat_count", "2")
    ann_page.select_option("#id_turn_timer", "86400")
    ann_page.locator(".form-actions button[value=create]").click()
    ann_page.wait_for_url(f"{base}/tables/*/", timeout=LONG)
    first = Table.objects.get(name="Lunch 1")
    assert (first.move_hours, first.turn_timer) == (24, 0)
    bob_page.goto(f"{base}/")
    bob_page.locator(".table-card", has_text="Lunch 1").get_by_role("button", name="Join").click()
    bob_page.wait_for_url(f"{base}/tables/{first.pk}/", timeout=LONG)
    ann_page.goto(f"{base}/tables/{first.pk}/")
    ann_page.get_by_role("button", name="Start the game").click()
    ann_page.wait_for_selector("#game-area", timeout=LONG)
    # Two more, opened the same way through the services.
    for name in ("Lunch 2", "Lunch 3"):
        table = services.create_table(
            owner=ann, name=name, rule_set=scat, seat_count=2, move_hours=24
        )
        services.join_table(table=table, user=bob)
        services.start_game(table=table, by=ann)
    games = [Game.objects.get(table__name=f"Lunch {n}") for n in (1, 2, 3)]
    assert told == [(g.pk, on_turn(g).pk) for g in games], "each first player, at the deal"
    for player in players.values():
        told_on_the_site(player)
    shoot(bob_page, "turn-based-list")
    bob_page.goto(f"{base}/")
    shoot(bob_page, "turn-based-lobby")

    # Three days of lunch breaks: whoever's move it is plays it, in every game; on the
    # third, bob leaves Lunch 3 for later.
    missed = games[2]
    for day in range(3):
        for game in games:
            mover = on_turn(game)
            if day == 2 and game == missed and mover != bob:
                players[mover.pk].play_a_turn(game)  # ann's move: then it is bob's
                mover = on_turn(game)
            if day == 2 and game == missed:
                assert mover == bob
                continue
            before = len(told)
            players[mover.pk].play_a_turn(game)
            waiting = on_turn(game)
            assert waiting != mover
            assert told[before:] == [(game.pk, waiting.pk)], "told once, the other one"
        for player in players.values():
            told_on_the_site(player)
        clock.advance(hours=6)

    # Bob's move at Lunch 3 runs out before the others' (they were played six hours
    # later): the next sweep after its deadline has a bot play it, and ann is told.
    deadline = Game.objects.get(pk=missed.pk).turn_deadline
    later = [Game.objects.get(pk=g.pk).turn_deadline for g in games[:2]]
    assert all(deadline < other for other in later)
    clock.advance(seconds=(deadline - timezone.now()).total_seconds() - 60)
    tasks.sweep()
    assert on_turn(missed) == bob, "a minute is left"
    clock.advance(minutes=2)
    before, seq = len(told), Game.objects.get(pk=missed.pk).seq
    tasks.sweep()
    assert [e.kind for e in GameEvent.objects.filter(game=missed, seq__gt=seq)][:1] == [
        "turn_timed_out"
    ]
    assert not GameEvent.objects.filter(game__in=games[:2], kind="turn_timed_out").exists()
    assert on_turn(missed) == ann
    assert told[before:] == [(missed.pk, ann.pk)]
    bob_page.goto(f"{base}/tables/{missed.table_id}/")
    assert "Your time ran out" in bob_page.locator("#game-area").inner_text()
    assert bob_page.locator(".tag--bot").count() >= 1, "the bot's moves are marked"
    shoot(bob_page, "turn-based-table-after-a-timeout")
    told_on_the_site(players[ann.pk])
    # axe-core runs in the page: on ann's (JavaScript on), at both sizes.
    for path in ("/turns/", "/", f"/tables/{missed.table_id}/"):
        for size in (LAPTOP, PHONE):
            ann_page.set_viewport_size(size)
            players[ann.pk].goto(path)
            assert axe_violations(ann_page) == [], (path, size)
    players[ann.pk].goto("/turns/")
    shoot(ann_page, "turn-based-list-js")
    players[ann.pk].goto(f"/tables/{missed.table_id}/")
    assert "Your time for this move runs out on" in ann_page.locator("#game-area").inner_text()
    shoot(ann_page, "turn-based-table-your-move")
    # Each "your turn" was in the site's notifications and a mail (the memory backend).
    for user in (ann, bob):
        turns = [game_id for game_id, user_id in told if user_id == user.pk]
        site = Notification.objects.filter(user=user, kind="your_turn")
        assert site.count() == len(turns) > 0
        mails = [m for m in mail.outbox if m.to == [f"{user.username}@example.com"]]
        assert len([m for m in mails if m.subject.startswith("Your turn")]) == len(turns)
    for player in players.values():
        player.page.context.close()
