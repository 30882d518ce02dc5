"""Playing in a real browser: signing up, opening a table, whole games against bots with
JavaScript on and off, and two people at one table who each see only their own hand."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from games import engine, services
from games.engine.bots import BaselineBot
from games.models import Game, Table
from games.services import sources
from tests.e2e.conftest import DESKTOP

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-pass-phrase-31"
SCAT = engine.Rules.preset("scat")
# Moves (and waits) a whole game of Scat against two bots may take: some ten rounds of
# a few dozen each.
MAX_MOVES = 2000


def sign_up(page: Any, base: str, username: str) -> None:
    page.goto(f"{base}/accounts/signup/")
    page.fill("#id_username", username)
    page.fill("#id_password1", PASSWORD)
    page.fill("#id_password2", PASSWORD)
    page.locator("main form button[type=submit]").last.click()
    page.wait_for_url(f"{base}/")


def log_in(page: Any, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", username)
    page.fill("#id_password", password)
    page.locator("main form button[type=submit]").last.click()
    page.wait_for_url(f"{base}/")


def open_table_with_two_easy_bots(page: Any, base: str) -> None:
    """The lobby's form for a new table: Scat as it comes (three lives and the county),
    three seats, two easy bots."""
    page.goto(f"{base}/tables/new/?preset=scat")
    page.fill("#id_name", "Browser table")
    page.select_option("#id_seat_count", "3")
    page.select_option("#id_bots", "2")
    page.select_option("#id_bot_level", "easy")
    page.locator(".form-actions button[value=create]").click()
    page.wait_for_url(f"{base}/tables/*/")


def _value(codes: list[str]) -> float:
    return engine.hand_value(engine.parse_cards(codes), SCAT)


def choose_move(page: Any) -> str | None:
    """A simple player: keep the best hand, take a discard that helps, knock on 24."""
    values = page.locator("#game-area button[name=action]").evaluate_all(
        "buttons => buttons.map(b => b.value)"
    )
    if not values:
        return None
    hand = page.locator(".hand [data-card]").evaluate_all("cards => cards.map(c => c.dataset.card)")
    discards = [v for v in values if v.startswith("discard:") and not v.endswith(":knock")]
    if discards:
        return max(discards, key=lambda v: _value([c for c in hand if c != v[8:]]))
    if "knock" in values and _value(hand) >= 24:
        return "knock"
    if "draw:discard" in values:
        top = page.locator(".pile--discard [data-card]").get_attribute("data-card")
        best = max(_value([c for c in hand + [top] if c != out]) for out in hand)
        if best >= _value(hand) + 3:
            return "draw:discard"
    if "draw:stock" in values:
        return "draw:stock"
    return values[0]


def make_move(page: Any, value: str, js: bool) -> None:
    button = page.locator(f"#game-area button[name=action][value='{value}']").first
    if not js:
        with page.expect_navigation():
            button.click()
        return
    # The answer (the move's parts out of band, or the whole area) replaces the part the
    # button is in: wait until the button we clicked is gone.
    button.evaluate("button => { button.dataset.clicked = 'yes'; }")
    button.click()
    page.wait_for_function("!document.querySelector('#game-area [data-clicked]')")


def play_to_the_end(page: Any, js: bool, shoot: Any, name: str) -> list[str]:
    """Play until the game has a winner; return the round summaries seen."""
    summaries: list[str] = []
    shots = {"turn", "discard"}
    for _ in range(MAX_MOVES):
        fresh = page.locator(".round-summary--fresh .round-summary__text")
        if fresh.count() and fresh.inner_text() not in summaries:
            summaries.append(fresh.inner_text())
            if len(summaries) == 1:
                shoot(page, f"{name}-round-summary")
        if page.locator(".game-over").count():
            return summaries
        move = choose_move(page)
        if move is None:  # others are playing: the page catches up by itself
            page.wait_for_timeout(500)
            if not js:
                page.reload()
            continue
        phase = "discard" if move.startswith("discard:") else "turn"
        if phase in shots:
            shots.discard(phase)
            shoot(page, f"{name}-{phase}")
        make_move(page, move, js)
    raise AssertionError(f"no winner after {MAX_MOVES} moves")


@pytest.mark.parametrize("js", [True, False], ids=["javascript", "no-javascript"])
def test_a_newcomer_signs_up_opens_a_table_and_plays_a_whole_game_against_two_bots(
    browser: Any, live_server: Any, presets: None, shoot: Any, js: bool
) -> None:
    name = "js" if js else "nojs"
    context = browser.new_context(java_script_enabled=js, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        sign_up(page, live_server.url, f"newcomer-{name}")
        open_table_with_two_easy_bots(page, live_server.url)
        assert page.get_by_text("Easy bot 2").count() and page.get_by_text("Easy bot 3").count()
        shoot(page, f"{name}-seats")
        with page.expect_navigation():
            page.get_by_role("button", name="Start the game").click()
        assert page.locator("#game-area .hand").count(), "your hand is on the table"
        summaries = play_to_the_end(page, js, shoot, name)
        assert summaries, "a round summary was shown"
        winner = page.locator(".game-over__text").inner_text()
        assert "wins the game" in winner or "win the game" in winner
        shoot(page, f"{name}-game-over")
        game = Game.objects.get(
            table__name="Browser table", table__owner__username=f"newcomer-{name}"
        )
        assert game.status == Game.FINISHED
        assert page.get_by_role("button", name="Play again").count()
    finally:
        context.close()


def _hidden_names(state: engine.GameState, seat: int) -> set[str]:
    """The names of the other player's cards this seat may not see now."""
    visible = set(state.hands[seat]) | set(state.discard[-1:])
    return {
        c.name
        for other, hand in enumerate(state.hands)
        if other != seat
        for c in hand
        if c not in visible
    }


