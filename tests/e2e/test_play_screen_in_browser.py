"""The play screen (issue 26): on your turn your hand and what you may do are on the
first screen, at 1366×768 and on a 390×844 phone, with JavaScript on and off -- also
right after a round ends, when the round's hands are shown too."""

from __future__ import annotations

from typing import Any

import pytest

from games import engine, services
from games.models import Game, RuleSet
from tests.e2e.conftest import OUTPUT
from tests.e2e.test_table_in_browser import logged_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def _simple_move(state: engine.GameState) -> str:
    """Knock at once in round 1 (so it ends soon); otherwise draw and discard the first card."""
    legal = [a.code for a in engine.legal_actions(state, state.turn)]
    if state.round_no == 1 and "knock" in legal:
        return "knock"
    for code in ("draw:stock", "stand"):
        if code in legal:
            return code
    return legal[0]


def game_on_my_turn_after_a_round(
    users: list[Any], rule_set: RuleSet, **changes: Any
) -> tuple[Game, int]:
    """A game of `users` (the first hosts it) played by the services until round 1 is
    over and it is the first user's turn in round 2, before their first move in it:
    the moment the round summary is shown on their turn."""
    host, *others = users
    table = services.create_table(
        owner=host,
        name="After a round",
        rule_set=rule_set,
        seat_count=len(users),
        changes=changes or None,
    )
    for user in others:
        services.join_table(table=table, user=user)
    game = services.start_game(table=table, by=host)
    seats = {p.user_id: p.position for p in game.players.all()}
    me = seats[host.pk]
    by_seat = {seats[u.pk]: u for u in users}
    for _ in range(200):
        game.refresh_from_db()
        state = game.engine_state()
        if state.last_round is not None and state.turn == me:
            return game, me
        seat = state.turn
        services.play(
            game_id=game.pk,
            user=by_seat[seat],
            action=_simple_move(state),
            expected_seq=game.seq,
        )
    raise AssertionError("round 1 did not end")


def _on_screen(page: Any, selector: str, viewport: dict[str, int]) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, f"{selector} is shown"
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], (
        f"{selector} at y={box['y']:.0f}..{box['y'] + box['height']:.0f} is off the first "
        f"{viewport['height']}px"
    )
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]
    return box


@pytest.mark.parametrize("js", [True, False], ids=["javascript", "no-javascript"])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_your_hand_and_the_prompt_are_on_the_first_screen_on_your_turn_after_a_round(
    browser: Any,
    live_server: Any,
    ann: Any,
    bob: Any,
    django_user_model: Any,
    scat: Any,
    js: bool,
    size: str,
) -> None:
    cy = django_user_model.objects.create_user("cy-with-a-longer-name")
    # House rules make the header longer: the worst case, with the turn timer's clock.
    game, _ = game_on_my_turn_after_a_round([ann, bob, cy], scat, lives=5)
    viewport = LAPTOP if size == "laptop" else PHONE
    context = logged_in(browser, live_server, ann, viewport=viewport, java_script_enabled=js)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/tables/{game.table_id}/")
        OUTPUT.mkdir(exist_ok=True)
        page.screenshot(path=str(OUTPUT / f"after-a-round-{size}-{'js' if js else 'nojs'}.png"))
        assert page.locator("#game-area[data-my-turn]").count()
        assert page.locator("#round-summary.round-summary--fresh").count(), "the hands are shown"
        hand = _on_screen(page, ".hand", viewport)
        prompt = _on_screen(page, ".prompt", viewport)
        _on_screen(page, ".pile button[name=action]", viewport)  # the stock: a move
        if page.locator(".actions-bar").count():
            _on_screen(page, ".actions-bar", viewport)  # knock
        assert hand["y"] < prompt["y"]
        if size == "phone":
            # The line that says what the round cost is on the first screen too, and
            # links to the hands under the table.
            _on_screen(page, ".round-news", viewport)
            assert page.locator(".round-news a[href='#round-summary']").count()
        else:
            _on_screen(page, "#round-summary h2", viewport)  # beside the table
    finally:
        context.close()