def test_two_people_at_one_table_each_see_only_their_own_hand(
    browser: Any, live_server: Any, ann: Any, bob: Any, scat: Any, shoot: Any
) -> None:
    table = services.create_table(owner=ann, name="Two of us", rule_set=scat, seat_count=2)
    services.join_table(table=table, user=bob)
    url = f"{live_server.url}{table.get_absolute_url()}"
    contexts = [browser.new_context(viewport={"width": 390, "height": 844}) for _ in range(2)]
    pages = [context.new_page() for context in contexts]
    try:
        for page, user in zip(pages, ("ann", "bob"), strict=True):
            log_in(page, live_server.url, user, "cards-on-the-table")
            page.goto(url)
        with pages[0].expect_navigation():
            pages[0].get_by_role("button", name="Start the game").click()
        pages[1].wait_for_selector("#game-area", timeout=10_000)  # bob's page polls
        game = Game.objects.get(table=table)
        for turn in itertools.count():
            game.refresh_from_db()
            state = game.engine_state()
            if state.last_round is not None:
                break
            assert turn < 60, "the round ended"
            seat = state.turn
            page = pages[seat]
            page.wait_for_selector(f"#game-area[data-seq='{game.seq}']", timeout=10_000)
            for viewer, other_page in enumerate(pages):
                if other_page.locator(f"#game-area[data-seq='{game.seq}']").count():
                    html = other_page.content()
                    assert not [n for n in _hidden_names(state, viewer) if n in html]
                    assert all(
                        f'aria-label="{c.name}"' in html or f', {c.name}"' in html
                        for c in state.hands[viewer]
                    ), "your own hand is shown"
            if turn == 2:
                shoot(page, "two-players")
            move = choose_move(page)
            if (
                move == "draw:stock"
                and turn >= 4
                and "knock"
                in page.locator("#game-area button[name=action]").evaluate_all(
                    "bs => bs.map(b => b.value)"
                )
            ):
                move = "knock"
            make_move(page, move, js=True)
        for page in pages:
            page.wait_for_selector(".round-summary", timeout=10_000)
        shoot(pages[0], "two-players-round-over")
        assert Table.objects.get(pk=table.pk).games.get().events.filter(kind="round_ended")
    finally:
        for context in contexts:
            context.close()


def logged_in(browser: Any, live_server: Any, user: Any, **options: Any) -> Any:
    """A browser context with `user`'s session (the log-in form is tested above)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(**options)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "url": live_server.url, "value": cookie}]
    )
    return context


def test_cards_are_picked_to_exchange_with_the_widow_and_to_discard_several(
    browser: Any, live_server: Any, ann: Any, bob: Any, scat: Any, shoot: Any
) -> None:
    table = services.create_table(
        owner=ann,
        name="Picks",
        rule_set=scat,
        seat_count=2,
        changes={"widow": True, "hidden_discards": True},
    )
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=ann)
    first = game.engine_state().turn
    pages = [
        logged_in(browser, live_server, user, viewport=DESKTOP).new_page() for user in (ann, bob)
    ]
    try:
        for page in pages:
            page.goto(f"{live_server.url}{table.get_absolute_url()}")
        page = pages[first]
        make_move(page, "widow", js=True)
        given = page.locator(".hand .pick-card input").first.get_attribute("value")
        taken = page.locator(".widow .pick-card input").first.get_attribute("value")
        page.locator(".hand .pick-card").first.click()
        page.locator(".widow .pick-card").first.click()
        shoot(page, "pick-widow")
        make_move(page, "exchange", js=True)
        game.refresh_from_db()
        state = game.engine_state()
        assert engine.parse_card(taken) in state.hands[first]
        assert engine.parse_card(given) in state.widow

        page = pages[1 - first]
        page.wait_for_selector(f"#game-area[data-seq='{game.seq}']", timeout=10_000)
        make_move(page, "draw:stock", js=True)
        # One card would be one click on it; several are picked in their own box.
        page.locator(".discard-several summary").click()
        cards = page.locator(".pick-list input").evaluate_all("i => i.map(e => e.value)")
        page.locator(".pick-list label").nth(0).click()
        page.locator(".pick-list label").nth(1).click()
        page.select_option("select[name=top]", cards[0])
        shoot(page, "pick-discards")
        make_move(page, "discard", js=True)
        game.refresh_from_db()
        assert game.engine_state().discard[-2:] == engine.parse_cards([cards[1], cards[0]])
    finally:
        for page in pages:
            page.context.close()


def test_without_javascript_a_waiting_players_page_reloads_itself(
    browser: Any, live_server: Any, ann: Any, bob: Any, scat: Any
) -> None:
    table = services.create_table(owner=ann, name="Reloads", rule_set=scat, seat_count=2)
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=ann)
    state = game.engine_state()
    mover, waiter = state.turn, 1 - state.turn
    context = logged_in(browser, live_server, (ann, bob)[waiter], java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}{table.get_absolute_url()}")
        assert page.locator(f"#game-area[data-seq='{game.seq}']").count()
        services.play(
            game_id=game.pk, user=(ann, bob)[mover], action="draw:stock", expected_seq=game.seq
        )
        page.wait_for_selector(f"#game-area[data-seq='{game.seq + 1}']", timeout=8_000)
    finally:
        context.close()


def test_in_a_background_tab_the_title_says_your_turn_and_your_own_clock_ticks(
    browser: Any, live_server: Any, ann: Any, bob: Any, scat: Any, monkeypatch: Any
) -> None:
    monkeypatch.setattr(sources, "new_deck_source", lambda: engine.SeededDeckSource(7))
    table = services.create_table(owner=ann, name="Clock", rule_set=scat, seat_count=2)
    assert table.turn_timer == 60, "the default"
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=ann)
    users = (ann, bob)
    mover = game.engine_state().turn
    context = logged_in(browser, live_server, users[1 - mover])
    # The tab is in the background from the start.
    context.add_init_script(
        "Object.defineProperty(document, 'hidden', {get: () => true});"
        "Object.defineProperty(document, 'visibilityState', {get: () => 'hidden'});"
    )
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}{table.get_absolute_url()}")
        assert page.locator(f"#game-area[data-seq='{game.seq}']").count()
        assert not page.title().startswith("Your turn")
        while game.engine_state().turn == mover:  # the other player's whole turn
            action = BaselineBot().choose(engine.observation(game.engine_state(), mover))
            services.play(
                game_id=game.pk, user=users[mover], action=action.code, expected_seq=game.seq
            )
            game.refresh_from_db()
        page.wait_for_function("document.title.startsWith('Your turn · ')", timeout=10_000)
        clock = page.locator(".my-clock [data-deadline]")
        shown = int(clock.text_content())
        page.wait_for_function(
            f"Number(document.querySelector('.my-clock [data-deadline]').textContent) < {shown}",
            timeout=5_000,
        )
        assert "UTC" not in page.locator(".my-clock-text time").text_content(), "in local time"
    finally:
        context.close()


def test_the_host_ends_the_game_from_a_page_that_has_moved_on_since_it_was_loaded(
    browser: Any, live_server: Any, ann: Any, bob: Any, scat: Any, monkeypatch: Any
) -> None:
    """The controls post the seq of the table shown now (static/js/live.js), not the
    one the page was loaded at: the host's "end the game" is about what they see."""
    monkeypatch.setattr(sources, "new_deck_source", lambda: engine.SeededDeckSource(7))
    table = services.create_table(owner=ann, name="Ending", rule_set=scat, seat_count=2)
    services.join_table(table=table, user=bob)
    game = services.start_game(table=table, by=ann)
    while game.engine_state().turn == 0:  # ann's page polls fast while she waits
        action = BaselineBot().choose(engine.observation(game.engine_state(), 0))
        services.play(game_id=game.pk, user=ann, action=action.code, expected_seq=game.seq)
        game.refresh_from_db()
    context = logged_in(browser, live_server, ann)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}{table.get_absolute_url()}")
        loaded_at = game.seq
        action = BaselineBot().choose(engine.observation(game.engine_state(), 1))
        services.play(game_id=game.pk, user=bob, action=action.code, expected_seq=game.seq)
        page.wait_for_selector(f"#game-area[data-seq='{loaded_at + 1}']", timeout=10_000)
        page.get_by_text("End the game…").click()
        with page.expect_navigation():
            page.get_by_role("button", name="End the game now").click()
        assert "The host ended the game" in page.content()
        game.refresh_from_db()
        assert (game.status, game.end_reason) == (Game.ENDED, "host")
    finally:
        context.close()
